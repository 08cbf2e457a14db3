/**
 * A fresh, migrated database per test app: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again afterwards). Each starts as a
 * copy of the template that tests/helpers/global-setup.ts migrated once for the run (decision
 * 0036); `{ migrate: true }` runs the migrations on an empty database instead.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "../../src/server/db/connect.js";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabaseOptions {
  /** Migrate an empty database rather than copy the migrated template (the migration tests). */
  migrate?: boolean;
}

let pgliteTemplate: Blob | undefined;
/** The template's data folder, read once per test file. */
function pgliteTemplateData(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplate;
}

/** `url` is set on PostgreSQL, so a test can open a second connection pool like another process. */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<Database & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // The migrations still run on the copy: they find everything applied (or apply what is newer).
  if (!adminUrl) return openPglite(undefined, opts.migrate ? undefined : pgliteTemplateData());
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const template = opts.migrate ? "" : inject("postgresTemplate");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
