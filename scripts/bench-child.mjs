// A bench server in a Node process of its own (the limit, the Express peer): its script prints
// its port once it listens, then serves until killed.
import { spawn } from "node:child_process";
import { onServerCores } from "./bench-pin.mjs";

/** Starts `script` with `args`; resolves once it listens, with its base URL and how to stop it. */
export async function startChildServer(script, args, what) {
  const [command, commandArgs] = onServerCores(process.execPath, [script, ...args]);
  const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
      child.once("exit", () => reject(new Error(`${what} exited`)));
    });
    return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() };
  } catch (err) {
    child.kill();
    throw err;
  }
}
