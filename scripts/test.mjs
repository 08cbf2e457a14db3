// `npm test`: typecheck, lint, the formatting check, the Vitest suite, the browser tests and the
// n8n node in real n8n (decisions 0036, 0114, 0119, 0171). First the checks and the build, two at
// a time, with the n8n toolchain's install beside them; then the tests one step at a time
// (scripts/test-schedule.mjs). With TEST_DATABASE_URL set, the suite runs whole
// with its integration tests on PostgreSQL, then the integration files PGlite can break once more
// on PGlite; without it, the whole suite runs on PGlite. Then the browser tests.
// Each step's output is printed whole when it ends, then a summary. Any failed step fails the
// run, and once one has failed no further step starts; the summary names the failed tests again.
// `--serial` runs the steps one at a time.
import { spawn } from "node:child_process";
import path from "node:path";
import { node24 } from "./registry-node.mjs";
import { productNode } from "./supported-node.mjs";
import { failureLines } from "./test-failures.mjs";
import { integrationSteps } from "./test-integration.mjs";
import { runSchedule } from "./test-schedule.mjs";

const VITEST_SCRIPT = "node_modules/vitest/vitest.mjs";

const serial = process.argv.includes("--serial");
const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
const started = Date.now();
const results = [];
const running = new Map();
let failed = false;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

/** Runs one step with its output collected; prints it when the step ends. */
function run({ label, command, args, env = process.env }) {
  if (failed) {
    results.push({ label, status: "skipped" });
    return Promise.resolve(false);
  }
  const begin = Date.now();
  running.set(label, begin);
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { env: { ...env, ...colour }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    child.on("error", (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on("close", (code, signal) => {
      running.delete(label);
      const ok = code === 0;
      const ms = Date.now() - begin;
      if (!ok) failed = true;
      const output = Buffer.concat(chunks).toString().trimEnd();
      results.push({ label, status: ok ? "passed" : "FAILED", ms, failures: ok ? [] : failureLines(output) });
      const why = ok ? "" : signal ? ` (killed by ${signal})` : ` (exit code ${code})`;
      process.stdout.write(`\n──── ${label}: ${ok ? "passed" : "FAILED"}${why} in ${seconds(ms)} ────\n${output}\n`);
      resolve(ok);
    });
  });
}

const npmRun = (label, script) => ({ label, command: "npm", args: ["run", "--silent", script] });
const newer = node24();
const product = productNode();
for (const { note, version } of [newer, product])
  if (note) console.log(`${note}: the step runs on this machine's Node ${version}.`);
/**
 * A step whose script runs on `node`, with that Node first on its PATH: what the step spawns as
 * `node` (Vite, the browser tests' servers) runs on it too.
 */
const onNode = (node, label, script, args, env = process.env) => ({
  label: `${label} (Node ${node.version})`,
  command: node.path,
  args: [script, ...args],
  env: { ...env, PATH: `${node.dir}${path.delimiter}${env.PATH ?? ""}` },
});
// The whole suite on the newer Node, the second pass (if any) and the browser tests' server on the product's.
const [wholeStep, ...secondSteps] = integrationSteps();
const whole = onNode(newer, wholeStep.label, VITEST_SCRIPT, wholeStep.args, wholeStep.env);
const second = secondSteps.map((s) => onNode(product, s.label, VITEST_SCRIPT, s.args, s.env));
const typecheck = npmRun("typecheck", "typecheck");
const lint = npmRun("lint", "lint");
const format = npmRun("format (prettier --check)", "format:check");
const build = onNode(product, "build (if stale)", "scripts/build.mjs", ["--if-stale"]);
const e2e = onNode(product, "browser tests (Playwright)", "node_modules/@playwright/test/cli.js", ["test"]);
// The n8n node in real n8n (decision 0171): its toolchain installed once into node_modules/.cache
// beside the checks, its test after the browser tests (n8n needs Node 24).
const n8nToolchain = onNode(newer, "n8n toolchain (installed if missing)", "scripts/n8n-harness.mjs", ["install"]);
const n8n = npmRun("n8n node in real n8n", "test:n8n");

const heartbeat = setInterval(() => {
  const now = Date.now();
  const list = [...running].map(([label, begin]) => `${label} (${clock(now - begin)})`).join(", ");
  if (list) console.log(`… ${clock(now - started)}: still running ${list}`);
}, 60_000);

if (serial) {
  for (const step of [typecheck, lint, format, whole, ...second, build, e2e, n8nToolchain, n8n]) await run(step);
} else {
  const checks = [typecheck, format, build];
  const fetches = [n8nToolchain];
  const tests = [whole, ...second, e2e, n8n];
  console.log(
    `Running at once: ${lint.label}; ${checks.map((s) => s.label).join(", then ")}; ${fetches.map((s) => s.label).join(", then ")}. Then ${tests.map((s) => s.label).join(", then ")}.`,
  );
  await runSchedule({ lint, checks, fetches, tests }, run);
}
clearInterval(heartbeat);

console.log("\n──── summary ────");
for (const r of results)
  console.log(`${r.status.padEnd(8)} ${r.ms === undefined ? "" : seconds(r.ms).padStart(8)}  ${r.label}`);
for (const r of results.filter((x) => x.failures?.length)) console.log(`\n${r.label}:\n${r.failures.join("\n")}`);
console.log(`npm test ${failed ? "FAILED" : "passed"} in ${clock(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
