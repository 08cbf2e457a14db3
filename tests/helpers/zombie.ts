/**
 * A zombie for the tests of who holds DATA_DIR (decision 0126): a process that has ended and whose
 * parent never reaps it, so its id still answers signals. Linux: the state is read from /proc.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect } from "vitest";

/** The zombie's id, and its parent (a shell that became `sleep`), which the caller kills at the end. */
export async function aZombie(): Promise<{ pid: number; parent: ChildProcess }> {
  // The child ends after its shell has become `sleep`, which never reaps it.
  const parent = spawn("sh", ["-c", "sleep 0.2 & echo $!; exec sleep 600"], { stdio: ["ignore", "pipe", "ignore"] });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.once("error", reject);
    parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  // Until it has ended it runs.
  await expect.poll(() => /\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8")), { timeout: 10_000 }).toBe(true);
  return { pid, parent };
}
