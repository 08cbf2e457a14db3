// Issue 43 §5: each polled read beside a typical Express + express-session + pg peer
// (bench-peer-server.mjs) on the same seeded PostgreSQL, in a process of its own, under the same load.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts the peer on `databaseUrl`, signs each of `users` (each with `id`) in to it, and runs
 * `run(peerBase, name, request)` for each read of `readsFor(peerUsers)`, where each peer user is
 * the seeded one with the peer's session cookie in place of the product's.
 */
export async function peerRuns(databaseUrl, users, readsFor, run) {
  const child = spawn(process.execPath, [path.join(here, "bench-peer-server.mjs"), databaseUrl], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
      child.once("exit", () => reject(new Error("the peer server exited")));
    });
    const base = `http://127.0.0.1:${port}`;
    const peerUsers = [];
    for (const user of users) {
      const res = await fetch(`${base}/bench/sign-in/${user.id}`, { method: "POST" });
      const cookie = res.headers.get("set-cookie")?.split(";")[0];
      if (res.status !== 204 || !cookie) throw new Error(`the peer did not sign user ${user.id} in (${res.status})`);
      peerUsers.push({ ...user, cookie });
    }
    const results = [];
    for (const read of readsFor(peerUsers)) results.push(await run(base, read.name, read.request));
    return results;
  } finally {
    child.kill();
  }
}
