import fs from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { linguiMacro } from "./scripts/vite-lingui-macro.mjs";

/**
 * `npm run test:unit` keeps the transformed modules on disk between runs (Vitest's
 * experimental.fsModuleCache, keyed on each file's content; decision 0070). What else a web
 * transform reads goes into the key: the Lingui config (the macro step), and a compiled .po
 * catalogue, which also reads the fallback language's, is never taken from the cache.
 */
const webModuleCacheKey: Plugin = {
  name: "web-module-cache-key",
  configureVitest({ experimental_defineCacheKeyGenerator }) {
    const linguiConfig = fs.readFileSync(path.resolve(import.meta.dirname, "lingui.config.ts"), "utf8");
    experimental_defineCacheKeyGenerator(({ id }) => (/\.po(\?|$)/.test(id) ? false : linguiConfig));
  },
};

/**
 * Four projects (decisions 0068, 0070): the server's unit tests (tests/unit: no database), its
 * integration tests (tests/integration), the web app's component and hook tests (tests/web, in
 * happy-dom) and the checks that read the whole repository (tests/repo: the catalogues against
 * the source, the lint rules on imports, the folders' dependencies). `npm test` runs all four;
 * `npm run test:unit`, the inner loop, runs unit and web.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          pool: "forks",
          // Files share each worker's modules, as in the other projects; no test keeps state in a module.
          isolate: false,
          // The timing tests (regex-backtracking) run long on a busy machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "repo",
          include: ["tests/repo/**/*.test.ts"],
          pool: "forks",
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // One migrated template per run; each test database starts as a copy of it (decision 0036).
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles: ["tests/helpers/cheap-password-hashes.ts"],
          pool: "forks",
          // Test files share each worker's module cache (the server's code is imported once per worker,
          // not once per file): the PGlite pass took 153 s instead of 288 s (decision 0036). Every test
          // builds its own app and database, so no state is shared through modules.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's own Vite transforms: Lingui's macros, the .po catalogues as modules, JSX.
        plugins: [linguiMacro(), lingui(), react(), webModuleCacheKey],
        resolve: { alias: [{ find: "@", replacement: path.resolve(import.meta.dirname, "src/web") }] },
        test: {
          name: "web",
          include: ["tests/web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["tests/web/setup.ts"],
          // Files share each worker's modules (React, Radix and the app are imported once: 6 s
          // instead of 10). Each test sets its language, clears the app's query client if it uses
          // it and gets its own client for the rest; setup.ts unmounts and unstubs after each.
          isolate: false,
          // A test clicks through a whole form: on a busy 2-core machine that can pass 5 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
