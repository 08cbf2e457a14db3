// `npm run db:function-migration -- <function> [<function>...] [--name <tag>]`: makes the next
// migration from the live files src/server/db/functions/<function>.sql (decision 0066). Edit a
// function's file first; tests/integration/database-functions.test.ts fails until its migration
// exists. Schema changes (npm run db:generate) come first: this refuses to run while schema.ts
// has changes no migration holds, as drizzle-kit's custom migration would record them unapplied.
// `--out <dir>` writes into another migrations folder (the test's copy).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { FUNCTIONS_DIR, readFunctionFile, STATEMENT_BREAKPOINT } from "../src/server/db/function-files.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, out: { type: "string", default: "src/server/db/migrations" } },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const known = fs
  .readdirSync(FUNCTIONS_DIR)
  .filter((f) => f.endsWith(".sql"))
  .map((f) => f.slice(0, -".sql".length));
if (positionals.length === 0)
  fail(`Usage: npm run db:function-migration -- <function>... [--name <tag>]\nFunctions: ${known.join(", ")}`);
for (const name of positionals)
  if (!known.includes(name)) fail(`No src/server/db/functions/${name}.sql. Functions: ${known.join(", ")}`);

const out = path.resolve(root, values.out);
const drizzleKit = (dir: string, extra: string[]) =>
  execFileSync(
    path.join(root, "node_modules/.bin/drizzle-kit"),
    // drizzle-kit wants paths relative to the working directory.
    [
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "src/server/db/schema.ts",
      "--out",
      path.relative(root, dir),
      ...extra,
    ],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-schema-check-"));
try {
  fs.cpSync(out, scratch, { recursive: true });
  const log = drizzleKit(scratch, []);
  if (!log.includes("No schema changes"))
    fail("schema.ts has changes no migration holds: run npm run db:generate first.");
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

drizzleKit(out, ["--custom", "--name", values.name ?? positionals[0]!]);
const journal = JSON.parse(fs.readFileSync(path.join(out, "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const file = path.join(out, `${journal.entries.at(-1)!.tag}.sql`);
// The file's statements without its opening comments (they speak of the file, not of this migration).
const body = positionals
  .map((name) =>
    readFunctionFile(name)
      .text.replace(/^(--.*\n)+/, "")
      .trim(),
  )
  .join(`\n${STATEMENT_BREAKPOINT}\n`);
const sources = positionals.map((name) => `src/server/db/functions/${name}.sql`).join(", ");
fs.writeFileSync(file, `-- Made from ${sources} by npm run db:function-migration (decision 0066).\n${body}\n`);
process.stdout.write(`${path.relative(root, file)}: ${positionals.join(", ")}\n`);
