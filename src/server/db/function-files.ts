/**
 * The database's own behaviour, one file per PL/pgSQL function (decision 0066):
 * `functions/<name>.sql` holds the live `CREATE OR REPLACE FUNCTION` and the `CREATE OR REPLACE
 * TRIGGER`s that run it, as statements a migration can hold. The server never reads these files:
 * migrations make the database; tests/integration/database-functions.test.ts holds each file
 * equal to what the migrated database has, and `npm run db:function-migration` makes the next
 * migration from them.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FUNCTIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "functions");

/** Drizzle's statement separator in migration files. */
export const STATEMENT_BREAKPOINT = "--> statement-breakpoint";

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  text: string;
  /** The statements, split as the migrator splits a migration. */
  statements: string[];
  /** The names of the triggers the file creates. */
  triggers: string[];
}

export function readFunctionFile(name: string, dir = FUNCTIONS_DIR): FunctionFile {
  const text = fs.readFileSync(path.join(dir, `${name}.sql`), "utf8");
  const statements = text
    .split(STATEMENT_BREAKPOINT)
    .map((s) => s.trim())
    .filter(Boolean);
  const triggers = [...text.matchAll(/^CREATE OR REPLACE TRIGGER "(\w+)"/gm)].map((m) => m[1]!);
  return { name, text, statements, triggers };
}

export function readFunctionFiles(dir = FUNCTIONS_DIR): FunctionFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => readFunctionFile(f.slice(0, -".sql".length), dir));
}
