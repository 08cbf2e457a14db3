/**
 * The one job shape (decision 0067): defineJob owns the timer loop (start, stop, wake, the state
 * /healthz reads), the failure log (an unreachable database once per outage), the run metrics,
 * options over defaults and the leases an outage strands.
 */
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defineJob, type JobDeps } from "../../src/server/jobs/define-job.js";
import { processRegistry } from "../../src/server/metrics/instruments.js";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** A real pino logger whose lines land in `lines`. */
function capturedLog() {
  const lines: { level: number; msg: string; job?: string; err?: { message: string } }[] = [];
  const log = pino({}, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

interface CountingOptions {
  intervalMs: number;
  label: string;
}

/** A job in a few lines: counts its runs; each run takes the next outcome (an error to throw, or null). */
class CountingJob extends defineJob<JobDeps & { outcomes: (Error | null)[] }, CountingOptions, { id: string }>({
  name: "counting-job",
  failure: "counting job failed",
  defaults: { intervalMs: 1_000, label: "default" },
}) {
  runs = 0;
  released: string[] = [];
  /** Leases this run holds: kept when its outcome says the database went away. */
  pending: { id: string }[] = [];
  private outcome: Error | null = null;

  async runOnce(): Promise<number> {
    this.outcome = this.deps.outcomes[this.runs++] ?? null;
    await this.stranded.letGoAll();
    if (this.outcome) {
      for (const lease of this.pending.splice(0)) this.stranded.keep(lease, this.outcome);
      throw this.outcome;
    }
    return this.runs;
  }

  protected override async letGo(lease: { id: string }) {
    if (this.outcome) throw this.outcome;
    this.released.push(lease.id);
  }

  get stopAsked() {
    return this.stopRequested;
  }
}

const runsCounted = async (job: string, outcome: string) =>
  (await processRegistry.getSingleMetric("veo_job_runs_total")!.get()).values.find(
    (v) => v.labels.job === job && v.labels.outcome === outcome,
  )?.value ?? 0;

describe("defineJob", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("merges options over the defaults and names the job in its log lines", () => {
    const { log } = capturedLog();
    const job = new CountingJob({ outcomes: [], log }, { label: "mine" });
    expect(job.opts).toEqual({ intervalMs: 1_000, label: "mine" });
    expect(job.name).toBe("counting-job");
    expect(new CountingJob({ outcomes: [] }).opts).toEqual({ intervalMs: 1_000, label: "default" });
  });

  it("runs at start, every interval, at once when woken, and never after stop; its state is what /healthz reads", async () => {
    const job = new CountingJob({ outcomes: [null, null, null, refused, null] }, { intervalMs: 500 });
    expect(job.state).toBe("off");
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([job.runs, job.state]).toEqual([1, "ok"]);
    await vi.advanceTimersByTimeAsync(499);
    expect(job.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(2);
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.runs).toBe(3);
    await vi.advanceTimersByTimeAsync(500);
    expect([job.runs, job.state]).toEqual([4, "failing"]);
    await vi.advanceTimersByTimeAsync(500);
    expect([job.runs, job.state]).toEqual([5, "ok"]);
    await job.stop();
    expect([job.state, job.stopAsked]).toEqual(["off", true]);
    job.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.runs).toBe(5);
  });

  it("can start one interval later", async () => {
    class Later extends defineJob<JobDeps, { intervalMs: number }>({
      name: "later",
      failure: "later failed",
      defaults: { intervalMs: 300 },
      firstRun: "after-interval",
    }) {
      runs = 0;
      async runOnce() {
        this.runs++;
      }
    }
    const job = new Later({});
    job.start();
    await vi.advanceTimersByTimeAsync(299);
    expect(job.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(1);
    await job.stop();
  });

  it("logs an unreachable database once per outage and every other failure each time, and counts every run", async () => {
    const { log, lines } = capturedLog();
    const bug = new Error("bug");
    const job = new CountingJob(
      { outcomes: [refused, refused, refused, null, refused, bug, bug, null], log },
      { intervalMs: 10 },
    );
    const [okBefore, failedBefore] = [
      await runsCounted("counting-job", "ok"),
      await runsCounted("counting-job", "failed"),
    ];
    job.start();
    await vi.advanceTimersByTimeAsync(75);
    await job.stop();
    expect(job.runs).toBe(8);
    const failures = lines.filter((l) => l.msg === "counting job failed");
    expect(failures.map((l) => [l.level, l.job, l.err?.message])).toEqual([
      [50, "counting-job", refused.message],
      [50, "counting-job", refused.message],
      [50, "counting-job", "bug"],
      [50, "counting-job", "bug"],
    ]);
    expect((await runsCounted("counting-job", "ok")) - okBefore).toBe(2);
    expect((await runsCounted("counting-job", "failed")) - failedBefore).toBe(6);
    const timed = await processRegistry.getSingleMetricAsString("veo_job_run_duration_seconds");
    expect(
      Number(/veo_job_run_duration_seconds_count\{job="counting-job"\} (\d+)/.exec(timed)?.[1]),
    ).toBeGreaterThanOrEqual(8);
  });

  it("keeps the leases an outage cut off and lets them go at the first run that reaches the database", async () => {
    const job = new CountingJob({ outcomes: [refused, refused, null] });
    job.pending = [{ id: "a" }, { id: "b" }];
    await expect(job.runOnce()).rejects.toBe(refused);
    // Still away: letting go fails, the leases stay kept.
    await expect(job.runOnce()).rejects.toBe(refused);
    expect(job.released).toEqual([]);
    await job.runOnce();
    expect(job.released).toEqual(["a", "b"]);
  });

  it("refuses to keep a lease for a job that declares no letGo", async () => {
    class NoLeases extends defineJob<JobDeps, { intervalMs: number }, { id: string }>({
      name: "no-leases",
      failure: "failed",
      defaults: { intervalMs: 1 },
    }) {
      async runOnce() {
        this.stranded.keep({ id: "x" }, refused);
        await this.stranded.letGoAll();
      }
    }
    await expect(new NoLeases({}).runOnce()).rejects.toThrow("no-leases keeps no leases");
  });
});
