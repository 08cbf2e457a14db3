/**
 * The KIE simulator standalone on its own port, typed as it behaves. startKieSimulator's declared
 * answer intersects KieSimulator's synchronous close() with the HTTP server's async one, so
 * `close()` types as returning void although it returns the promise of the server closing: this
 * type keeps only the async one, and `await sim.close()` is what it looks like.
 */
import { startKieSimulator as startDeclared } from "../../src/server/simulator/index.js";

export type StandaloneKieSimulator = Omit<Awaited<ReturnType<typeof startDeclared>>, "close"> & { close(): Promise<void> };

export const startKieSimulator: (opts: Parameters<typeof startDeclared>[0]) => Promise<StandaloneKieSimulator> = startDeclared;
