/**
 * Deleting videos, by their owner (decision 0044) or by the retention rule (decision 0045): the
 * tasks leave every list and read, their ledger rows stay, and their archived files go. A file
 * whose blob cannot be removed now keeps its blob name, and the retention sweep tries again.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/connect.js";
import { refundUhd, UHD_OWED } from "./uhd.js";
import { videoFiles, videoTasks } from "../../db/schema.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { joinedBlobName } from "./kept-copy.js";

export interface FileToRemove {
  id: string;
  blobName: string | null;
  /** The video's frame beside it (decision 0083). */
  posterBlobName: string | null;
  /** A last-frame extension's joined video (decision 0159): `id` is then the task's, and the task forgets its URL once the file is gone. */
  joined?: true;
}

/**
 * Marks the tasks deleted (those not deleted yet) and their kept files deleted; returns those files.
 * A 4K version paid for and not delivered yet is refunded (decision 0049): it will never come.
 */
export async function markVideosDeleted(tx: Tx, taskRowIds: string[]): Promise<FileToRemove[]> {
  if (taskRowIds.length === 0) return [];
  const owed = await tx
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(
      and(
        inArray(videoTasks.id, taskRowIds),
        isNull(videoTasks.deletedAt),
        inArray(videoTasks.uhdStatus, [...UHD_OWED]),
      ),
    );
  for (const { id } of owed) await refundUhd(tx, id, "the video was deleted");
  const done = await tx
    .update(videoTasks)
    .set({
      deletedAt: new Date(),
      isPublic: false,
      shareId: null,
      nextCheckAt: null,
      hdStatus: sql`case when ${videoTasks.hdStatus} = 'pending' then 'none' else ${videoTasks.hdStatus} end`,
    })
    .where(and(inArray(videoTasks.id, taskRowIds), isNull(videoTasks.deletedAt)))
    .returning({ id: videoTasks.id });
  if (done.length === 0) return [];
  const joined = await tx
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(
      and(
        inArray(
          videoTasks.id,
          done.map((d) => d.id),
        ),
        isNotNull(videoTasks.joinedVideoUrl),
      ),
    );
  const files = await tx
    .update(videoFiles)
    .set({ status: "deleted", leaseUntil: null })
    .where(
      and(
        inArray(
          videoFiles.videoTaskId,
          done.map((d) => d.id),
        ),
        inArray(videoFiles.status, ["pending", "archived", "failed"]),
      ),
    )
    .returning({ id: videoFiles.id, blobName: videoFiles.blobName, posterBlobName: videoFiles.posterBlobName });
  return [...files, ...joined.map(joinedToRemove)];
}

const joinedToRemove = ({ id }: { id: string }): FileToRemove => ({
  id,
  blobName: joinedBlobName(id),
  posterBlobName: null,
  joined: true,
});

/** Deleted videos' joined files that could not be removed when their video was deleted (the retention sweep's second try). */
export async function joinedLeftOver(db: Db, limit: number): Promise<FileToRemove[]> {
  const left = await db
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(and(isNotNull(videoTasks.deletedAt), isNotNull(videoTasks.joinedVideoUrl)))
    .limit(limit);
  return left.map(joinedToRemove);
}

/** Removes the files' blobs; returns how many went. A failure is logged and left for the next sweep. */
export async function removeBlobs(
  db: Db,
  store: VideoStore,
  files: FileToRemove[],
  log: FastifyBaseLogger,
): Promise<number> {
  let removed = 0;
  for (const file of files) {
    if (!file.blobName) continue;
    try {
      // The frame first: the file stays listed for another try until both are gone.
      if (file.posterBlobName) await store.delete(file.posterBlobName);
      await store.delete(file.blobName);
      if (file.joined) await db.update(videoTasks).set({ joinedVideoUrl: null }).where(eq(videoTasks.id, file.id));
      else await db.update(videoFiles).set({ blobName: null, posterBlobName: null }).where(eq(videoFiles.id, file.id));
      removed++;
    } catch (err) {
      log.warn({ err, fileId: file.id }, "a deleted video's file could not be removed yet");
    }
  }
  return removed;
}
