// Runs the Vitest suite on embedded PGlite, then once more on PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets its own fresh database there).
import { spawnSync } from "node:child_process";

const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;
const vitest = (label, env, args) => {
  console.log(`\n=== Integration tests on ${label} ===`);
  const result = spawnSync("node_modules/.bin/vitest", ["run", ...args], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

vitest("PGlite", envWithoutPg, []);
if (TEST_DATABASE_URL) vitest(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env, ["tests/integration"]);
