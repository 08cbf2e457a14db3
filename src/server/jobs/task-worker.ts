/**
 * The background worker: asks the provider about unfinished tasks (record-info) and fetches
 * 1080p files for completed 16:9 ones, with backoff, until each is done. Work is claimed with a
 * row lease (FOR UPDATE SKIP LOCKED), so several processes on one database never handle the same
 * task at once; a process that dies leaves leases that expire and are picked up again.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/connect.js";
import { videoTasks } from "../db/schema.js";
import { VendorError } from "../integrations/video/errors.js";
import { UNSUBMITTED_PREFIX } from "../features/videos/generate-service.js";
import { completeTask, failTask, IN_PROGRESS, type TaskRow } from "../features/videos/task-state.js";
import { refundUhd } from "../features/videos/uhd.js";
import { InlineVideoRefused, type InlineVideoKeeper } from "../features/videos/inline-video.js";
import type { KeySource, VideoVendors } from "../features/videos/video-vendors.js";
import type { Mailer } from "../features/mail/outbox.js";
import { defineJob, type JobDeps } from "./define-job.js";
import { pool } from "../lib/pool.js";
import { TASK_FAILURES } from "../../shared/videos.js";
import { forCustomers } from "../features/videos/customer-wording.js";

export interface TaskWorkerOptions {
  /** Waits between status checks: the n-th check uses entry n (the last one repeats). */
  pollScheduleMs: number[];
  /** Waits between 1080p checks, likewise. */
  hdScheduleMs: number[];
  /** 1080p checks before giving up on a task's HD version. */
  hdMaxAttempts: number;
  /** Waits between 4K checks (KIE: 5-10 minutes to make, ask every 30 s or more). */
  uhdScheduleMs: number[];
  /** 4K checks before giving up and refunding the upgrade. */
  uhdMaxAttempts: number;
  /** A task unfinished this long after creation fails (and is refunded). */
  taskTimeoutMs: number;
  /** How long a claim holds; longer than one provider call with its timeout. */
  leaseMs: number;
  batchSize: number;
  concurrency: number;
  /** Idle wait between scans when nothing woke the worker. */
  intervalMs: number;
}

export const DEFAULT_WORKER_OPTIONS: TaskWorkerOptions = {
  pollScheduleMs: [3_000, 5_000, 8_000, 12_000, 20_000, 30_000],
  hdScheduleMs: [10_000, 15_000, 20_000, 30_000],
  hdMaxAttempts: 40,
  uhdScheduleMs: [30_000, 30_000, 60_000],
  uhdMaxAttempts: 40,
  taskTimeoutMs: 30 * 60_000,
  leaseMs: 90_000,
  batchSize: 20,
  concurrency: 5,
  intervalMs: 1_000,
};

/** A task still holding its placeholder id this long after creation was never submitted. */
const UNSUBMITTED_GRACE_MS = 2 * 60_000;
/** "record is null" this many times in a row: the provider has no such task. */
const NOT_FOUND_LIMIT = 5;

const at = (schedule: number[], attempt: number) => schedule[Math.min(attempt, schedule.length - 1)] ?? 30_000;

/** Changes to a task row: values, or SQL that reads the row as it is when the change lands. */
type TaskChanges = PgUpdateSetSource<typeof videoTasks>;

/** One fetch's outcome: the task's changes, and when to ask again (none: done either way). */
interface Step {
  changes: TaskChanges;
  retryInMs?: number;
}

/** This claim's lease, still in place: nobody took the task over after it ran out. */
const heldLease = (task: TaskRow) =>
  task.leaseUntil ? eq(videoTasks.leaseUntil, task.leaseUntil) : isNull(videoTasks.leaseUntil);

export interface TaskWorkerDeps extends JobDeps {
  db: Db;
  provider: VideoVendors;
  /** The person's mail when their web video finishes (decision 0086). */
  mailer: Mailer;
  /** Keeps a video handed over inline in our store before its task completes (decision 0176). */
  inlineVideos: Pick<InlineVideoKeeper, "resultUrlsOf">;
  /** Where KIE's 4K callback should go for a task's key (none: the worker polls). */
  callbackUrlFor?: (source: KeySource) => string | undefined;
}

/** New work (a submission, a callback) wakes it: it scans now rather than at the next tick. */
export class TaskWorker extends defineJob<TaskWorkerDeps, TaskWorkerOptions, TaskRow>({
  name: "task-worker",
  failure: "task worker scan failed",
  defaults: DEFAULT_WORKER_OPTIONS,
}) {
  /** A check the database's going away cut off: due again within seconds of its return (decision 0057). */
  protected override letGo(task: TaskRow) {
    return this.release(task, {});
  }

  /** Handles every task that is due now; returns how many. Tests call this directly. */
  async runOnce(): Promise<number> {
    await this.stranded.letGoAll();
    let handled = 0;
    for (;;) {
      const batch = await this.claim();
      handled += batch.length;
      await pool(batch, this.opts.concurrency, (task) => this.handle(task));
      if (batch.length < this.opts.batchSize) return handled;
    }
  }

  /**
   * Due and lease times are judged on the database's clock, the one every process shares: a
   * callback marks a task due at the database's `now()` (microseconds), which this process's
   * clock (milliseconds, maybe skewed) could still place in the future.
   */
  private async claim(): Promise<TaskRow[]> {
    const due = this.deps.db
      .select({ id: videoTasks.id })
      .from(videoTasks)
      .where(
        and(
          or(
            inArray(videoTasks.status, IN_PROGRESS),
            eq(videoTasks.hdStatus, "pending"),
            eq(videoTasks.uhdStatus, "pending"),
          ),
          lte(videoTasks.nextCheckAt, sql`now()`),
          or(isNull(videoTasks.leaseUntil), lt(videoTasks.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(videoTasks.nextCheckAt))
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    return (
      this.deps.db
        .update(videoTasks)
        // Milliseconds, as the row comes back to us: heldLease compares it exactly.
        .set({
          leaseUntil: sql`date_trunc('milliseconds', now() + ${this.opts.leaseMs}::integer * interval '1 millisecond')`,
        })
        .where(inArray(videoTasks.id, due))
        .returning()
    );
  }

  private async handle(task: TaskRow): Promise<void> {
    try {
      if ((IN_PROGRESS as readonly string[]).includes(task.status)) await this.checkGeneration(task);
      else await this.checkUpgrades(task);
    } catch (err) {
      // Still due: checked again as soon as the database is back (the loop logs the outage once).
      if (this.stranded.keep(task, err)) return;
      this.log.error({ err, taskId: task.taskId }, "task check failed");
      await this.release(task, { nextCheckAt: new Date(Date.now() + 30_000) }).catch(() => {});
    }
  }

  private async checkGeneration(task: TaskRow): Promise<void> {
    const age = Date.now() - task.createdAt.getTime();
    if (task.taskId.startsWith(UNSUBMITTED_PREFIX)) {
      if (age >= UNSUBMITTED_GRACE_MS)
        await failTask(this.deps.db, task.id, TASK_FAILURES.interrupted, null, this.deps.mailer);
      else await this.release(task, { nextCheckAt: new Date(task.createdAt.getTime() + UNSUBMITTED_GRACE_MS) });
      return;
    }
    if (age >= this.opts.taskTimeoutMs) {
      await failTask(this.deps.db, task.id, TASK_FAILURES.timedOut, null, this.deps.mailer);
      return;
    }
    const attempts = task.checkAttempts + 1;
    const later = {
      checkAttempts: attempts,
      nextCheckAt: new Date(Date.now() + at(this.opts.pollScheduleMs, attempts)),
    };
    try {
      const maker = await this.deps.provider.makerFor(task);
      const record = await maker.status(task.taskId);
      if (record.state === "succeeded") {
        let resultUrls: string[];
        try {
          // A video handed over inline is kept in our store first (decision 0176).
          resultUrls = await this.deps.inlineVideos.resultUrlsOf(task, record);
        } catch (err) {
          if (!(err instanceof InlineVideoRefused)) throw err;
          await failTask(this.deps.db, task.id, err.message, null, this.deps.mailer);
          return;
        }
        await completeTask(
          this.deps.db,
          task.id,
          resultUrls,
          this.opts.hdScheduleMs[0] ?? 10_000,
          this.deps.mailer,
          undefined,
          record.cost,
        );
      } else if (record.state === "failed")
        // A prompt refused for its content is the person's, not a failure (decision 0082).
        await failTask(this.deps.db, task.id, record.message, record.refused ? "refused" : null, this.deps.mailer);
      else await this.release(task, later);
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      if (err.kind === "not_found" && attempts >= NOT_FOUND_LIMIT) {
        await failTask(this.deps.db, task.id, TASK_FAILURES.unknownToProvider, null, this.deps.mailer);
        return;
      }
      // Rate limits, outages and key trouble are the provider's state, not the video's: retry.
      this.log.warn({ taskId: task.taskId, kind: err.kind, message: err.message }, "status check failed; will retry");
      await this.release(task, later);
    }
  }

  /** A finished task's 1080p and 4K fetches, each on its own schedule; the task is due again at the sooner one. */
  private async checkUpgrades(task: TaskRow): Promise<void> {
    const steps = [
      task.hdStatus === "pending" ? await this.hdStep(task) : undefined,
      task.uhdStatus === "pending" ? await this.uhdStep(task) : undefined,
    ];
    const waits = steps.flatMap((step) => (step?.retryInMs === undefined ? [] : [step.retryInMs]));
    await this.release(task, {
      ...steps[0]?.changes,
      ...steps[1]?.changes,
      nextCheckAt: waits.length > 0 ? new Date(Date.now() + Math.min(...waits)) : null,
    });
  }

  private async hdStep(task: TaskRow): Promise<Step> {
    const attempts = task.hdAttempts + 1;
    try {
      const maker = await this.deps.provider.makerFor(task);
      if (!maker.hd1080) return { changes: { hdStatus: "failed", hdAttempts: attempts } };
      const hd = await maker.hd1080(task.taskId);
      if (hd.ready) return { changes: { hdVideoUrl: hd.url, hdStatus: "ready" } };
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      if (err.kind === "rejected" || err.kind === "not_found")
        return { changes: { hdStatus: "failed", hdAttempts: attempts } };
    }
    if (attempts >= this.opts.hdMaxAttempts) return { changes: { hdStatus: "failed", hdAttempts: attempts } };
    return { changes: { hdAttempts: attempts }, retryInMs: at(this.opts.hdScheduleMs, attempts) };
  }

  /** Asks KIE for the 4K file; a final "no" (or too many tries) refunds the surcharge, once. */
  private async uhdStep(task: TaskRow): Promise<Step> {
    const attempts = task.uhdAttempts + 1;
    let failure: string | undefined;
    try {
      const maker = await this.deps.provider.makerFor(task);
      if (!maker.uhd4k) throw new VendorError("rejected", "This video's vendor makes no 4K version");
      const uhd = await maker.uhd4k(task.taskId, this.deps.callbackUrlFor?.(task.providerSource as KeySource));
      // Only an upgrade still owed takes the file: deleting the video meanwhile refunded it.
      const owed = sql`${videoTasks.uhdStatus} = 'pending'`;
      if (uhd.state === "ready")
        return {
          changes: {
            uhdVideoUrl: sql`case when ${owed} then ${uhd.url} else ${videoTasks.uhdVideoUrl} end`,
            uhdStatus: sql`case when ${owed} then 'ready' else ${videoTasks.uhdStatus} end`,
          },
        };
      if (uhd.state === "unavailable") failure = uhd.message;
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      if (err.kind === "rejected" || err.kind === "not_found") failure = forCustomers(err.message);
      else this.log.warn({ taskId: task.taskId, kind: err.kind, message: err.message }, "4K check failed; will retry");
    }
    if (failure === undefined && attempts >= this.opts.uhdMaxAttempts) failure = "The 4K version took too long to make";
    if (failure !== undefined) {
      await this.deps.db.transaction((tx) => refundUhd(tx, task.id, failure));
      return { changes: {} };
    }
    return { changes: { uhdAttempts: attempts }, retryInMs: at(this.opts.uhdScheduleMs, attempts) };
  }

  /** Ends this claim with `changes`, unless its lease ran out and another process holds the task now. */
  private async release(task: TaskRow, changes: TaskChanges): Promise<void> {
    await this.deps.db
      .update(videoTasks)
      .set({ ...changes, leaseUntil: null })
      .where(and(eq(videoTasks.id, task.id), heldLease(task)));
  }
}
