/**
 * `npm start` on a Node older than the product supports runs the product on the npm registry's
 * Node 24 instead of stopping (issue 65 §1, decision 0125). The older Node is the machine's own
 * when it has one (CI's Node 20); elsewhere this Node, told it is 20.20.2 before start.mjs reads
 * its version. Only where the registry has a Node for this platform (Linux x64).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isSupportedNode } from "../../scripts/supported-node.mjs";
import { processMark } from "../../src/server/lib/process-mark.js";
import { launchServer } from "../helpers/server-process.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-older-node-"));
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A `node` on PATH the product does not support, with its version; undefined when there is none. */
function olderNodeOnPath(): { path: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "node");
    if (!fs.existsSync(candidate)) continue;
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (version && !isSupportedNode(version)) return { path: candidate, version: version.slice(1) };
  }
  return undefined;
}

/** How start.mjs is run on an older Node: the machine's, or this one believing it is 20.20.2. */
function olderNode(): { command: string; args: string[]; version: string } {
  const found = olderNodeOnPath();
  if (found) return { command: found.path, args: [], version: found.version };
  const pretend = path.join(scratch, "pretend-node-20.mjs");
  fs.writeFileSync(pretend, 'Object.defineProperty(process.versions, "node", { value: "20.20.2" });\n');
  return { command: process.execPath, args: ["--import", pretend], version: "20.20.2" };
}

/** Alive and not a zombie. */
const running = (pid: number) => processMark(pid) !== undefined;

const registryHasNode = os.platform() === "linux" && os.arch() === "x64";

describe.runIf(registryHasNode)("npm start on an older Node", () => {
  const older = olderNode();

  it(
    `runs the product on the registry's Node 24 with one line saying so, and stops with it (Node ${older.version})`,
    { timeout: 400_000 },
    async () => {
      const dataDir = path.join(scratch, "data-1");
      const server = await launchServer(
        { DATA_DIR: dataDir },
        { command: older.command, args: [...older.args, "scripts/start.mjs"] },
      );
      try {
        await server.healthy();
      } finally {
        await server.stop();
      }
      expect(server.output()).toContain(
        `Node ${older.version} is older than Veo Studio supports; running on Node 24.21.0 from the npm registry, kept in node_modules/.cache.`,
      );
      expect(server.output()).not.toContain("needs Node 22.19");
      // SIGTERM reached the server through the process that waited for it: a clean stop.
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, "server.pid"))).toBe(false);
    },
  );

  it("stops the product when the process that waits for it is killed", { timeout: 400_000 }, async () => {
    const dataDir = path.join(scratch, "data-2");
    const server = await launchServer(
      { DATA_DIR: dataDir },
      { command: older.command, args: [...older.args, "scripts/start.mjs"] },
    );
    try {
      await server.healthy();
      const waiter = server.child.pid!;
      // The server is the one child of the process that waits for it.
      const [serverPid] = fs
        .readFileSync(`/proc/${waiter}/task/${waiter}/children`, "utf8")
        .trim()
        .split(" ")
        .map(Number);
      expect(running(serverPid!)).toBe(true);
      server.child.kill("SIGKILL");
      // It notices within a second or so, and stops as on SIGTERM: its database too.
      await expect.poll(() => running(serverPid!), { timeout: 60_000 }).toBe(false);
      expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
