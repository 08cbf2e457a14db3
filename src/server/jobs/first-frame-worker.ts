/**
 * The first frames being made (decision 0161): claims due image tasks with row leases (FOR UPDATE
 * SKIP LOCKED, as the task worker does), asks the Market for each with backoff, and ends it: the
 * image kept as the person's upload (features/first-frames/keep-image.ts), or failed and refunded
 * exactly once. A task the vendor never took (the process died first) or that takes too long is
 * failed and refunded too.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { imageTasks } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { ImageRefused } from "../integrations/media/image-check.js";
import { VendorError } from "../integrations/video/errors.js";
import type { VideoVendors } from "../features/videos/video-vendors.js";
import {
  completeImageTask,
  failImageTask,
  FIRST_FRAME_FAILURES,
  type ImageTaskRow,
} from "../features/first-frames/first-frame-state.js";
import { UNSUBMITTED_GRACE_MS } from "../features/first-frames/first-frame-service.js";
import { ImageNotFetched, keepImage, type KeepImageDeps } from "../features/first-frames/keep-image.js";
import { isContentRefusal } from "../../shared/videos.js";
import { pool } from "../lib/pool.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface FirstFrameWorkerOptions {
  /** Waits between checks: the n-th check uses entry n (the last one repeats); KIE: start at 2-3 s, grow. */
  pollScheduleMs: number[];
  /** An image unfinished this long after it was asked for fails (and is refunded): KIE says stop after 10-15 minutes. */
  timeoutMs: number;
  leaseMs: number;
  batchSize: number;
  concurrency: number;
  intervalMs: number;
}

export const DEFAULT_FIRST_FRAME_WORKER_OPTIONS: FirstFrameWorkerOptions = {
  pollScheduleMs: [2_000, 3_000, 5_000, 8_000, 12_000, 20_000],
  timeoutMs: 10 * 60_000,
  leaseMs: 90_000,
  batchSize: 20,
  concurrency: 4,
  intervalMs: 2_000,
};

/** "recordInfo is null" this many times in a row: the Market has no such task. */
const NOT_FOUND_LIMIT = 5;

const at = (schedule: number[], attempt: number) => schedule[Math.min(attempt, schedule.length - 1)] ?? 20_000;

export interface FirstFrameWorkerDeps extends JobDeps, Omit<KeepImageDeps, "db" | "uploads"> {
  db: Db;
  uploads: KeepImageDeps["uploads"];
  provider: Pick<VideoVendors, "imageClientFor">;
}

export class FirstFrameWorker extends defineJob<FirstFrameWorkerDeps, FirstFrameWorkerOptions, ImageTaskRow>({
  name: "first-frame-worker",
  failure: "first frame scan failed",
  defaults: DEFAULT_FIRST_FRAME_WORKER_OPTIONS,
}) {
  protected override letGo(task: ImageTaskRow) {
    return this.release(task, {});
  }

  /** Handles every image task due now; returns how many. Tests call it directly. */
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

  private async claim(): Promise<ImageTaskRow[]> {
    const due = this.deps.db
      .select({ id: imageTasks.id })
      .from(imageTasks)
      .where(
        and(
          eq(imageTasks.status, "generating"),
          lte(imageTasks.nextCheckAt, sql`now()`),
          or(isNull(imageTasks.leaseUntil), lt(imageTasks.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(imageTasks.nextCheckAt))
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    return this.deps.db
      .update(imageTasks)
      .set({
        leaseUntil: sql`date_trunc('milliseconds', now() + ${this.opts.leaseMs}::integer * interval '1 millisecond')`,
      })
      .where(inArray(imageTasks.id, due))
      .returning();
  }

  private async handle(task: ImageTaskRow): Promise<void> {
    try {
      await this.check(task);
    } catch (err) {
      if (this.stranded.keep(task, err)) return;
      this.log.error({ err, imageTaskId: task.id }, "first frame check failed");
      await this.release(task, { nextCheckAt: new Date(Date.now() + 30_000) }).catch(() => {});
    }
  }

  private async check(task: ImageTaskRow): Promise<void> {
    const { db } = this.deps;
    const age = Date.now() - task.createdAt.getTime();
    if (!task.taskId) {
      if (age >= UNSUBMITTED_GRACE_MS) await failImageTask(db, task.id, FIRST_FRAME_FAILURES.interrupted, null);
      else await this.release(task, { nextCheckAt: new Date(task.createdAt.getTime() + UNSUBMITTED_GRACE_MS) });
      return;
    }
    if (age >= this.opts.timeoutMs) {
      await failImageTask(db, task.id, FIRST_FRAME_FAILURES.timedOut, null);
      return;
    }
    const attempts = task.checkAttempts + 1;
    const later = {
      checkAttempts: attempts,
      nextCheckAt: new Date(Date.now() + at(this.opts.pollScheduleMs, attempts)),
    };
    let record;
    try {
      const client = await this.deps.provider.imageClientFor(task);
      record = await client.jobRecord(task.taskId);
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      if (err.kind === "not_found" && attempts >= NOT_FOUND_LIMIT) {
        await failImageTask(db, task.id, FIRST_FRAME_FAILURES.failed, null);
        return;
      }
      this.log.warn(
        { imageTaskId: task.id, kind: err.kind, message: err.message },
        "first frame status failed; will retry",
      );
      await this.release(task, later);
      return;
    }
    if (record.state === "generating") return void (await this.release(task, later));
    if (record.state === "failed") {
      // The vendor's words stay in the log; the person reads ours (decision 0161).
      const refused = isContentRefusal(record.errorMessage);
      this.log.warn({ imageTaskId: task.id, message: record.errorMessage }, "the image model failed a first frame");
      await failImageTask(
        db,
        task.id,
        refused ? FIRST_FRAME_FAILURES.refused : FIRST_FRAME_FAILURES.failed,
        refused ? "refused" : null,
      );
      return;
    }
    await this.keep(task, record.resultUrls[0]!, record.cost, later);
  }

  /** The result kept as the person's upload, then the task completed (or failed and refunded). */
  private async keep(task: ImageTaskRow, url: string, cost: number | undefined, later: Partial<ImageTaskRow>) {
    const { db } = this.deps;
    let name: string;
    try {
      name = await keepImage(this.deps, task.userId, url);
    } catch (err) {
      if (err instanceof ImageRefused)
        return void (await failImageTask(db, task.id, FIRST_FRAME_FAILURES.notImage, null));
      if (err instanceof AppError && err.code === "upload_quota_exceeded")
        return void (await failImageTask(db, task.id, FIRST_FRAME_FAILURES.noSpace, null));
      if (err instanceof ImageNotFetched) {
        this.log.warn({ imageTaskId: task.id, message: err.message }, "first frame's image not fetched; will retry");
        return void (await this.release(task, later));
      }
      throw err;
    }
    if (!(await completeImageTask(db, task.id, { uploadName: name, vendorCost: cost }))) {
      // Ended meanwhile (failed and refunded by another worker): the copy is an unused upload, swept in a day.
      this.log.warn({ imageTaskId: task.id }, "a first frame ended while its image was kept");
    }
  }

  /** Gives the claim back with `changes`, only while it is still ours. */
  private async release(task: ImageTaskRow, changes: Partial<ImageTaskRow>): Promise<void> {
    await this.deps.db
      .update(imageTasks)
      .set({ ...changes, leaseUntil: null })
      .where(
        and(
          eq(imageTasks.id, task.id),
          task.leaseUntil ? eq(imageTasks.leaseUntil, task.leaseUntil) : isNull(imageTasks.leaseUntil),
        ),
      );
  }
}
