/**
 * The server comes back after an unclean stop (issue 65 §2, decision 0126): a `kill -9` of it and
 * of its PostgreSQL, a reboot after which both pid files name other programs, a pid file naming a
 * zombie. (A second real server on the same folder is still refused: start-up-failures.test.ts.)
 * Real server processes on the embedded PostgreSQL (Linux: the leftovers are found through /proc).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { processMark } from "../../src/server/lib/process-mark.js";
import { launchServer, type LaunchedServer } from "../helpers/server-process.js";
import { aZombie } from "../helpers/zombie.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-restart-"));
// As root PostgreSQL runs as the `postgres` user, who must pass through the folders above DATA_DIR.
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const others: ChildProcess[] = [];
const servers: LaunchedServer[] = [];
afterEach(async () => {
  for (const other of others.splice(0)) other.kill("SIGKILL");
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

let folders = 0;
const newDataDir = () => path.join(scratch, `data-${++folders}`);

async function serving(dataDir: string): Promise<LaunchedServer> {
  const server = await launchServer({ DATA_DIR: dataDir });
  servers.push(server);
  await server.healthy();
  return server;
}

const cluster = (dataDir: string) => path.join(dataDir, "postgres");
const lockFile = (dataDir: string) => path.join(cluster(dataDir), "postmaster.pid");
const postmaster = (dataDir: string) => Number(fs.readFileSync(lockFile(dataDir), "utf8").split("\n")[0]);

/** Alive and not a zombie. */
const running = (pid: number) => processMark(pid) !== undefined;

/** A program that is not ours, running as `owner` (PostgreSQL's user), as after a reboot. */
async function aStranger(owner: { uid: number; gid: number }): Promise<number> {
  const asOwner = process.getuid?.() === 0 ? owner : {};
  const child = spawn("sleep", ["600"], { stdio: "ignore", ...asOwner });
  others.push(child);
  await new Promise((resolve, reject) => child.once("spawn", resolve).once("error", reject));
  return child.pid!;
}

const TIMEOUT = { timeout: 300_000 };

describe.runIf(process.platform === "linux")("starting again after an unclean stop", () => {
  it("starts after a kill -9 of the server and of its PostgreSQL", TIMEOUT, async () => {
    const dataDir = newDataDir();
    const first = await serving(dataDir);
    const database = postmaster(dataDir);
    process.kill(database, "SIGKILL");
    first.child.kill("SIGKILL");
    await first.exited;
    await expect.poll(() => running(database), { timeout: 30_000 }).toBe(false);

    const again = await serving(dataDir);
    expect(postmaster(dataDir)).not.toBe(database);
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  });

  it("starts after a reboot, when both pid files name other programs, and leaves those alone", TIMEOUT, async () => {
    const dataDir = newDataDir();
    const first = await serving(dataDir);
    const lock = fs.readFileSync(lockFile(dataDir), "utf8");
    await first.stop();
    const owner = fs.statSync(cluster(dataDir));

    // What the power loss left, as the new boot sees it: low ids belong to other programs now.
    const strangerInServerPid = await aStranger(owner);
    const strangerInLock = await aStranger(owner);
    fs.writeFileSync(
      path.join(dataDir, "server.pid"),
      JSON.stringify({ ...processMark(first.child.pid!), pid: strangerInServerPid, bootId: "an-earlier-boot" }),
    );
    fs.writeFileSync(lockFile(dataDir), lock.replace(/^\d+/, String(strangerInLock)));
    fs.chownSync(lockFile(dataDir), owner.uid, owner.gid);

    const again = await serving(dataDir);
    expect(again.output()).not.toContain("Another server");
    expect(postmaster(dataDir)).not.toBe(strangerInLock);
    // Nobody signalled them.
    expect(running(strangerInServerPid)).toBe(true);
    expect(running(strangerInLock)).toBe(true);

    // A server.pid from before decision 0126 (a bare id) naming one of them is stale too.
    await again.stop();
    fs.writeFileSync(path.join(dataDir, "server.pid"), String(strangerInServerPid));
    await serving(dataDir);
  });

  it("starts when server.pid names a zombie", TIMEOUT, async () => {
    const dataDir = newDataDir();
    await (await serving(dataDir)).stop();
    const { pid: zombie, parent } = await aZombie();
    others.push(parent);
    fs.writeFileSync(path.join(dataDir, "server.pid"), String(zombie));
    await serving(dataDir);
  });
});
