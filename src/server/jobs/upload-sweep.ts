/**
 * Deletes uploaded reference images that no video task has used a day after their upload
 * (decision 0034): the row in `uploads` and the file in the BlobStore. Used uploads are kept
 * with their task (Recreate sends them again, decision 0012).
 *
 * Several processes may sweep at once: each batch is claimed with FOR UPDATE SKIP LOCKED inside a
 * transaction, the files are deleted, then the rows, and the transaction commits. A crash or a
 * failing bucket midway rolls the rows back, so the next run deletes them again (a file already
 * gone is no error): no file is ever left without its row. A video that uses an upload at the same
 * moment locks its row first, or finds it gone and is refused before any credits are spent
 * (features/videos/upload-service.ts). Age is judged on the database's clock.
 */
import { inArray, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/connect.js";
import { uploads as uploadsTable } from "../db/schema.js";
import type { UploadStore } from "../integrations/storage/uploads.js";
import { UNUSED_UPLOAD_TTL_HOURS, UPLOAD_SWEEP_INTERVAL_MS } from "../features/videos/upload-service.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface UploadSweepOptions {
  intervalMs: number;
  /** Unused uploads older than this are deleted. */
  ttlMs: number;
  /** Rows claimed (and files deleted) per transaction. */
  batchSize: number;
  /** Batches per run at most; the rest waits for the next run. */
  maxBatches: number;
}

const DEFAULT_UPLOAD_SWEEP: UploadSweepOptions = {
  intervalMs: UPLOAD_SWEEP_INTERVAL_MS,
  ttlMs: UNUSED_UPLOAD_TTL_HOURS * 60 * 60_000,
  batchSize: 100,
  maxBatches: 20,
};

/** Files deleted at once within a batch (S3 round trips). */
const DELETE_CONCURRENCY = 8;

export class UploadSweep extends defineJob<JobDeps & { db: Db; uploads: UploadStore }, UploadSweepOptions>({
  name: "upload-sweep",
  failure: "upload sweep failed",
  defaults: DEFAULT_UPLOAD_SWEEP,
}) {
  /** One run: up to maxBatches batches; returns the names deleted. */
  async runOnce(): Promise<string[]> {
    const removed: string[] = [];
    for (let i = 0; i < this.opts.maxBatches; i++) {
      const batch = await this.sweepBatch();
      removed.push(...batch);
      if (batch.length < this.opts.batchSize) break;
    }
    if (removed.length > 0) this.log.info({ count: removed.length }, "unused uploads deleted");
    return removed;
  }

  private sweepBatch(): Promise<string[]> {
    return this.deps.db.transaction(async (tx) => {
      const res = await tx.execute(sql`
        select name from uploads
        where referenced_at is null and created_at < now() - ${this.opts.ttlMs} * interval '1 millisecond'
        order by created_at
        limit ${this.opts.batchSize}
        for update skip locked`);
      const names = rowsOf<{ name: string }>(res).map((r) => r.name);
      if (names.length === 0) return [];
      for (let i = 0; i < names.length; i += DELETE_CONCURRENCY) {
        // Every delete of the group ends before a failure rolls the rows back: none lands afterwards.
        const results = await Promise.allSettled(
          names.slice(i, i + DELETE_CONCURRENCY).map((name) => this.deps.uploads.remove(name)),
        );
        const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
        if (failed) throw failed.reason;
      }
      await tx.delete(uploadsTable).where(inArray(uploadsTable.name, names));
      return names;
    });
  }
}
