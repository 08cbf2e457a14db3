/**
 * Backups of what one installation holds (issue 25, decision 0059; docs/operations.md): the
 * embedded database as a consistent PGlite dump, and the rest of DATA_DIR (uploads, kept videos,
 * the simulator's files, the secrets key) as it is, in one tar file. On PostgreSQL the database is
 * backed up with PostgreSQL's own tools, and the file holds the rest.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { pgliteOptions } from "../db/connect.js";
import { runningServer, SERVER_PID_FILE } from "./server-pid.js";

const MANIFEST = "backup.json";
const DATABASE_DUMP = "pglite.tar.gz";
const FILES = "files";
/** Left out: the database (dumped instead), half-made copies, and the running server's pid. */
const LEFT_OUT = new Set(["pglite", "video-copies", SERVER_PID_FILE]);
const FORMAT = 1;

interface Manifest {
  format: number;
  createdAt: string;
  database: "embedded" | "postgres";
}

/** A refusal with what to do about it. */
export class BackupError extends Error {
  override name = "BackupError";
}

export interface DataLocation {
  dataDir: string;
  /** Set: the database is PostgreSQL's, backed up with its own tools. */
  databaseUrl: string | undefined;
}

export async function backup(where: DataLocation, file: string): Promise<Manifest> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: give the backup a new name.`);
  if (!fs.existsSync(where.dataDir)) throw new BackupError(`DATA_DIR ${where.dataDir} does not exist: nothing to back up.`);
  const embedded = !where.databaseUrl;
  const pid = embedded ? runningServer(where.dataDir) : undefined;
  if (pid) {
    throw new BackupError(
      `The server (process ${pid}) is running on the embedded database in ${where.dataDir}. Stop it, run the backup, then start it again: a copy taken while it writes would not be consistent.`,
    );
  }
  const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), database: embedded ? "embedded" : "postgres" };
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "veo-backup-"));
  try {
    if (embedded) {
      const dataDir = path.join(where.dataDir, "pglite");
      if (!fs.existsSync(dataDir)) throw new BackupError(`There is no embedded database in ${where.dataDir} (no pglite folder).`);
      const db = new PGlite(pgliteOptions({ dataDir }));
      try {
        await db.waitReady;
        const dump = await db.dumpDataDir("gzip");
        fs.writeFileSync(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Videos are compressed already: a plain tar, written as it is read.
    await tar.create({ file, cwd: staging, portable: true }, fs.readdirSync(staging));
    const kept = fs.readdirSync(where.dataDir).filter((name) => !LEFT_OUT.has(name));
    if (kept.length > 0) await tar.replace({ file, cwd: where.dataDir, prefix: FILES, portable: true }, kept);
    return manifest;
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export async function restore(where: DataLocation, file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  if (fs.existsSync(where.dataDir) && fs.readdirSync(where.dataDir).length > 0) {
    throw new BackupError(`DATA_DIR ${where.dataDir} is not empty: restore into an empty folder (set DATA_DIR to a new one), so nothing there is overwritten.`);
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "veo-restore-"));
  let wrote = false;
  try {
    await tar.extract({ file, cwd: staging, filter: (entry) => entry === MANIFEST || entry === DATABASE_DUMP }).catch(() => {
      throw new BackupError(`${file} is not a backup of this product (it is not a tar file).`);
    });
    const manifest = readManifest(staging, file);
    if (manifest.database === "embedded" && where.databaseUrl) {
      throw new BackupError("This backup holds an embedded database: unset DATABASE_URL to restore it (it cannot be loaded into PostgreSQL).");
    }
    fs.mkdirSync(where.dataDir, { recursive: true });
    wrote = true;
    await tar.extract({ file, cwd: where.dataDir, strip: 1, filter: (entry) => entry.startsWith(`${FILES}/`) });
    if (manifest.database === "embedded") {
      const dump = new Blob([fs.readFileSync(path.join(staging, DATABASE_DUMP))]);
      const db = new PGlite(pgliteOptions({ dataDir: path.join(where.dataDir, "pglite"), loadDataDir: dump }));
      await db.waitReady;
      await db.close();
    }
    return manifest;
  } catch (err) {
    // The folder was empty: leave it so rather than half restored.
    if (wrote) for (const name of fs.readdirSync(where.dataDir)) fs.rmSync(path.join(where.dataDir, name), { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(staging: string, file: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), "utf8")) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${file} is not a backup of this product (no ${MANIFEST} in it).`);
  }
  if (manifest.format !== FORMAT || (manifest.database !== "embedded" && manifest.database !== "postgres")) {
    throw new BackupError(`${file} was written by another version (format ${String(manifest.format)}); this one reads format ${FORMAT}.`);
  }
  if (manifest.database === "embedded" && !fs.existsSync(path.join(staging, DATABASE_DUMP))) throw new BackupError(`${file} lacks its database dump.`);
  return manifest as Manifest;
}
