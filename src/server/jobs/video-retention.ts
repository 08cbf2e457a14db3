/**
 * The retention rule of archived videos (decision 0045). When the admin sets a number of days,
 * finished videos completed longer ago than that are deleted as their owner would delete them
 * (they leave every list, their files go, their ledger rows stay); unset, videos are kept forever.
 * Each pass also tries again to remove the blobs of deleted files that could not be removed before.
 * Several processes may sweep at once: tasks are taken with SKIP LOCKED and deleting is conditional.
 */
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { adminSettings, videoFiles, videoTasks } from "../db/schema.js";
import { joinedLeftOver, markVideosDeleted, removeBlobs } from "../features/videos/video-removal.js";
import type { VideoStore } from "../integrations/storage/video-store.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface VideoRetentionOptions {
  intervalMs: number;
  batchSize: number;
  /** A pass ends after this many batches; the next pass goes on. */
  maxBatchesPerPass: number;
}

const DEFAULT_VIDEO_RETENTION: VideoRetentionOptions = {
  intervalMs: 15 * 60_000,
  batchSize: 200,
  maxBatchesPerPass: 25,
};

const DAY_MS = 24 * 60 * 60_000;

export interface RetentionPass {
  videosDeleted: number;
  blobsRemoved: number;
}

export class VideoRetention extends defineJob<JobDeps & { db: Db; videoStore: VideoStore }, VideoRetentionOptions>({
  name: "video-retention",
  failure: "video retention sweep failed",
  defaults: DEFAULT_VIDEO_RETENTION,
}) {
  /** One pass as of `now` (tests pass a later time). */
  async runOnce(now = new Date()): Promise<RetentionPass> {
    const pass: RetentionPass = { videosDeleted: 0, blobsRemoved: 0 };
    const [settings] = await this.deps.db.select({ days: adminSettings.videoRetentionDays }).from(adminSettings);
    const days = settings?.days;
    if (days) {
      const cutoff = new Date(now.getTime() - days * DAY_MS);
      for (let batches = 0; batches < this.opts.maxBatchesPerPass && !this.stopRequested; batches++) {
        const { tasks, files } = await this.deleteOlderThan(cutoff);
        pass.videosDeleted += tasks;
        pass.blobsRemoved += await removeBlobs(this.deps.db, this.deps.videoStore, files, this.log);
        if (tasks < this.opts.batchSize) break;
      }
    }
    pass.blobsRemoved += await this.removeLeftBlobs();
    if (pass.videosDeleted > 0 || pass.blobsRemoved > 0)
      this.log.info({ ...pass, retentionDays: days ?? null }, "video retention pass");
    return pass;
  }

  private deleteOlderThan(cutoff: Date) {
    return this.deps.db.transaction(async (tx) => {
      const old = await tx
        .select({ id: videoTasks.id })
        .from(videoTasks)
        .where(
          and(eq(videoTasks.status, "completed"), isNull(videoTasks.deletedAt), lt(videoTasks.completedAt, cutoff)),
        )
        .orderBy(videoTasks.completedAt)
        .limit(this.opts.batchSize)
        .for("update", { skipLocked: true });
      const files = await markVideosDeleted(
        tx,
        old.map((t) => t.id),
      );
      return { tasks: old.length, files };
    });
  }

  /** Blobs of deleted files that could not be removed when their video was deleted. */
  private async removeLeftBlobs(): Promise<number> {
    const left = await this.deps.db
      .select({ id: videoFiles.id, blobName: videoFiles.blobName, posterBlobName: videoFiles.posterBlobName })
      .from(videoFiles)
      .where(and(eq(videoFiles.status, "deleted"), isNotNull(videoFiles.blobName)))
      .orderBy(videoFiles.id)
      .limit(this.opts.batchSize * 5);
    const joined = await joinedLeftOver(this.deps.db, this.opts.batchSize * 5);
    return removeBlobs(this.deps.db, this.deps.videoStore, [...left, ...joined], this.log);
  }
}
