/**
 * Sharing and deleting a video (decision 0044). Shared, a finished video has a public page
 * `/v/<shareId>`; a new id each time it is shared, so making it private kills the old link for
 * good. Deleted, its files go and it leaves every list and read; its ledger rows stay.
 */
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import type { SharingView } from "../../../shared/schemas/videos.js";
import { getOwnTask } from "./queries.js";
import { IN_PROGRESS, type TaskRow } from "./task-state.js";
import { markVideosDeleted, removeBlobs } from "./video-removal.js";
import { reasoned } from "../../../shared/error-reasons.js";

export const SHARE_PREFIX = "/v/";
export const NOT_SHAREABLE = "Only a finished video can be shared";
export const STILL_GENERATING = "This video is still being made. Delete it once it has finished.";

/** 16 random characters of base64url: 96 bits, not guessable. */
const newShareId = () => crypto.randomBytes(12).toString("base64url");

export function sharingView(
  task: Pick<TaskRow, "isPublic" | "shareId" | "sharePromptHidden">,
  publicUrl: string,
): SharingView {
  const shareId = task.isPublic ? task.shareId : null;
  return {
    isPublic: task.isPublic,
    shareUrl: shareId ? `${publicUrl}${SHARE_PREFIX}${shareId}` : null,
    sharePromptHidden: task.sharePromptHidden,
  };
}

export async function setSharing(
  deps: { db: Db; caches: { tasks: FreshCache<TaskRow> }; config: { publicUrl: string } },
  userId: string,
  taskId: string,
  input: { isPublic: boolean; hidePrompt?: boolean },
): Promise<SharingView> {
  const task = await getOwnTask(deps.db, deps.caches.tasks, userId, taskId);
  if (input.isPublic && (task.status !== "completed" || task.videoExpired))
    throw new AppError("conflict", NOT_SHAREABLE, {}, reasoned("video_not_shareable"));
  const [row] = await deps.db
    .update(videoTasks)
    .set({
      isPublic: input.isPublic,
      shareId: input.isPublic ? (task.isPublic && task.shareId ? task.shareId : newShareId()) : null,
      sharePromptHidden: input.hidePrompt ?? task.sharePromptHidden,
    })
    .where(and(eq(videoTasks.id, task.id), isNull(videoTasks.deletedAt)))
    .returning();
  if (!row) throw notFound("Video not found");
  return sharingView(row, deps.config.publicUrl);
}

/** Marks the task deleted and removes its archived files (one that cannot be removed now is left to the retention sweep). */
export async function deleteVideo(
  deps: { db: Db; caches: { tasks: FreshCache<TaskRow> }; videoStore: VideoStore },
  userId: string,
  taskId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const task = await getOwnTask(deps.db, deps.caches.tasks, userId, taskId);
  if ((IN_PROGRESS as readonly string[]).includes(task.status))
    throw new AppError("conflict", STILL_GENERATING, {}, reasoned("video_still_generating"));
  const files = await deps.db.transaction((tx) => markVideosDeleted(tx, [task.id]));
  await removeBlobs(deps.db, deps.videoStore, files, log);
}
