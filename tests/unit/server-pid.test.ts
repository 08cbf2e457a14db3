/**
 * Who holds DATA_DIR (issue 65 §2, decision 0126): server.pid names a process by its id, boot,
 * start and command, so a file left by a server that ended (killed, a reboot) never keeps the next
 * one out, whoever has that id now; a server that runs still does. Linux: the zombie and the other
 * boot are Linux's /proc facts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { claimDataDir, runningServer, SERVER_PID_FILE } from "../../src/server/db/server-pid.js";
import { processMark, stillRuns } from "../../src/server/lib/process-mark.js";
import { aZombie } from "../helpers/zombie.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-server-pid-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
function newDataDir(): string {
  const dir = path.join(scratch, `data-${++folders}`);
  fs.mkdirSync(dir);
  return dir;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A process that runs until the test ends, and its id once it has started. */
async function started(command: string, args: string[]): Promise<ChildProcess & { pid: number }> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  await new Promise((resolve, reject) => child.once("spawn", resolve).once("error", reject));
  return child as ChildProcess & { pid: number };
}

/** A live Node process, as another server would be. */
const aNode = () => started(process.execPath, ["-e", "setTimeout(() => {}, 600000)"]);
/** A live process that is not a server: after a reboot, any program may have the old id. */
const aStranger = () => started("sleep", ["600"]);

const write = (dataDir: string, record: unknown) =>
  fs.writeFileSync(
    path.join(dataDir, SERVER_PID_FILE),
    typeof record === "number" ? String(record) : JSON.stringify(record),
  );
const read = (dataDir: string) => fs.readFileSync(path.join(dataDir, SERVER_PID_FILE), "utf8");

describe("claiming DATA_DIR", () => {
  it("records this process by id, boot, start and command, and gives the folder up", () => {
    const dataDir = newDataDir();
    const release = claimDataDir(dataDir);
    const record = JSON.parse(read(dataDir)) as Record<string, unknown>;
    expect(record).toEqual(processMark(process.pid));
    expect(record).toMatchObject({ pid: process.pid, startedAt: expect.any(String), command: expect.any(String) });
    expect(runningServer(dataDir)).toBe(process.pid);
    // This process again (the database opened twice) is no other server.
    claimDataDir(dataDir)();
    expect(fs.existsSync(path.join(dataDir, SERVER_PID_FILE))).toBe(true);
    release();
    expect(fs.existsSync(path.join(dataDir, SERVER_PID_FILE))).toBe(false);
    expect(runningServer(dataDir)).toBeUndefined();
  });

  it("refuses while another server runs on the folder", async () => {
    const dataDir = newDataDir();
    const other = await aNode();
    write(dataDir, processMark(other.pid));
    expect(() => claimDataDir(dataDir)).toThrow(`Another server (process ${other.pid}) runs on ${dataDir}`);
    expect(runningServer(dataDir)).toBe(other.pid);
    // A file from before the record held more than the id: a Node that runs is taken for the server.
    write(dataDir, other.pid);
    expect(() => claimDataDir(dataDir)).toThrow(`Another server (process ${other.pid})`);
    expect(read(dataDir)).toBe(String(other.pid));
  });

  it("replaces a record whose id now belongs to a program that is not the server", async () => {
    const stranger = await aStranger();
    const dataDir = newDataDir();
    // A bare id naming a live process that is not a Node: the reboot case.
    write(dataDir, stranger.pid);
    expect(runningServer(dataDir)).toBeUndefined();
    claimDataDir(dataDir)();
    // The same id with another start time or another command: not the process that wrote it.
    const mark = processMark(stranger.pid)!;
    for (const record of [
      { ...mark, startedAt: "1" },
      { ...mark, command: `${process.execPath} dist/node/server/main.js` },
    ]) {
      write(dataDir, record);
      expect(stillRuns(record)).toBe(false);
      const release = claimDataDir(dataDir);
      expect(JSON.parse(read(dataDir))).toMatchObject({ pid: process.pid });
      release();
    }
    expect(stranger.exitCode).toBeNull();
  });

  it.runIf(process.platform === "linux")("replaces a record written in another boot", async () => {
    const other = await aNode();
    const dataDir = newDataDir();
    const mark = processMark(other.pid)!;
    expect(mark.bootId).toMatch(/^[0-9a-f-]{36}$/);
    write(dataDir, { ...mark, bootId: "00000000-0000-4000-8000-000000000000" });
    expect(runningServer(dataDir)).toBeUndefined();
    claimDataDir(dataDir)();
  });

  it.runIf(process.platform === "linux")(
    "replaces a record naming a process that has ended but not been reaped",
    async () => {
      const { pid: zombie, parent } = await aZombie();
      children.push(parent);
      const dataDir = newDataDir();
      expect(processMark(zombie)).toBeUndefined();
      write(dataDir, zombie);
      expect(runningServer(dataDir)).toBeUndefined();
      claimDataDir(dataDir)();
      // As the server that became the zombie would have written it.
      const stat = fs.readFileSync(`/proc/${zombie}/stat`, "utf8");
      const startedAt = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      write(dataDir, { pid: zombie, bootId: processMark(process.pid)!.bootId, startedAt, command: "" });
      claimDataDir(dataDir)();
    },
  );

  it("replaces a record of a process that has ended, and an unreadable one", async () => {
    const dataDir = newDataDir();
    const ended = await aNode();
    const mark = processMark(ended.pid)!;
    ended.kill("SIGKILL");
    await new Promise((resolve) => ended.once("exit", resolve));
    write(dataDir, mark);
    claimDataDir(dataDir)();
    fs.writeFileSync(path.join(dataDir, SERVER_PID_FILE), "{half a rec");
    claimDataDir(dataDir)();
    expect(fs.existsSync(path.join(dataDir, SERVER_PID_FILE))).toBe(false);
  });

  it("never removes the claim another server wrote after this one found a dead record", async () => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, SERVER_PID_FILE);
    write(dataDir, (await aStranger()).pid);
    const rival = processMark((await aNode()).pid)!;
    // The moment two servers race on: this one has read the dead record; before it acts, a
    // rival that read it too has removed it and claimed the folder.
    const realRead = fs.readFileSync.bind(fs);
    let raced = false;
    const spy = vi.spyOn(fs, "readFileSync").mockImplementation((where: fs.PathOrFileDescriptor, ...rest: []) => {
      const text = realRead(where, ...rest);
      if (where === file && !raced) {
        raced = true;
        fs.rmSync(file);
        write(dataDir, rival);
      }
      return text;
    });
    try {
      expect(() => claimDataDir(dataDir)).toThrow(`Another server (process ${rival.pid})`);
    } finally {
      spy.mockRestore();
    }
    expect(raced).toBe(true);
    expect(JSON.parse(read(dataDir))).toEqual(rival);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it("lets exactly one of several servers starting at once have the folder", async () => {
    const dataDir = newDataDir();
    write(dataDir, (await aStranger()).pid);
    const claim = `
      import { claimDataDir } from "./src/server/db/server-pid.ts";
      try { claimDataDir(${JSON.stringify(dataDir)}); console.log("claimed"); }
      catch (err) { console.log(err.message); }
      setTimeout(() => {}, 600000);`;
    const servers = await Promise.all(
      [1, 2, 3, 4].map(() => started(process.execPath, ["--import", "tsx", "--input-type=module", "-e", claim])),
    );
    const said = await Promise.all(
      servers.map(
        (server) => new Promise<string>((resolve) => server.stdout!.once("data", (c: Buffer) => resolve(c.toString()))),
      ),
    );
    expect(said.filter((line) => line.startsWith("claimed"))).toHaveLength(1);
    expect(said.filter((line) => line.startsWith("Another server"))).toHaveLength(3);
    const holder = servers[said.findIndex((line) => line.startsWith("claimed"))]!;
    expect(runningServer(dataDir)).toBe(holder.pid);
  });
});
