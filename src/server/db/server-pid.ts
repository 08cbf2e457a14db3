/**
 * The server claims DATA_DIR while it runs on the embedded database (PostgreSQL it started, or
 * PGlite): `server.pid` records which process holds it, so that a second server on the same folder
 * refuses to start and `npm run backup` refuses to copy a database in use (decisions 0059, 0126).
 * The record identifies the process (its id, boot, start time and command: lib/process-mark.ts),
 * so a file left by a killed server never keeps the next one down, whoever has that id now.
 */
import fs from "node:fs";
import path from "node:path";
import { processMark, stillRuns, type ProcessMark } from "../lib/process-mark.js";
import { StartupError } from "../lib/startup-error.js";

export const SERVER_PID_FILE = "server.pid";

/** What the file says: a mark, or a bare id (written before decision 0126). */
function readRecord(file: string): ProcessMark | undefined {
  const text = readText(file);
  return text === undefined ? undefined : parseRecord(text);
}

/** The file's text; undefined when there is no such file. */
function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function parseRecord(text: string): ProcessMark | undefined {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()) };
  try {
    const record = JSON.parse(text) as ProcessMark;
    return Number.isSafeInteger(record?.pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `record` names a server process that still runs. */
function holdsIt(record: ProcessMark): boolean {
  // A bare id says nothing of its process: a Node that runs is taken for the server.
  if (record.startedAt === undefined && record.command === undefined) {
    const now = processMark(record.pid);
    return now !== undefined && (now.command === undefined || /\bnode/.test(now.command));
  }
  return stillRuns(record);
}

/** The pid of a server still running on `dataDir`'s embedded database. */
export function runningServer(dataDir: string): number | undefined {
  const record = readRecord(path.join(dataDir, SERVER_PID_FILE));
  return record && holdsIt(record) ? record.pid : undefined;
}

/**
 * Claims `dataDir` for this process, replacing a record no running server holds; throws when
 * another server runs on it. Returns the way to give it up (at the database's close).
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  const mine = JSON.stringify(processMark(process.pid) ?? { pid: process.pid });
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createOnly(file, mine))
      return () => {
        if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === mine) fs.rmSync(file, { force: true });
      };
    const holder = readRecord(file);
    // This process holds it already (the database opened twice): the first claim gives it up.
    if (holder?.pid === process.pid) return () => {};
    if (holder && holdsIt(holder)) throw anotherServer(holder.pid, dataDir);
    // Left by a server that ended (killed, a crash, a reboot): its id may be anyone's now.
    removeStaleRecord(file, mine);
  }
  throw new StartupError(`Could not claim ${file}: another server keeps starting on ${dataDir}.`);
}

function anotherServer(pid: number, dataDir: string): StartupError {
  return new StartupError(
    `Another server (process ${pid}) runs on ${dataDir}: stop it first, or give this one another DATA_DIR.`,
  );
}

/**
 * Removes the record at `file` if no running server holds it, under `server.pid.lock`: two servers
 * that both found the same dead record must not both remove it, or the second removes the claim the
 * first has just written (seen in CI with four servers starting at once). Under the lock the record
 * is read again; it only changes from a dead one by this removal, so what is removed is what was
 * judged. Returns without removing when another server holds the lock; the caller tries again.
 */
function removeStaleRecord(file: string, mine: string): void {
  const lock = `${file}.lock`;
  if (!createOnly(lock, mine)) {
    const locker = readRecord(lock);
    // A server that ended inside these few lines leaves the lock behind: no one else may wait on it.
    if (locker && !stillRuns(locker)) fs.rmSync(lock, { force: true });
    else pause(5);
    return;
  }
  try {
    const text = readText(file);
    // Gone already: another server removed it and may have written its own since.
    if (text === undefined) return;
    const holder = parseRecord(text);
    if (!holder || !holdsIt(holder)) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Waits `ms` without giving the event loop a turn: the claim runs once, at start. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Writes `text` to `file` only if there is no such file, whole or not at all: a server that finds
 * the file reads a complete record. Returns false when the file exists.
 */
function createOnly(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.draft`;
  fs.writeFileSync(draft, text);
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links: an exclusive create, written at once.
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EOPNOTSUPP") throw err;
    try {
      fs.writeFileSync(file, text, { flag: "wx" });
      return true;
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw again;
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
