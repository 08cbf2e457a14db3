import path from "node:path";
import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacro } from "./scripts/vite-lingui-macro.mjs";

/**
 * Two projects (decision 0068): the server's integration and unit tests, and the web app's
 * component and hook tests (tests/web, in happy-dom). `npm test` runs both; `npm run test:unit`
 * runs tests/unit and tests/web only.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "server",
          include: ["tests/integration/**/*.test.ts", "tests/unit/**/*.test.ts"],
          // One migrated template per run; each test database starts as a copy of it (decision 0036).
          globalSetup: ["tests/helpers/global-setup.ts"],
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
        plugins: [linguiMacro(), lingui(), react()],
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
