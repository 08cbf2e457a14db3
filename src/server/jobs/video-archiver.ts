/**
 * Copies finished videos from the provider into our video store (decision 0043). Files are leased
 * like the task worker's tasks (several processes, one copy each); a failed copy is tried again
 * with backoff and, after the last try, marked failed with an alert to the admin (the provider's
 * link is served while it lives). A link that answers "gone" marks the file expired. A video Google
 * made is fetched through a fresh link Google gives the task's own key (decision 0175).
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { videoFiles, videoTasks } from "../db/schema.js";
import { notifyArchiveFailed } from "../features/notifications/outbox.js";
import { copyToTemp, type CopyLimits } from "../features/videos/archive-copy.js";
import { archivedVideoPath } from "../features/videos/video-files.js";
import { takePoster } from "../features/videos/inline-video.js";
import { bundledFfmpegPath } from "../integrations/media/video-frame.js";
import type { VideoStore } from "../integrations/storage/video-store.js";
import { VendorError } from "../integrations/video/errors.js";
import type { VideoVendors } from "../features/videos/video-vendors.js";
import { pool } from "../lib/pool.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface VideoArchiverOptions {
  intervalMs: number;
  batchSize: number;
  /** A pass ends after this many batches, so files failing again and again cannot keep it (or a shutdown) going. */
  maxBatchesPerPass: number;
  concurrency: number;
  /**
   * A copy holds its file this long (longer than a fetch and an upload may take); a process that
   * died mid-copy lets it go when it ends. A copy that outlives its lease keeps nothing.
   */
  leaseMs: number;
  /** Waits before each further try. */
  retryScheduleMs: number[];
  maxAttempts: number;
  maxBytes: number;
  timeoutMs: number;
  /**
   * The FFmpeg that takes a 720p video's frame for its share page (decision 0083); undefined: no
   * frame (the share page shows the brand's picture). A frame that fails never fails the copy.
   */
  ffmpegPath: string | undefined;
  frameTimeoutMs: number;
}

export const DEFAULT_ARCHIVER_OPTIONS: VideoArchiverOptions = {
  intervalMs: 2_000,
  batchSize: 10,
  maxBatchesPerPass: 20,
  concurrency: 2,
  leaseMs: 20 * 60_000,
  retryScheduleMs: [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000],
  maxAttempts: 6,
  maxBytes: 1024 * 1024 * 1024,
  timeoutMs: 5 * 60_000,
  ffmpegPath: bundledFfmpegPath(),
  frameTimeoutMs: 30_000,
};

type FileRow = typeof videoFiles.$inferSelect;

/**
 * The file as this copy claimed it: still pending, from the same source, under our lease. Anything
 * else (deleted meanwhile, its source changed, the lease run out and taken over) means this copy's
 * outcome is no longer wanted.
 */
function stillOurs(file: FileRow) {
  return and(
    eq(videoFiles.id, file.id),
    eq(videoFiles.status, "pending"),
    eq(videoFiles.sourceUrl, file.sourceUrl),
    heldLease(file),
  );
}

const heldLease = (file: FileRow) =>
  file.leaseUntil ? eq(videoFiles.leaseUntil, file.leaseUntil) : isNull(videoFiles.leaseUntil);

export interface VideoArchiverDeps extends JobDeps {
  db: Db;
  videoStore: VideoStore;
  /** Where this process fetches a provider URL from (the simulator's internal address). */
  fetchUrlFor(url: string): string;
  trustedOrigins: readonly string[];
  /** The maker of a task, holding its own key (a Google video's link is asked for again with it). */
  provider: Pick<VideoVendors, "makerFor">;
}

export class VideoArchiver extends defineJob<VideoArchiverDeps, VideoArchiverOptions, FileRow>({
  name: "video-archiver",
  failure: "video archive scan failed",
  defaults: DEFAULT_ARCHIVER_OPTIONS,
}) {
  /** A copy the database's going away cut off: taken up again within seconds of its return (decision 0057). */
  protected override letGo(file: FileRow) {
    return this.deps.db
      .update(videoFiles)
      .set({ leaseUntil: null })
      .where(and(eq(videoFiles.id, file.id), heldLease(file)));
  }

  /** Copies every file that is due now; returns how many were handled. Tests call this directly. */
  async runOnce(): Promise<number> {
    await this.stranded.letGoAll();
    await this.sweepPartials();
    let handled = 0;
    for (let batches = 0; batches < this.opts.maxBatchesPerPass && !this.stopRequested; batches++) {
      const batch = await this.claim();
      handled += batch.length;
      await pool(batch, this.opts.concurrency, (file) => this.handle(file));
      if (batch.length < this.opts.batchSize) break;
    }
    return handled;
  }

  private async claim(): Promise<FileRow[]> {
    const { db } = this.deps;
    const due = db
      .select({ id: videoFiles.id })
      .from(videoFiles)
      .where(
        and(
          eq(videoFiles.status, "pending"),
          lte(videoFiles.nextAttemptAt, sql`now()`),
          or(isNull(videoFiles.leaseUntil), lt(videoFiles.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(videoFiles.nextAttemptAt)
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    return (
      db
        .update(videoFiles)
        // Whole milliseconds, so the holder can match it exactly when it finishes (JavaScript dates have no microseconds).
        .set({
          leaseUntil: sql`date_trunc('milliseconds', now() + ${this.opts.leaseMs}::integer * interval '1 millisecond')`,
        })
        .where(inArray(videoFiles.id, due))
        .returning()
    );
  }

  private async handle(file: FileRow): Promise<void> {
    const { db, videoStore: store } = this.deps;
    const limits: CopyLimits = {
      maxBytes: this.opts.maxBytes,
      timeoutMs: this.opts.timeoutMs,
      trustedOrigins: this.deps.trustedOrigins,
    };
    try {
      const source = await this.freshSource(file);
      const copy = await copyToTemp(this.deps.fetchUrlFor(source), store.tempDir, limits);
      if (copy.kind === "gone") return await this.expire(file);
      // Taken from the temporary copy, before it moves into the store (which may be a bucket).
      const poster =
        file.quality === "720p" ? await takePoster(store, this.opts, file.id, copy.tempPath, this.log) : undefined;
      // A name of this copy's own: a copy that loses its file (deleted meanwhile, its lease taken
      // over, its source changed) removes only what it wrote, never what another copy wrote.
      const blobName = `${file.id}.${crypto.randomBytes(6).toString("hex")}.mp4`;
      await store.putFile(copy.tempPath, blobName, copy.sizeBytes);
      const kept = await db.transaction(async (tx) => {
        const done = await tx
          .update(videoFiles)
          .set({
            status: "archived",
            blobName,
            sizeBytes: copy.sizeBytes,
            sha256: copy.sha256,
            posterBlobName: poster?.blobName ?? null,
            posterWidth: poster?.width ?? null,
            posterHeight: poster?.height ?? null,
            archivedAt: new Date(),
            leaseUntil: null,
            lastError: null,
          })
          .where(stillOurs(file))
          .returning({ id: videoFiles.id });
        if (done.length === 0) return false;
        const ours = archivedVideoPath(file.id);
        await tx
          .update(videoTasks)
          .set(
            file.quality === "720p"
              ? { resultUrls: [ours], videoExpired: false }
              : file.quality === "4k"
                ? { uhdVideoUrl: ours }
                : { hdVideoUrl: ours },
          )
          .where(eq(videoTasks.id, file.videoTaskId));
        return true;
      });
      if (!kept) {
        await store.delete(blobName);
        if (poster) await store.delete(poster.blobName);
        // Its source changed meanwhile: let the next pass copy the new one at once.
        await db
          .update(videoFiles)
          .set({ leaseUntil: null })
          .where(and(eq(videoFiles.id, file.id), heldLease(file)));
      }
    } catch (err) {
      // Not the copy's fault: no attempt is counted. (A file stored just before is left, unnamed by any row.)
      if (this.stranded.keep(file, err)) return;
      await this.retryLater(file, err instanceof Error ? err.message : String(err));
    }
  }

  /**
   * Where to copy the file from now. Google's keyless link (what its download redirects to) is
   * signed for a while only, so a Google video's 720p file is asked for again through the task's
   * maker: the key goes to Google's API host only, never to the link nor into a log. An operation
   * Google no longer knows leaves the stored link (which then answers "gone" or not).
   */
  private async freshSource(file: FileRow): Promise<string> {
    if (file.quality !== "720p") return file.sourceUrl;
    const [task] = await this.deps.db
      .select({
        taskId: videoTasks.taskId,
        vendor: videoTasks.vendor,
        providerSource: videoTasks.providerSource,
        vendorAccountId: videoTasks.vendorAccountId,
        providerSurface: videoTasks.providerSurface,
      })
      .from(videoTasks)
      .where(eq(videoTasks.id, file.videoTaskId));
    if (task?.vendor !== "google") return file.sourceUrl;
    try {
      const record = await (await this.deps.provider.makerFor(task)).status(task.taskId);
      return record.state === "succeeded" && record.resultUrls[0] ? record.resultUrls[0] : file.sourceUrl;
    } catch (err) {
      if (err instanceof VendorError && err.kind === "not_found") return file.sourceUrl;
      throw err;
    }
  }

  /** The provider no longer has it: a 720p video has nothing left to play; a 1080p or 4K one is gone too (the 4K was delivered: no refund). */
  private async expire(file: FileRow): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const done = await tx
        .update(videoFiles)
        .set({ status: "expired", leaseUntil: null, lastError: "The provider's link had expired" })
        .where(stillOurs(file))
        .returning({ id: videoFiles.id });
      if (done.length === 0) return;
      await tx
        .update(videoTasks)
        .set(
          file.quality === "720p"
            ? { videoExpired: true, resultUrls: [] }
            : file.quality === "4k"
              ? {
                  uhdVideoUrl: null,
                  uhdStatus: "failed",
                  uhdError: "The 4K file expired at the provider before it could be saved",
                }
              : { hdVideoUrl: null, hdStatus: "failed" },
        )
        .where(eq(videoTasks.id, file.videoTaskId));
    });
  }

  private async retryLater(file: FileRow, error: string): Promise<void> {
    const attempts = file.attempts + 1;
    this.log.warn({ fileId: file.id, attempts, error }, "video copy failed");
    if (attempts < this.opts.maxAttempts) {
      const waitMs = this.opts.retryScheduleMs[Math.min(attempts - 1, this.opts.retryScheduleMs.length - 1)] ?? 60_000;
      await this.deps.db
        .update(videoFiles)
        .set({ attempts, lastError: error, leaseUntil: null, nextAttemptAt: new Date(Date.now() + waitMs) })
        .where(stillOurs(file));
      return;
    }
    await this.deps.db.transaction(async (tx) => {
      const done = await tx
        .update(videoFiles)
        .set({ status: "failed", attempts, lastError: error, leaseUntil: null })
        .where(stillOurs(file))
        .returning({ id: videoFiles.id });
      if (done.length === 0) return;
      const [task] = await tx
        .select({ taskId: videoTasks.taskId })
        .from(videoTasks)
        .where(eq(videoTasks.id, file.videoTaskId));
      await notifyArchiveFailed(tx, {
        taskId: task?.taskId ?? file.videoTaskId,
        quality: file.quality,
        attempts,
        error,
      });
    });
  }

  /** Temporary files left by a process that died mid-copy (older than any lease) are removed. */
  private async sweepPartials(): Promise<void> {
    const dir = this.deps.videoStore.tempDir;
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    const cutoff = Date.now() - 2 * this.opts.leaseMs;
    for (const name of names) {
      const full = path.join(dir, name);
      const stat = await fsp.stat(full).catch(() => undefined);
      if (stat && stat.mtimeMs < cutoff) await fsp.rm(full, { force: true });
    }
  }
}
