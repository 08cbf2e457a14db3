/**
 * src/server/db/functions/<name>.sql is the live definition of each database function and its
 * triggers (decision 0066). Running every file on the fully migrated database must change
 * nothing PostgreSQL reports (pg_get_functiondef, pg_get_triggerdef: its own normal form), and
 * the files must name exactly the functions and triggers the migrations made.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, rowsOf, type Database } from "../../src/server/db/connect.js";
import {
  FUNCTIONS_DIR,
  readFunctionFile,
  readFunctionFiles,
  STATEMENT_BREAKPOINT,
} from "../../src/server/db/function-files.js";
import { createTestDatabase } from "../helpers/test-db.js";

interface Catalogue {
  functions: Map<string, string>;
  /** By trigger name: its function and definition. */
  triggers: Map<string, { fn: string; def: string }>;
}

/** Our functions (not those of extensions such as pg_trgm) and our triggers, as PostgreSQL writes them. */
async function catalogue(db: Database["db"]): Promise<Catalogue> {
  const functions = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`select p.proname as name, pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (
        select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`),
  );
  const triggers = rowsOf<{ name: string; fn: string; def: string }>(
    await db.execute(sql`select t.tgname as name, p.proname as fn, pg_get_triggerdef(t.oid) as def
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal`),
  );
  return {
    functions: new Map(functions.map((f) => [f.name, f.def])),
    triggers: new Map(triggers.map((t) => [t.name, { fn: t.fn, def: t.def }])),
  };
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe("database function files", () => {
  const files = readFunctionFiles();
  let database: Database;
  let migrated: Catalogue;
  let afterFiles: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    migrated = await catalogue(database.db);
    for (const file of files) for (const statement of file.statements) await database.db.execute(sql.raw(statement));
    afterFiles = await catalogue(database.db);
  });
  afterAll(() => database.close());

  it("are one file per function the migrations made", () => {
    expect(migrated.functions.size).toBeGreaterThanOrEqual(11);
    expect(sorted(files.map((f) => f.name)), `one file per function in ${FUNCTIONS_DIR}`).toEqual(
      sorted(migrated.functions.keys()),
    );
  });

  it("each create exactly the triggers that run their function", () => {
    for (const file of files) {
      const live = [...migrated.triggers].filter(([, t]) => t.fn === file.name).map(([name]) => name);
      expect(sorted(file.triggers), `the triggers in functions/${file.name}.sql`).toEqual(sorted(live));
    }
    expect(sorted(afterFiles.triggers.keys())).toEqual(sorted(migrated.triggers.keys()));
  });

  it("each equal the migrated database's definition", () => {
    for (const [name, def] of migrated.functions) {
      expect(
        afterFiles.functions.get(name),
        `functions/${name}.sql differs from the migrations: make its migration (npm run db:function-migration -- ${name})`,
      ).toBe(def);
    }
    for (const [name, { fn, def }] of migrated.triggers) {
      expect(
        afterFiles.triggers.get(name)?.def,
        `trigger ${name} in functions/${fn}.sql differs from the migrations`,
      ).toBe(def);
    }
  });
});

describe("npm run db:function-migration", () => {
  // Two drizzle-kit runs (the schema check, then the migration): ~6 s alone, far more on a busy machine.
  it("makes a migration from a function's file that applies on top of the others", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "veo-function-migration-"));
    try {
      fs.cpSync(MIGRATIONS_DIR, out, { recursive: true });
      const before = new Set(fs.readdirSync(out));
      execFileSync(
        "node_modules/.bin/tsx",
        [
          "scripts/db-function-migration.ts",
          "--out",
          path.relative(process.cwd(), out),
          "veo_notify_task",
          "veo_notify_user",
        ],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      const made = fs.readdirSync(out).filter((f) => !before.has(f));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatch(/^0\d{3}_veo_notify_task\.sql$/);
      const text = fs.readFileSync(path.join(out, made[0]!), "utf8");
      for (const name of ["veo_notify_task", "veo_notify_user"]) {
        expect(text).toContain(
          readFunctionFile(name)
            .statements.join(`\n${STATEMENT_BREAKPOINT}\n`)
            .replace(/^(--.*\n)+/, ""),
        );
      }

      const journal = JSON.parse(fs.readFileSync(path.join(out, "meta", "_journal.json"), "utf8")) as {
        entries: { tag: string }[];
      };
      expect(journal.entries.at(-1)?.tag).toBe(made[0]!.slice(0, -".sql".length));
      // It applies on top of the committed migrations (CREATE OR REPLACE) and changes nothing while the files are live.
      const database = await createTestDatabase();
      try {
        const before = await catalogue(database.db);
        for (const statement of text.split(STATEMENT_BREAKPOINT)) await database.db.execute(sql.raw(statement));
        expect(await catalogue(database.db)).toEqual(before);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 90_000);
});
