import { defineConfig } from "vitest/config";

/**
 * The n8n community node in real n8n (decision 0171): its own config, so the whole suite's
 * `vitest run` never starts it. It installs n8n into node_modules/.cache once (a few minutes), then
 * builds, lints, scans and packs the node and starts n8n (up to three minutes on a busy machine).
 * `npm run test:n8n` runs it on Node 24 with TEST_DATABASE_URL (n8n needs PostgreSQL).
 */
export default defineConfig({
  test: {
    name: "n8n",
    include: ["tests/n8n/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/cheap-password-hashes.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 900_000,
  },
});
