/**
 * Backups of what one installation holds (issue 25, decision 0059; docs/operations.md): the
 * embedded database, and the rest of DATA_DIR (uploads, kept videos, the simulator's files, the
 * secrets key) as it is, in one tar file. The embedded PostgreSQL (decision 0105) is copied as
 * its stopped cluster's files; PGlite as a consistent dump. On PostgreSQL the database is backed
 * up with PostgreSQL's own tools, and the file holds the rest.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { pgliteOptions } from "../db/connect.js";
import { CLUSTER_FOLDER, stopClusterLeftRunning } from "../db/embedded-postgres.js";
import { runningServer, SERVER_PID_FILE } from "../db/server-pid.js";

const MANIFEST = "backup.json";
const DATABASE_DUMP = "pglite.tar.gz";
const FILES = "files";
/** Left out: the database (dumped instead), half-made copies, and the running server's pid. */
const LEFT_OUT = new Set(["pglite", "video-copies", SERVER_PID_FILE, `${SERVER_PID_FILE}.lock`]);
const FORMAT = 1;
/** The key the rest of the backup's secrets are encrypted with. */
const SECRETS_KEY = "secrets.key";
/** Group and others: nobody but the owner reads a backup or what it restores. */
const NOT_OWNER = 0o077;

interface Manifest {
  format: number;
  createdAt: string;
  /** embedded: PGlite's dump; embedded-postgres: the cluster's files among the rest; postgres: none. */
  database: "embedded" | "embedded-postgres" | "postgres";
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
  if (!fs.existsSync(where.dataDir))
    throw new BackupError(`DATA_DIR ${where.dataDir} does not exist: nothing to back up.`);
  const embedded = !where.databaseUrl;
  const pid = embedded ? runningServer(where.dataDir) : undefined;
  if (pid) {
    throw new BackupError(
      `The server (process ${pid}) is running on the embedded database in ${where.dataDir}. Stop it, run the backup, then start it again: a copy taken while it writes would not be consistent.`,
    );
  }
  const cluster = embedded && fs.existsSync(path.join(where.dataDir, CLUSTER_FOLDER, "PG_VERSION"));
  // Left running by a server that was killed: stopped, so its files are a consistent copy.
  if (cluster)
    await stopClusterLeftRunning(where.dataDir).catch((err: unknown) => {
      throw new BackupError(err instanceof Error ? err.message : String(err));
    });
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    database: cluster ? "embedded-postgres" : embedded ? "embedded" : "postgres",
  };
  createPrivately(file);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "veo-backup-"));
  try {
    if (embedded && !cluster) {
      const dataDir = path.join(where.dataDir, "pglite");
      if (!fs.existsSync(dataDir))
        throw new BackupError(`There is no embedded database in ${where.dataDir} (no pglite folder).`);
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
    // Videos are compressed already: a plain tar, written as it is read (into the 0600 file: tar
    // truncates it, which keeps its mode).
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

/**
 * The backup file, empty and readable by its owner only before a byte is written to it, whatever
 * the umask: it holds the secrets key and everything encrypted with it (decision 0064).
 */
function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const fd = fs.openSync(file, "wx", 0o600);
  try {
    // The mode given to open is only a request (a default ACL can widen it): make sure.
    fs.fchmodSync(fd, 0o600);
  } finally {
    fs.closeSync(fd);
  }
}

/** What restore says when the file it reads is open to other people on the machine. */
export function exposedBackupWarning(file: string): string | undefined {
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & NOT_OWNER) === 0) return undefined;
  return `Warning: ${file} is readable by other users (mode ${mode.toString(8).padStart(4, "0")}), and it holds the secrets key and every secret it protects. Make it private: chmod 600 ${file}`;
}

export async function restore(
  where: DataLocation,
  file: string,
  warn: (message: string) => void = console.warn,
): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const exposed = exposedBackupWarning(file);
  if (exposed) warn(exposed);
  if (fs.existsSync(where.dataDir) && fs.readdirSync(where.dataDir).length > 0) {
    throw new BackupError(
      `DATA_DIR ${where.dataDir} is not empty: restore into an empty folder (set DATA_DIR to a new one), so nothing there is overwritten.`,
    );
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "veo-restore-"));
  let wrote = false;
  try {
    await tar
      .extract({ file, cwd: staging, filter: (entry) => entry === MANIFEST || entry === DATABASE_DUMP })
      .catch(() => {
        throw new BackupError(`${file} is not a backup of this product (it is not a tar file).`);
      });
    const manifest = readManifest(staging, file);
    if (manifest.database !== "postgres" && where.databaseUrl) {
      throw new BackupError(
        "This backup holds an embedded database: unset DATABASE_URL to restore it (it cannot be loaded into PostgreSQL).",
      );
    }
    fs.mkdirSync(where.dataDir, { recursive: true, mode: 0o700 });
    wrote = true;
    await tar.extract({
      file,
      cwd: where.dataDir,
      strip: 1,
      filter: (entry) => entry.startsWith(`${FILES}/`),
      // Whatever modes the archive carries (or the umask allows), the data folder is the server's alone.
      onReadEntry: (entry) => {
        entry.mode = (entry.mode ?? (entry.type === "Directory" ? 0o700 : 0o600)) & ~NOT_OWNER;
      },
    });
    const key = path.join(where.dataDir, SECRETS_KEY);
    if (fs.existsSync(key)) fs.chmodSync(key, 0o600);
    if (manifest.database === "embedded") {
      const dump = new Blob([fs.readFileSync(path.join(staging, DATABASE_DUMP))]);
      // PGlite writes its files with the umask's modes: the folder keeps them to the owner.
      const dataDir = path.join(where.dataDir, "pglite");
      fs.mkdirSync(dataDir, { mode: 0o700 });
      fs.chmodSync(dataDir, 0o700);
      const db = new PGlite(pgliteOptions({ dataDir, loadDataDir: dump }));
      await db.waitReady;
      await db.close();
    }
    return manifest;
  } catch (err) {
    // The folder was empty: leave it so rather than half restored.
    if (wrote)
      for (const name of fs.readdirSync(where.dataDir))
        fs.rmSync(path.join(where.dataDir, name), { recursive: true, force: true });
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
  if (
    manifest.format !== FORMAT ||
    (manifest.database !== "embedded" && manifest.database !== "embedded-postgres" && manifest.database !== "postgres")
  ) {
    throw new BackupError(
      `${file} was written by another version (format ${String(manifest.format)}); this one reads format ${FORMAT}.`,
    );
  }
  if (manifest.database === "embedded" && !fs.existsSync(path.join(staging, DATABASE_DUMP)))
    throw new BackupError(`${file} lacks its database dump.`);
  return manifest as Manifest;
}
