// Runs the Vitest suite (the server's unit and integration tests and the web app's) on embedded PGlite, then
// the server's integration tests once more on PostgreSQL when
// TEST_DATABASE_URL is set (each test database there starts as a copy of a template migrated
// once per run: tests/helpers/global-setup.ts). `npm test` runs the same steps through
// scripts/test.mjs, beside the other checks.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { requireSupportedNode } from "./supported-node.mjs";

/** The integration steps: a label, the Vitest arguments and the environment of each. */
export function integrationSteps(env = process.env) {
  const { TEST_DATABASE_URL, ...envWithoutPg } = env;
  const steps = [{ label: "unit, integration and web tests on PGlite", args: ["run"], env: envWithoutPg }];
  if (TEST_DATABASE_URL) {
    steps.push({
      label: `integration on PostgreSQL (${new URL(TEST_DATABASE_URL).host})`,
      args: ["run", "--project", "integration"],
      env,
    });
  }
  return steps;
}

const VITEST = "node_modules/.bin/vitest";

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  requireSupportedNode();
  for (const step of integrationSteps()) {
    console.log(`\n=== ${step.label} ===`);
    const result = spawnSync(VITEST, step.args, { stdio: "inherit", env: step.env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
