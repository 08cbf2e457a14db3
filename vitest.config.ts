import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/integration/**/*.test.ts", "tests/unit/**/*.test.ts"],
    // One migrated template per run; each test database starts as a copy of it (decision 0036).
    globalSetup: ["tests/helpers/global-setup.ts"],
    pool: "forks",
    // Test files share each worker's module cache (the server's code is imported once per worker,
    // not once per file): the PGlite pass took 153 s instead of 288 s (decision 0036). Every test
    // builds its own app and database, so no state is shared through modules.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
