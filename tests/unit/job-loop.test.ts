import { describe, expect, it } from "vitest";
import { JobLoop } from "../../src/server/jobs/job-loop.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("JobLoop", () => {
  it("runs after the first delay, then every interval, never two runs at once, and stops after the current run", async () => {
    let active = 0;
    let overlaps = 0;
    let runs = 0;
    const loop = new JobLoop(
      async () => {
        active++;
        if (active > 1) overlaps++;
        runs++;
        await sleep(15);
        active--;
      },
      10,
      () => {},
    );
    loop.start(0);
    await sleep(5);
    for (let i = 0; i < 5; i++) loop.wake();
    await sleep(100);
    await loop.stop();
    const after = runs;
    await sleep(50);
    expect(overlaps).toBe(0);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBe(after);
    expect(active).toBe(0);
  });

  it("a wake during a run asks for exactly one more run at once", async () => {
    const starts: number[] = [];
    const loop = new JobLoop(
      async () => {
        starts.push(Date.now());
        await sleep(30);
      },
      10_000,
      () => {},
    );
    loop.start(0);
    await sleep(10);
    loop.wake();
    loop.wake();
    await sleep(100);
    await loop.stop();
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeLessThan(1_000);
  });

  it("reports a failed run and keeps going; a stopped loop ignores wakes", async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const loop = new JobLoop(
      async () => {
        runs++;
        throw new Error(`run ${runs} failed`);
      },
      5,
      (err) => errors.push(err),
    );
    loop.start(0);
    await sleep(60);
    await loop.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(runs);
    const stoppedAt = runs;
    loop.wake();
    await sleep(30);
    expect(runs).toBe(stoppedAt);
  });
});
