/**
 * Vitest globalSetup: migrates one template database per run, which every test database then
 * starts as a copy of (tests/helpers/test-db.ts; decision 0036). PGlite: the migrated data folder,
 * dumped to a file. PostgreSQL (TEST_DATABASE_URL): a migrated database, the TEMPLATE of each
 * test file's `CREATE DATABASE`, dropped at the end; in a tablespace in memory where the server
 * allows one (tests/helpers/memory-tablespace.ts). Both start with the spec's prices
 * (tests/helpers/spec-prices.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { MIGRATIONS_DIR, openPostgres, pgliteOptions } from "../../src/server/db/connect.js";
import { createMemoryTablespace } from "./memory-tablespace.js";
import { adminQuery } from "./pg-admin.js";
import { SEED_SPEC_PRICES } from "./spec-prices.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: the migrated template's data folder, as a tar file. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated template database's name. */
    postgresTemplate: string;
    /**
     * PGlite: an empty database's data folder (initdb done, no migrations), as a tar file. The
     * migration tests start from it: loading it costs a fraction of a new PGlite's initdb.
     */
    pgliteEmpty: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `test_template_${crypto.randomBytes(6).toString("hex")}`;
    // Each test database is copied from the template into the template's tablespace.
    const tablespace = await createMemoryTablespace(adminUrl);
    await adminQuery(adminUrl, `create database ${name}${tablespace ? ` tablespace ${tablespace.name}` : ""}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 2);
    await database.db.execute(sql.raw(SEED_SPEC_PRICES));
    await database.close();
    project.provide("postgresTemplate", name);
    project.provide("pgliteTemplate", "");
    project.provide("pgliteEmpty", "");
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await tablespace?.drop();
    };
  }

  const client = new PGlite(pgliteOptions());
  await client.waitReady; // a dump asked for before initdb has finished never answers
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-test-template-"));
  const save = async (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    return file;
  };
  project.provide("pgliteEmpty", await save("empty.tar"));
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  await client.query(SEED_SPEC_PRICES);
  project.provide("pgliteTemplate", await save("pglite.tar"));
  await client.close();
  project.provide("postgresTemplate", "");
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
