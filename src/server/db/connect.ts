/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, an embedded one in DATA_DIR otherwise)
 * and applies the committed migrations before anything else touches it.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import {
  CLUSTER_FOLDER,
  embeddedPostgresAvailability,
  InitdbRefused,
  startEmbeddedPostgres,
  type Availability,
} from "./embedded-postgres.js";
import { StartupError } from "../lib/startup-error.js";
import { claimDataDir } from "./server-pid.js";
import { listenPostgres, type ListenHandlers } from "./pg-listen.js";
import { gatedPool, Reconnector } from "./reconnect.js";
import * as schema from "./schema.js";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** Kept in DATA_DIR and opened by this process alone: PGlite, or the PostgreSQL it started. */
  embedded: boolean;
  /** LISTENs on a channel for as long as the database is open; returns the way to stop. */
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /** Calls `listener` each time a new connection to the server is made (PostgreSQL; never for PGlite). */
  onConnect: (listener: () => void) => void;
  /** The connection pool's use now (PostgreSQL; PGlite has no pool). */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Any constant works; it only has to be the same in every process of this product. */
export const MIGRATION_LOCK_KEY = 727_303_001;

/** Enough for one process to keep PostgreSQL busy on a small machine (docs/benchmarks.md). */
const DEFAULT_POOL_SIZE = 20;

export async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Database> {
  // A server that does not answer (not even a refusal) fails a request in seconds, as a 503 (decision
  // 0057); while it is away new connections are refused at once, and it is probed so the pool is
  // back within a second of its return (reconnect.ts).
  const reconnector = new Reconnector({ connectionString: url });
  const pool = gatedPool({ connectionString: url, max: poolSize }, reconnector);
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const lock = await pool.connect();
  try {
    // Several processes may start at once; one migrates, the others wait and then find nothing to do.
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lock.release();
  }
  return {
    db,
    kind: "postgres",
    embedded: false,
    listen: async (channel, handlers) => listenPostgres(url, channel, handlers),
    onConnect: (listener) => void pool.on("connect", listener),
    poolStats: () => ({ max: poolSize, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => {
      reconnector.stop();
      return pool.end();
    },
  };
}

/** Every PGlite the product or its tests open: the extensions the migrations create (pg_trgm, 0019) must be loaded. */
export function pgliteOptions(options: PGliteOptions = {}): PGliteOptions {
  return { ...options, extensions: { pg_trgm } };
}

/**
 * A new data folder is created (initdb) and migrated by a process of its own that then exits:
 * creating it grows PGlite's WebAssembly memory to about 850 MB at its peak, and that memory is
 * never given back, so the server opened it already made, as after a restart (decision 0104).
 * Only the built server does so (`dist/`, where the script is JavaScript); in development and
 * tests the folder is made in this process, as before.
 */
function createPgliteApart(dataDir: string): void {
  const self = fileURLToPath(import.meta.url);
  if (path.extname(self) !== ".js" || fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) return;
  execFileSync(process.execPath, [path.join(path.dirname(self), "create-pglite.js"), dataDir], { stdio: "inherit" });
}

/**
 * `dataDir` undefined means in memory (tests); `loadDataDir` then starts it from a dumped data
 * folder (the tests' migrated template, decision 0036), which leaves the migrations nothing to do.
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    createPgliteApart(dataDir);
  }
  return openPgliteHere(dataDir, loadDataDir);
}

/** openPglite without a process of its own for a new folder (create-pglite.ts is that process). */
export async function openPgliteHere(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(
    pgliteOptions(dataDir ? { dataDir: path.join(dataDir, "pglite") } : loadDataDir ? { loadDataDir } : {}),
  );
  const instance = drizzlePglite(client, { schema });
  await migratePglite(instance, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: instance as unknown as Db,
    kind: "pglite",
    embedded: true,
    // One process, one connection: notifications arrive right after the statement that made them.
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.onPayload);
      handlers.onConnected(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    // In this process: it is never out of reach.
    onConnect: () => {},
    close: () => client.close(),
  };
}

export interface DatabaseLocation {
  databaseUrl: string | undefined;
  databasePoolSize?: number;
  dataDir: string;
  /** Without a URL: a PostgreSQL started in DATA_DIR (the default), or PGlite. */
  embeddedDatabase?: "postgres" | "pglite";
  /** Told why the embedded PostgreSQL cannot run here, when PGlite is used instead. */
  warn?: (message: string) => void;
  /** Whether and how the embedded PostgreSQL runs here: the machine's answer, unless a test gives another. */
  postgresAvailability?: (dataDir: string) => Availability;
}

export function openDatabase(opts: DatabaseLocation): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.databasePoolSize) : openEmbedded(opts);
}

/**
 * The embedded database, in DATA_DIR, which this process claims first (server.pid) and gives up
 * when it closes the database: one server at a time on a folder (decision 0126).
 */
async function openEmbedded(opts: DatabaseLocation): Promise<Database> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const release = claimDataDir(opts.dataDir);
  try {
    const database = await openEmbeddedClaimed(opts);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The embedded default (decision 0105): a PostgreSQL started in DATA_DIR/postgres. A folder that
 * already holds PGlite's database (pglite/) is opened with PGlite, as is a new one where
 * PostgreSQL cannot run (another platform; root without a `postgres` user, or in a user namespace
 * where it cannot be one; initdb refusing), with a warning. A folder that holds a cluster is never
 * opened as an empty PGlite instead.
 */
async function openEmbeddedClaimed({
  dataDir,
  databasePoolSize,
  embeddedDatabase = "postgres",
  warn,
  postgresAvailability = embeddedPostgresAvailability,
}: DatabaseLocation): Promise<Database> {
  const hasCluster = holdsCluster(dataDir);
  const hasPglite = fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
  if (hasCluster && embeddedDatabase === "pglite")
    throw new StartupError(
      `${dataDir} holds an embedded PostgreSQL database: EMBEDDED_DATABASE=pglite would open another, empty one. Unset it, or give DATA_DIR another folder.`,
    );
  if (embeddedDatabase === "pglite" || (hasPglite && !hasCluster)) return openPglite(dataDir);
  const usePglite = (why: string) => {
    warn?.(`The embedded database is PGlite: ${why}.`);
    return openPglite(dataDir);
  };
  const available = postgresAvailability(dataDir);
  if (!available.ok) {
    if (hasCluster)
      throw new StartupError(
        `The embedded PostgreSQL in ${dataDir} cannot start: ${available.why}. The folder holds its database, so no other opens in its place: start the server where PostgreSQL can run, or give DATA_DIR another folder.`,
      );
    return usePglite(available.why);
  }
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    cluster = await startEmbeddedPostgres(dataDir, available);
  } catch (err) {
    if (err instanceof InitdbRefused && !hasCluster) return usePglite(err.message);
    throw err;
  }
  try {
    const database = await openPostgres(cluster.url, databasePoolSize);
    return {
      ...database,
      embedded: true,
      close: async () => {
        await database.close();
        await cluster.stop();
      },
    };
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

/**
 * Whether DATA_DIR holds a cluster. One that cannot be looked into (a user namespace that does not
 * map its owner) counts: it is never taken for a new folder.
 */
function holdsCluster(dataDir: string): boolean {
  try {
    fs.statSync(path.join(dataDir, CLUSTER_FOLDER, "PG_VERSION"));
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}

/** The rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Postgres error fields, whichever driver raised it (drizzle wraps the driver's error in `cause`). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pgErr = pgErrorOf(err);
  return pgErr?.code === "23505" && (!constraint || pgErr.constraint === constraint);
}
