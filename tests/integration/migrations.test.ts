import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../src/server/db/connect.js";
import { createTestDatabase } from "../helpers/test-db.js";

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("migrations", () => {
  it("match the schema: drizzle-kit finds nothing to generate", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "veo-drift-"));
    fs.cpSync(MIGRATIONS_DIR, out, { recursive: true });
    const before = listFiles(out);
    const log = execFileSync(
      "node_modules/.bin/drizzle-kit",
      // drizzle-kit wants a path relative to the working directory.
      ["generate", "--dialect", "postgresql", "--schema", "src/server/db/schema.ts", "--out", path.relative(process.cwd(), out)],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(listFiles(out), `drizzle-kit generated a migration: run npm run db:generate and commit it\n${log}`).toEqual(before);
    expect(log).toContain("No schema changes");
  });

  it("apply cleanly to a fresh database and twice without harm", async () => {
    const database = await createTestDatabase({ migrate: true });
    try {
      const res = (await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`)) as {
        rows: { table_name: string }[];
      };
      expect(res.rows.map((r) => r.table_name)).toEqual([
        "admin_notifications",
        "admin_settings",
        "api_tokens",
        "credit_packages",
        "kie_apis",
        "payment_orders",
        "rate_limit_windows",
        "sessions",
        "transactions",
        "uploads",
        "users",
        "video_files",
        "video_tasks",
      ]);
    } finally {
      await database.close();
    }
  });
});
