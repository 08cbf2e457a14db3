import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { integrationSteps, PGLITE_FILES } from "../../scripts/test-integration.mjs";

const DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

describe("the Vitest suite's passes (decision 0114)", () => {
  it("without a PostgreSQL server, runs the whole suite on PGlite", () => {
    const steps = integrationSteps({ PATH: "/bin" });
    expect(steps).toHaveLength(1);
    expect(steps[0]!.args).toEqual(["run"]);
    expect(steps[0]!.env).toEqual({ PATH: "/bin" });
  });

  it("with one, runs the whole suite on it, then the files PGlite can break on PGlite", () => {
    const [whole, pglite, ...more] = integrationSteps({ PATH: "/bin", TEST_DATABASE_URL: DATABASE_URL });
    expect(more).toEqual([]);
    // Four workers: its slowest files wait rather than compute (scripts/test-integration.mjs).
    expect(whole!.args).toEqual(["run", "--maxWorkers=4"]);
    expect(whole!.env.TEST_DATABASE_URL).toBe(DATABASE_URL);
    expect(pglite!.args).toEqual(["run", "--project", "integration", ...PGLITE_FILES]);
    expect(pglite!.env).toEqual({ PATH: "/bin" });
  });

  it("names only files that exist, each once, among them the embedded modes' and the database layer's", () => {
    for (const file of PGLITE_FILES) expect(fs.existsSync(file), file).toBe(true);
    expect(new Set(PGLITE_FILES).size).toBe(PGLITE_FILES.length);
    for (const name of ["backup", "embedded-postgres", "startup", "migrations", "live-events"])
      expect(PGLITE_FILES).toContain(`tests/integration/${name}.test.ts`);
  });
});
