/**
 * A fresh, migrated database per test app: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again afterwards). Each starts as a
 * copy of the template that tests/helpers/global-setup.ts migrated once for the run (decision
 * 0036); `{ migrate: true }` runs the migrations on an empty database instead.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { inject } from "vitest";
import { MIGRATIONS_DIR, openPglite, openPostgres, pgliteOptions, type Database } from "../../src/server/db/connect.js";
import { adminQuery } from "./pg-admin.js";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabaseOptions {
  /** Migrate an empty database rather than copy the migrated template (the migration tests). */
  migrate?: boolean;
}

const dumps = new Map<string, Blob>();
/** A dumped data folder from global-setup (the migrated template or the empty one), read once per test file. */
function pgliteData(kind: "pgliteTemplate" | "pgliteEmpty"): Blob | undefined {
  const file = inject(kind);
  if (!file) return undefined;
  if (!dumps.has(file)) dumps.set(file, new Blob([fs.readFileSync(file)]));
  return dumps.get(file);
}

/** `url` is set on PostgreSQL, so a test can open a second connection pool like another process. */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<Database & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The migrations still run on the copy: they find everything applied (or apply what is newer).
  if (!adminUrl) return openPglite(undefined, pgliteData(opts.migrate ? "pgliteEmpty" : "pgliteTemplate"));
  const { url, drop } = await newPostgresDatabase(adminUrl, opts.migrate ? "" : inject("postgresTemplate"));
  const database = await openPostgres(url);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** A new database on the server, empty or a copy of `template`. */
async function newPostgresDatabase(
  adminUrl: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  return { url: url.toString(), drop };
}

/** A database no migration has touched, for the tests that apply them in steps with old-shape rows between. */
export interface UnmigratedDatabase {
  db: { execute: (query: SQL) => Promise<unknown> };
  /** Applies the migrations before the one tagged `beforeTag` (e.g. "0009_video_archive"); all of them without it. */
  migrate(beforeTag?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * On PostgreSQL, an empty database on the server; on PGlite, the empty data folder global-setup
 * dumped (loading it skips initdb, which is most of a new PGlite's cost on a busy machine).
 */
export async function createUnmigratedDatabase(): Promise<UnmigratedDatabase> {
  const folder = (beforeTag?: string) =>
    beforeTag ? migrationsBefore(beforeTag) : { dir: MIGRATIONS_DIR, done: () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { url, drop } = await newPostgresDatabase(adminUrl, "");
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = drizzlePg(pool);
    return {
      db,
      async migrate(beforeTag) {
        const { dir, done } = folder(beforeTag);
        await migratePg(db, { migrationsFolder: dir }).finally(done);
      },
      async close() {
        await pool.end();
        await drop();
      },
    };
  }
  const client = new PGlite(pgliteOptions({ loadDataDir: pgliteData("pgliteEmpty") }));
  const db = drizzlePglite(client);
  return {
    db,
    async migrate(beforeTag) {
      const { dir, done } = folder(beforeTag);
      await migratePglite(db, { migrationsFolder: dir }).finally(done);
    },
    close: () => client.close(),
  };
}

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): { dir: string; done: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-migrations-"));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`No migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return { dir, done: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
