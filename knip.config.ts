import type { KnipConfig } from "knip";

/**
 * The dead-code check (decision 0072), run by `npm run lint`: unused files, exports, types and
 * dependencies. Knip's plugins read the Vite, Vitest, Playwright, ESLint, Lingui and Drizzle
 * configs and package.json's scripts; the entries below are the rest. `.ci/run` runs `npm test`
 * (scripts/test.mjs) and the Dockerfile runs `npm run build` and dist/ of src/server/main.ts:
 * knip reads neither, so what they start is listed here. An export kept on purpose though no module
 * imports it carries a `@public` JSDoc tag instead of an entry here.
 */
const config: KnipConfig = {
  workspaces: {
    ".": {
      entry: [
        // The server: `npm start` and the Dockerfile run its build, `npm run dev` and the tests run it with tsx.
        "src/server/main.ts",
        // `npm run backup` and `npm run restore` import its build (scripts/backup.mjs).
        "src/server/ops/backup-cli.ts",
        // The built server runs its build in a process of its own to make a new PGlite folder (db/connect.ts).
        "src/server/db/create-pglite.ts",
        // Built with `vite build --ssr prerender.tsx` (scripts/build.mjs).
        "src/web/prerender.tsx",
        // package.json's scripts and the helpers they start (bench-webhooks.mjs spawns its receiver).
        "scripts/*.{mjs,ts}",
        // The n8n node's test in real n8n has a config of its own (`npm run test:n8n`, decision 0171).
        "vitest.n8n.config.ts",
        "tests/n8n/**/*.test.ts",
      ],
      // A .d.mts declares the types of the .mjs beside it for tsc; knip resolves imports of `x.mjs` to
      // the JavaScript, so the declarations would look unused.
      // The n8n community node is a package of its own, not a workspace (decision 0171): n8n loads its
      // files by package.json's `n8n` field, and its toolchain is scripts/n8n-harness.mjs's.
      ignore: ["scripts/*.d.mts", "tests/fakes/*.d.mts", "integrations/n8n-nodes-veo-studio/**"],
      // scripts/bench.mjs runs node_modules/.bin/lighthouse by its path, and scripts/build.mjs
      // TypeScript 7 (installed as typescript-7) by its path (decision 0109).
      ignoreDependencies: ["lighthouse", "typescript-7"],
    },
    // The typed client package (decision 0172): its package.json's exports (dist/ maps to src/) and
    // its build script are its entries; its build uses the root's TypeScript.
    "integrations/client": {},
  },
  // util-linux's: `BENCH_PIN=1` runs taskset when the machine has it (scripts/bench-pin.mjs), and
  // tests/integration/user-namespace.test.ts runs the server under unshare where it works.
  ignoreBinaries: ["taskset", "unshare"],
};

export default config;
