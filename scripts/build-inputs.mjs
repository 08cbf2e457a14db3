// What the production build depends on, hashed: `npm start` rebuilds when this changes.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const INPUTS = [
  "src",
  "package-lock.json",
  "vite.config.ts",
  "lingui.config.ts",
  "scripts/prerender.mjs",
  "scripts/vite-lingui-macro.mjs",
  "tsconfig.base.json",
  "tsconfig.build.json",
  "tsconfig.server.json",
  "tsconfig.web.json",
];

function* files(entry) {
  if (!fs.existsSync(entry)) return;
  if (fs.statSync(entry).isDirectory()) {
    for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else yield entry;
}

export function buildInputsHash(root) {
  const hash = crypto.createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update("\0").update(fs.readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex");
}

export const STAMP_FILE = "dist/.build-inputs";
