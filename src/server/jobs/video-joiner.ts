/**
 * Joins a last-frame extension to its parent (decision 0159): once the extension is finished and
 * its file kept (decision 0043), FFmpeg puts the parent's kept video (its own joined video when it
 * has one) and the new part into one file, re-encoded to the new part's size and frame rate, with
 * silence where a part has no sound. The file goes into the video store beside the others, under
 * the same retention and deletion rules (video-removal.ts), and the task's `joined_video_url`
 * names it. Tasks are claimed with the task row's lease, by a conditional update, as the task
 * worker claims them: one process joins a task at a time, and a join that lost its lease or whose
 * video was deleted meanwhile keeps nothing. A join that fails leaves the new part playable alone.
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { videoTasks } from "../db/schema.js";
import { joinedBlobName, keptSource, withLocalFile } from "../features/videos/kept-copy.js";
import type { TaskRow } from "../features/videos/task-state.js";
import { archivedVideoPath } from "../features/videos/video-files.js";
import { bundledFfmpegPath } from "../integrations/media/video-frame.js";
import { joinVideos } from "../integrations/media/video-join.js";
import type { VideoStore } from "../integrations/storage/video-store.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface VideoJoinerOptions {
  intervalMs: number;
  batchSize: number;
  /** A join holds its task this long (longer than FFmpeg may take plus the store's upload). */
  leaseMs: number;
  /** A task whose parent is not kept yet (or still being joined itself) is looked at again after this. */
  waitMs: number;
  /** The FFmpeg that joins (the bundled one); undefined: none here, so nothing is joined (and nothing extended from a last frame). */
  ffmpegPath: string | undefined;
  joinTimeoutMs: number;
}

const DEFAULT_JOINER_OPTIONS: VideoJoinerOptions = {
  intervalMs: 5_000,
  batchSize: 2,
  leaseMs: 20 * 60_000,
  waitMs: 30_000,
  ffmpegPath: bundledFfmpegPath(),
  joinTimeoutMs: 5 * 60_000,
};

export interface VideoJoinerDeps extends JobDeps {
  db: Db;
  videoStore: VideoStore;
}

/** This claim's lease, still in place (whole milliseconds, as the claim wrote it). */
const heldLease = (task: TaskRow) =>
  task.leaseUntil ? eq(videoTasks.leaseUntil, task.leaseUntil) : isNull(videoTasks.leaseUntil);

const stillOurs = (task: TaskRow) =>
  and(eq(videoTasks.id, task.id), eq(videoTasks.joinStatus, "pending"), isNull(videoTasks.deletedAt), heldLease(task));

export class VideoJoiner extends defineJob<VideoJoinerDeps, VideoJoinerOptions, TaskRow>({
  name: "video-joiner",
  failure: "video join scan failed",
  defaults: DEFAULT_JOINER_OPTIONS,
}) {
  protected override letGo(task: TaskRow) {
    return this.deps.db
      .update(videoTasks)
      .set({ leaseUntil: null })
      .where(and(eq(videoTasks.id, task.id), heldLease(task)));
  }

  /** Joins every extension that is due; returns how many were handled. Tests call this directly. */
  async runOnce(): Promise<number> {
    await this.stranded.letGoAll();
    if (!this.opts.ffmpegPath) return 0;
    // An extension that failed has nothing to join.
    await this.deps.db
      .update(videoTasks)
      .set({ joinStatus: "none" })
      .where(and(eq(videoTasks.joinStatus, "pending"), eq(videoTasks.status, "failed")));
    let handled = 0;
    for (;;) {
      const batch = await this.claim();
      handled += batch.length;
      // One at a time: FFmpeg uses every core it gets.
      for (const task of batch) await this.handle(task);
      if (batch.length < this.opts.batchSize || this.stopRequested) return handled;
    }
  }

  /**
   * Finished extensions waiting to be joined whose own file is no longer being copied, free of any
   * lease (the task worker's too: one process works on a task at a time).
   */
  private async claim(): Promise<TaskRow[]> {
    const { db } = this.deps;
    const due = db
      .select({ id: videoTasks.id })
      .from(videoTasks)
      .where(
        and(
          eq(videoTasks.joinStatus, "pending"),
          eq(videoTasks.status, "completed"),
          isNull(videoTasks.deletedAt),
          or(isNull(videoTasks.leaseUntil), lt(videoTasks.leaseUntil, sql`now()`)),
          sql`not exists (select 1 from video_files f where f.video_task_id = ${videoTasks.id} and f.quality = '720p' and f.status = 'pending')`,
        ),
      )
      .orderBy(videoTasks.completedAt)
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(videoTasks)
      .set({
        leaseUntil: sql`date_trunc('milliseconds', now() + ${this.opts.leaseMs}::integer * interval '1 millisecond')`,
      })
      .where(inArray(videoTasks.id, due))
      .returning();
  }

  private async handle(task: TaskRow): Promise<void> {
    const { db, videoStore: store } = this.deps;
    try {
      const [parent] = await db
        .select()
        .from(videoTasks)
        .where(and(eq(videoTasks.taskId, task.extendedFrom ?? ""), eq(videoTasks.userId, task.userId)));
      // The parent still being joined to its own parent: its whole video comes first.
      if (parent?.joinStatus === "pending" && !parent.deletedAt) return await this.later(task);
      const [first, second] = [
        parent && !parent.deletedAt ? await keptSource(db, parent) : ({ kind: "gone" } as const),
        await keptSource(db, { ...task, joinStatus: "none" }),
      ];
      if (first.kind === "saving" || second.kind === "saving") return await this.later(task);
      if (first.kind === "gone") return await this.fail(task, "the video it continues is no longer kept");
      if (second.kind === "gone") return await this.fail(task, "its own file is no longer kept");

      await fsp.mkdir(store.tempDir, { recursive: true });
      const out = path.join(store.tempDir, `${crypto.randomUUID()}.joined.mp4`);
      try {
        await withLocalFile(store, first.blobName, (a) =>
          withLocalFile(store, second.blobName, (b) =>
            joinVideos(this.opts.ffmpegPath!, a, b, out, { timeoutMs: this.opts.joinTimeoutMs }),
          ),
        );
        const { size } = await fsp.stat(out);
        // One name per task: a second join of it (after a lost lease) writes the same file whole.
        await store.putFile(out, joinedBlobName(task.id), size);
      } finally {
        await fsp.rm(out, { force: true });
      }
      const done = await db
        .update(videoTasks)
        .set({ joinStatus: "ready", joinedVideoUrl: archivedVideoPath(task.id), leaseUntil: null })
        .where(stillOurs(task))
        .returning({ id: videoTasks.id });
      if (done.length === 0) await this.lost(task);
    } catch (err) {
      if (this.stranded.keep(task, err)) return;
      await this.fail(task, err instanceof Error ? err.message : String(err));
    }
  }

  /** Not joinable yet: looked at again after waitMs (the lease doubles as the wait). */
  private async later(task: TaskRow): Promise<void> {
    await this.deps.db
      .update(videoTasks)
      .set({
        leaseUntil: sql`date_trunc('milliseconds', now() + ${this.opts.waitMs}::integer * interval '1 millisecond')`,
      })
      .where(and(eq(videoTasks.id, task.id), heldLease(task)));
  }

  private async fail(task: TaskRow, why: string): Promise<void> {
    this.log.warn(
      { taskId: task.taskId, why },
      "an extension could not be joined to its video; its new part plays alone",
    );
    await this.deps.db.update(videoTasks).set({ joinStatus: "failed", leaseUntil: null }).where(stillOurs(task));
  }

  /** The join's outcome is not wanted: its video was deleted meanwhile (then its file goes), or another process took it over. */
  private async lost(task: TaskRow): Promise<void> {
    const [now] = await this.deps.db
      .select({ deletedAt: videoTasks.deletedAt, joinStatus: videoTasks.joinStatus })
      .from(videoTasks)
      .where(eq(videoTasks.id, task.id));
    if (!now || now.deletedAt) await this.deps.videoStore.delete(joinedBlobName(task.id));
  }
}
