// Production build: the SPA with Vite into dist/web, the server with tsc into dist/node (emitted
// without a second type check).
// `--if-stale` skips the build when dist/ was built from exactly the current sources.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { buildInputsHash, STAMP_FILE } from "./build-inputs.mjs";
import { prerender } from "./prerender.mjs";
import { onSupportedNode } from "./supported-node.mjs";

/**
 * The folders of files the compiled server reads next to its own code (via import.meta.url), under
 * src/ and dist/node/: tsc emits only JavaScript, so the build copies them.
 */
export const SERVER_FILE_DIRS = [
  "server/db/migrations",
  // The KIE simulator's sample clips.
  "server/simulator/clips",
  // The automation guide's Markdown prose (decision 0071).
  "server/features/automation/prose",
  // The legal pages' starting texts (decision 0079).
  "server/features/legal/starting-texts",
];

/** The mail's catalogues beside the web app's (decision 0085), read by the server at start. */
export const SERVER_CATALOGUES = ["web/locales/en/mail.po", "web/locales/vi/mail.po"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * TypeScript 7, the native compiler, for the build's emit and `npm run typecheck` (decision 0109).
 * Called by its path: it and TypeScript 5.9 (the library typescript-eslint loads) both name their
 * command `tsc`, and which one node_modules/.bin/tsc links to is npm's choice.
 */
export const TSC = path.join(root, "node_modules/typescript-7/bin/tsc");
const stampPath = path.join(root, STAMP_FILE);

export function isBuildFresh() {
  return fs.existsSync(stampPath) && fs.readFileSync(stampPath, "utf8") === buildInputsHash(root);
}

export async function build() {
  const bin = (name) => path.join(root, "node_modules", ".bin", name);
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: "inherit" });
  console.log("Building the web app and the server...");
  // Hashed before building: a source changed during the build then makes the next check stale.
  const inputsHash = buildInputsHash(root);
  fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
  run(bin("vite"), ["build", "--logLevel", "warn"]);
  // The landing page in each language, rendered by a server bundle of the same components.
  run(bin("vite"), ["build", "--logLevel", "warn", "--ssr", "prerender.tsx", "--outDir", "../../dist/prerender"]);
  await prerender(root);
  fs.rmSync(path.join(root, "dist/prerender"), { recursive: true, force: true });
  precompress(path.join(root, "dist/web/assets"));
  // Emit only: `npm run typecheck` (part of npm test) is where types are checked.
  run(process.execPath, [TSC, "-p", "tsconfig.build.json", "--noCheck"]);
  for (const item of [...SERVER_FILE_DIRS, ...SERVER_CATALOGUES])
    fs.cpSync(path.join(root, "src", item), path.join(root, "dist/node", item), { recursive: true });
  fs.writeFileSync(stampPath, inputsHash);
  console.log("Build complete.");
}

/**
 * Brotli and gzip copies of the text assets, made once at build time: the server sends the one
 * the browser accepts (@fastify/static preCompressed) without compressing on every request.
 */
function precompress(dir) {
  for (const name of fs.readdirSync(dir)) {
    if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
    const file = path.join(dir, name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await onSupportedNode();
  if (process.argv.includes("--if-stale") && isBuildFresh()) {
    console.log("Build is up to date.");
  } else {
    await build();
  }
}
