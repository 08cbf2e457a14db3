import path from "node:path";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { linguiMacro } from "./scripts/vite-lingui-macro.mjs";

/**
 * Writes .vite/chunks.json: the source modules in each output chunk, so tests can check what a
 * page downloads (tests/e2e/bundle-budget.spec.ts); Vite's manifest only names chunks.
 */
function chunkModules(): Plugin {
  return {
    name: "chunk-modules",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { modules: string[] }> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        const modules = output.moduleIds
          .filter((id) => !id.startsWith("\0"))
          .map((id) =>
            path
              .relative(import.meta.dirname, id)
              .split(path.sep)
              .join("/"),
          );
        chunks[file] = { modules };
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunks.json", source: JSON.stringify(chunks, null, 1) });
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.DEV_API_PORT ?? 3001}`;

/**
 * Production builds swap React for Preact's React-compatible layer: the same components and
 * libraries in ~10 KB instead of ~67 KB gzipped (decision 0028; the landing page's budget is
 * 100 KB). The dev server keeps React for its fast refresh.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

/** Preact, the router, the query cache, Lingui, class names and the icon base: all on every page's first load. */
const FRAMEWORK =
  /node_modules[\\/](preact|wouter|regexparam|use-sync-external-store|@tanstack[\\/](query-core|react-query)|@lingui[\\/](core|react)|clsx|tailwind-merge|lucide-react[\\/]dist[\\/]esm[\\/](shared|context|Icon|createLucideIcon))[\\/.]/;

export default defineConfig(({ command }) => ({
  root: "src/web",
  // Macros first (they are TypeScript and JSX still), then the catalogues (.po) as modules.
  plugins: [linguiMacro(), lingui(), react(), tailwindcss(), chunkModules()],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "src/web") },
      ...(command === "build" ? preactAliases : []),
    ],
  },
  // The pre-render bundle (src/web/prerender.tsx) takes its libraries in, so they too get Preact.
  ssr: { noExternal: true },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page needs (the bundle budget test reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every page runs before it renders change least often: one long-lived chunk
        // (one file compresses better than a dozen small ones). Everything else is split by use, so a
        // page downloads only what it needs (the landing page's budget is 100 KB).
        codeSplitting: {
          groups: [{ name: "framework", test: FRAMEWORK, priority: 1 }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/healthz": { target: apiTarget, changeOrigin: false },
    },
  },
}));
