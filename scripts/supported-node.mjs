// Which Nodes the product runs on (decisions 0111, 0125): 22.19 or newer, as Lingui 6 needs,
// matching package.json's `engines`. On an older Node the product's commands (`npm start`,
// `npm run dev`, the build, backup and restore, the bench, the test commands) run again on the
// npm registry's Node 24, fetched once into node_modules/.cache, with one line saying so; where the
// registry has no Node for the platform they stop with a message saying what to install.
// `node scripts/supported-node.mjs <command> [args]` runs a command (Vitest, Lingui) that way.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { machineNode, REGISTRY_NODE_HOME, registryHasNode, registryNode } from "./registry-node.mjs";

export const SUPPORTED_NODE = "^22.19.0 || >=24.0.0";

/** Set in a command run again on the registry's Node: the pid of the process that waits for it. */
const PARENT_VARIABLE = "VEO_STUDIO_RELAUNCHED_BY";

/** Whether `version` ("22.19.0", "v20.20.2") is one the product supports. */
export function isSupportedNode(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > 22 ? major >= 24 : major === 22 && minor >= 19;
}

/** The Node the product's own steps of `npm test` run on: the machine's when supported, else 22. */
export const productNode = () => (isSupportedNode(process.versions.node) ? machineNode : registryNode(22));

/**
 * A supported Node to run on instead of this one, `{ path, dir, version }`; or, where there is
 * none to take, a message saying what to install, and exit.
 */
function supportedNodeOrExit() {
  const stop = (why) => {
    console.error(
      `Veo Studio needs Node 22.19 or newer (24, the active LTS, is recommended); this is Node ${process.versions.node}${why}.\n` +
        "Install a newer Node (https://nodejs.org, or `nvm install` here: .nvmrc names 24) and run the command again.",
    );
    process.exit(1);
  };
  if (!registryHasNode()) stop(", and the npm registry has no Node for this platform");
  try {
    return registryNode(24);
  } catch (err) {
    return stop(`, and Node 24 could not be fetched from the npm registry (${err.message.split("\n")[0]})`);
  }
}

/**
 * Runs `command args` with `node` first on its PATH, so that it and what it spawns as `node` run on
 * that Node; passes on the signals this process gets, and ends as the command ended.
 */
function runWith(node, command, args) {
  const child = spawn(command, args, {
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: `${node.dir}${path.delimiter}${process.env.PATH ?? ""}`,
      [PARENT_VARIABLE]: String(process.pid),
    },
  });
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  const pass = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, pass);
  return new Promise(() => {
    child.on("error", (err) => {
      console.error(`${command}: ${err.message}`);
      process.exit(1);
    });
    child.on("exit", (code, signal) => {
      for (const s of signals) process.off(s, pass);
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  });
}

/**
 * What every product command does first: on a supported Node, nothing; on an older one, the same
 * script runs again on the registry's Node 24 and this process only waits for it (and so never
 * returns). A command run again ends itself when the process that waits for it is killed.
 */
export async function onSupportedNode() {
  if (isSupportedNode(process.versions.node)) return endWithParent();
  const node = registryNodeInstead();
  await runWith(node, node.path, [process.argv[1], ...process.argv.slice(2)]);
}

/** The registry's Node for a machine whose own is too old, with the line that says so. */
function registryNodeInstead() {
  const node = supportedNodeOrExit();
  console.error(
    `Node ${process.versions.node} is older than Veo Studio supports; running on Node ${node.version} from the npm registry, kept in ${REGISTRY_NODE_HOME}.`,
  );
  return node;
}

/** In a command run again: once the process that waits for it is gone (killed), stop as if told to. */
function endWithParent() {
  const parent = Number(process.env[PARENT_VARIABLE]);
  delete process.env[PARENT_VARIABLE];
  if (!parent || parent !== process.ppid) return;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
  }, 1000).unref();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error("usage: node scripts/supported-node.mjs <command> [args]");
    process.exit(2);
  }
  await runWith(isSupportedNode(process.versions.node) ? machineNode : registryNodeInstead(), command, args);
}
