// Where the bench's processes run (BENCH_PIN=1; Linux, two cores or more). Left to itself, the
// scheduler of a 2-core machine now and then keeps the load generator and the server it measures
// on one core for tens of seconds, halving a line's rate with the same CPU per answer (docs/
// benchmarks.md, "Where the bench's processes run"). Pinned, the bench process and its load
// generator keep the first core and every server it starts (the product, with the embedded
// database it starts in turn, the limit and the peer) the others.
import { execFileSync, spawnSync } from "node:child_process";
import os from "node:os";

const cores = os.availableParallelism();
const ASKED = process.env.BENCH_PIN === "1";
const PINNED =
  ASKED &&
  process.platform === "linux" &&
  cores >= 2 &&
  spawnSync("taskset", ["--version"], { stdio: "ignore" }).status === 0;
if (ASKED && !PINNED) console.warn("BENCH_PIN=1: not pinned (it needs Linux, two cores or more and taskset).");

/** Moves this process, all its threads, to the first core. */
export function pinBench() {
  if (PINNED)
    execFileSync("taskset", ["--all-tasks", "--cpu-list", "--pid", "0", String(process.pid)], { stdio: "ignore" });
}

/** The command and arguments that run `file args` on the other cores (as they are, unpinned). */
export function onServerCores(file, args) {
  return PINNED ? ["taskset", ["--cpu-list", `1-${cores - 1}`, file, ...args]] : [file, args];
}
