// Which Nodes the product runs on (decision 0111): 22.19 or newer, as Lingui 6 needs, matching
// package.json's `engines`. `npm start`, `npm run dev`, the build, `npm run test:unit`,
// `npm run test:integration` and `npm run i18n:extract` stop at once on an older one with a message
// saying what to install, rather than failing deep inside a tool (`node scripts/supported-node.mjs`
// is the check on its own).
import { fileURLToPath } from "node:url";

export const SUPPORTED_NODE = "^22.19.0 || >=24.0.0";

/** Whether `version` ("22.19.0", "v20.20.2") is one the product supports. */
export function isSupportedNode(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > 22 ? major >= 24 : major === 22 && minor >= 19;
}

/** Exits with a clear message when this Node is too old. */
export function requireSupportedNode() {
  if (isSupportedNode(process.versions.node)) return;
  console.error(
    `Veo Studio needs Node 22.19 or newer (24, the active LTS, is recommended); this is Node ${process.versions.node}.\n` +
      "Install a newer Node (https://nodejs.org, or `nvm install` here: .nvmrc names 24) and run the command again.",
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) requireSupportedNode();
