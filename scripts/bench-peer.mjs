// Issue 43 §5: each polled read beside a typical Express + express-session + pg peer
// (bench-peer-server.mjs) on the same seeded PostgreSQL, in a process of its own, under the same load.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startChildServer } from "./bench-child.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts the peer on `databaseUrl` and signs each of `users` (each with `id`) in to it. Resolves
 * with its base URL, pid, stop(), and `users`: the seeded ones with the peer's session cookie in
 * place of the product's.
 */
export async function startPeerServer(databaseUrl, users) {
  const server = await startChildServer(path.join(here, "bench-peer-server.mjs"), [databaseUrl], "the peer server");
  try {
    const peerUsers = [];
    for (const user of users) {
      const res = await fetch(`${server.base}/bench/sign-in/${user.id}`, { method: "POST" });
      const cookie = res.headers.get("set-cookie")?.split(";")[0];
      if (res.status !== 204 || !cookie) throw new Error(`the peer did not sign user ${user.id} in (${res.status})`);
      peerUsers.push({ ...user, cookie });
    }
    return { ...server, users: peerUsers };
  } catch (err) {
    server.stop();
    throw err;
  }
}
