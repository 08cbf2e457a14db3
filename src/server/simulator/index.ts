/**
 * A built-in KIE.ai Veo3 simulator: same paths, envelope and codes as api.kie.ai (and the file
 * upload host), so the product's real KIE client can run against it in demos and tests. It also
 * fakes Google's Gemini API for Veo (gemini-routes.ts), the second vendor, and Vertex AI
 * (vertex-routes.ts), the third, on the same base URL.
 * See docs/simulator.md for markers, timing and fault injection.
 */
import Fastify from "fastify";
import { withoutTrailingSlashes } from "../../shared/trim.js";
import { createCallbacks } from "./callbacks.js";
import type { SimContext } from "./context.js";
import { createFaults, createStats } from "./faults.js";
import { fileRoutes } from "./file-routes.js";
import { geminiRoutes } from "./gemini-routes.js";
import { marketRoutes } from "./market-routes.js";
import { moderationRoutes } from "./moderation-routes.js";
import type { KieSimulator, KieSimulatorOptions } from "./types.js";
import { uploadRoutes } from "./upload-routes.js";
import { veoRoutes } from "./veo-routes.js";
import { vertexRoutes } from "./vertex-routes.js";

export type * from "./types.js";

const DEFAULT_DELAY_MS = 4000;
const DEFAULT_HD_DELAY_MS = 6000;
const DEFAULT_FOUR_K_DELAY_MS = 8000;
const DEFAULT_LINK_TTL_MS = 600_000;

export function createKieSimulator(opts: KieSimulatorOptions): KieSimulator {
  return createWithContext(opts).sim;
}

function createWithContext(opts: KieSimulatorOptions): { sim: KieSimulator; ctx: SimContext } {
  const ctx: SimContext = {
    publicBaseUrl: withoutTrailingSlashes(opts.publicBaseUrl),
    delayMs: opts.delayMs ?? DEFAULT_DELAY_MS,
    hdDelayMs: opts.hdDelayMs ?? DEFAULT_HD_DELAY_MS,
    fourKDelayMs: opts.fourKDelayMs ?? DEFAULT_FOUR_K_DELAY_MS,
    linkTtlMs: opts.linkTtlMs ?? DEFAULT_LINK_TTL_MS,
    apiKey: opts.apiKey,
    uploadDir: opts.uploadDir,
    now: opts.now ?? Date.now,
    faults: createFaults(),
    stats: createStats(),
    accounts: new Map(),
    callbacks: createCallbacks(opts.webhookHmacKey),
    fourKRequests: new Map(),
    hdRequests: new Map(),
    gemini: {
      imageEncodings: ["bytesBase64Encoded", "inlineData"],
      seed: false,
      retiredModels: [],
      extraModels: {},
      ...opts.gemini,
    },
    vertex: { serviceAccounts: {}, retiredModels: [], ...opts.vertex },
  };
  const sim: KieSimulator = {
    // Not wrapped in fastify-plugin on purpose: its error handlers and parsers stay in its scope.
    plugin: async (app) => {
      await app.register(veoRoutes(ctx));
      await app.register(marketRoutes(ctx));
      await app.register(uploadRoutes(ctx));
      await app.register(fileRoutes(ctx));
      await app.register(moderationRoutes(ctx));
      await app.register(geminiRoutes(ctx));
      await app.register(vertexRoutes(ctx));
    },
    faults: ctx.faults,
    accounts: ctx.accounts,
    stats: ctx.stats,
    gemini: ctx.gemini,
    vertex: ctx.vertex,
    close: () => ctx.callbacks.close(),
  };
  return { sim, ctx };
}

/** The simulator on its own port: its base URL, and a close() that also stops the HTTP server. */
export type StandaloneKieSimulator = Omit<KieSimulator, "close"> & { baseUrl: string; close(): Promise<void> };

/** Standalone on 127.0.0.1 and a random port, for tests. */
export async function startKieSimulator(
  opts: Omit<KieSimulatorOptions, "publicBaseUrl"> & { publicBaseUrl?: string },
): Promise<StandaloneKieSimulator> {
  // close() ends every connection, idle or not: a test that dropped a download half-way must not
  // keep the simulator (and its afterAll) waiting on a response no one reads (seen in CI).
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const { sim, ctx } = createWithContext({ ...opts, publicBaseUrl: opts.publicBaseUrl ?? "" });
  await app.register(sim.plugin);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("simulator: no TCP address");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  // Without an explicit public URL, result URLs point at the port we just got.
  if (!opts.publicBaseUrl) ctx.publicBaseUrl = baseUrl;
  return {
    ...sim,
    baseUrl,
    async close() {
      sim.close();
      await app.close();
    },
  };
}
