/**
 * Sharing and deleting a video (decision 0044). Shared, a finished video has a public page
 * `/v/<shareId>`; a new id each time it is shared, so making it private kills the old link for
 * good; shared, it may also be published to Explore (decision 0164). Deleted, its files go and it
 * leaves every list and read; its ledger rows stay.
 */
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import type { BulkDeleteResult, SharingView } from "../../../shared/schemas/videos.js";
import { getOwnTask } from "./queries.js";
import { IN_PROGRESS, type TaskRow } from "./task-state.js";
import { markVideosDeleted, removeBlobs } from "./video-removal.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { screenRequest, type ScreeningDeps } from "../moderation/screening.js";
import type { Settings } from "../settings/service.js";
import { exploreColumns, type ExploreChange } from "./explore-visibility.js";

export const SHARE_PREFIX = "/v/";
const NOT_SHAREABLE = "Only a finished video can be shared.";
const STILL_GENERATING = "This video is still being made. Delete it once it has finished.";

/** 16 random characters of base64url: 96 bits, not guessable. */
const newShareId = () => crypto.randomBytes(12).toString("base64url");

function sharingView(
  task: Pick<TaskRow, "isPublic" | "shareId" | "sharePromptHidden" | "exploreStatus">,
  publicUrl: string,
): SharingView {
  const shareId = task.isPublic ? task.shareId : null;
  return {
    isPublic: task.isPublic,
    shareUrl: shareId ? `${publicUrl}${SHARE_PREFIX}${shareId}` : null,
    sharePromptHidden: task.sharePromptHidden,
    explore: (task.exploreStatus as SharingView["explore"]) ?? null,
  };
}

/** Sharing's dependencies: publishing to Explore screens the prompt and reads the admin's mode. */
export interface SharingDeps {
  db: Db;
  caches: { tasks: FreshCache<TaskRow> };
  config: { publicUrl: string };
  readSettings(): Promise<Pick<Settings, "exploreMode">>;
  screening: ScreeningDeps;
}

const EXPLORE_OFF = "Explore is turned off on this site, so videos cannot be published there now. Nothing was changed.";

/** The person's video as stored now (Explore's status may have changed by an admin's hand a moment ago). */
async function freshOwnTask(deps: Pick<SharingDeps, "db" | "caches">, userId: string, taskId: string) {
  const task = await getOwnTask(deps.db, deps.caches.tasks, userId, taskId);
  const [row] = await deps.db
    .select()
    .from(videoTasks)
    .where(and(eq(videoTasks.id, task.id), eq(videoTasks.userId, userId), isNull(videoTasks.deletedAt)));
  if (!row) throw notFound("Video not found");
  return row;
}

/**
 * PUT /api/videos/:taskId/sharing. Shared, the video has its page; with `explore: true` it is also
 * published to Explore (decision 0164): Explore must be on, its prompt is screened as at generation
 * (refused: nothing changes), and it is listed, or pending when the admin approves each video or
 * the screening held it for review. Unshared or `explore: false`, it leaves Explore, except a video
 * an admin hid: that stays hidden whatever its owner does.
 */
export async function setSharing(
  deps: SharingDeps,
  userId: string,
  taskId: string,
  input: { isPublic: boolean; hidePrompt?: boolean; explore?: boolean },
): Promise<SharingView> {
  const task = await freshOwnTask(deps, userId, taskId);
  if (input.isPublic && (task.status !== "completed" || task.videoExpired))
    throw new AppError("conflict", NOT_SHAREABLE, reasoned("video_not_shareable"));
  const change = await exploreChange(deps, task, input);
  const [row] = await deps.db
    .update(videoTasks)
    .set({
      isPublic: input.isPublic,
      shareId: input.isPublic ? (task.isPublic && task.shareId ? task.shareId : newShareId()) : null,
      sharePromptHidden: input.hidePrompt ?? task.sharePromptHidden,
      ...exploreColumns(change),
    })
    .where(and(eq(videoTasks.id, task.id), isNull(videoTasks.deletedAt)))
    .returning();
  if (!row) throw notFound("Video not found");
  return sharingView(row, deps.config.publicUrl);
}

/** What the request does to the video's place in Explore; publishing anew is checked and screened here. */
async function exploreChange(
  deps: SharingDeps,
  task: TaskRow,
  input: { isPublic: boolean; explore?: boolean },
): Promise<ExploreChange> {
  if (!input.isPublic || input.explore === false) return { kind: "off" };
  if (input.explore !== true) return { kind: "keep" };
  // Hidden by an admin: it stays hidden; its owner's wish is kept for a restore (explore-visibility.ts).
  // Should an admin release it meanwhile, it waits as pending rather than be listed unscreened.
  if (task.exploreStatus === "hidden") return { kind: "publish", status: "pending" };
  // Already published: its status stays as it is, nothing to screen again.
  if (task.exploreStatus !== null) return { kind: "keep" };
  const { exploreMode } = await deps.readSettings();
  if (exploreMode === "off") throw new AppError("conflict", EXPLORE_OFF, reasoned("explore_off"));
  // Screened like a prompt at generation (decision 0089): a refusal is thrown, a flag is held for the admin.
  const screened = await screenRequest(deps.screening, { userId: task.userId, source: "web", prompt: task.prompt });
  return { kind: "publish", status: exploreMode === "approval" || screened === "review" ? "pending" : "listed" };
}

type DeleteDeps = { db: Db; caches: { tasks: FreshCache<TaskRow> }; videoStore: VideoStore };

/**
 * Marks the task deleted and removes its archived files (one that cannot be removed now is left to
 * the retention sweep). The row is locked and read again inside the transaction, so two deletes at
 * once delete it once: the second finds it gone (404), and a task that went back to generating
 * meanwhile is not deleted.
 */
export async function deleteVideo(
  deps: DeleteDeps,
  userId: string,
  taskId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const task = await getOwnTask(deps.db, deps.caches.tasks, userId, taskId);
  const files = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: videoTasks.status })
      .from(videoTasks)
      .where(and(eq(videoTasks.id, task.id), isNull(videoTasks.deletedAt)))
      .for("update");
    if (!locked) throw notFound("Video not found");
    if ((IN_PROGRESS as readonly string[]).includes(locked.status))
      throw new AppError("conflict", STILL_GENERATING, reasoned("video_still_generating"));
    return markVideosDeleted(tx, [task.id]);
  });
  await removeBlobs(deps.db, deps.videoStore, files, log);
}

/**
 * Several videos, each exactly as deleteVideo() (a repeated id counts once): what happened to
 * each, never an error for one of them. Another person's video is as missing as a missing one.
 */
export async function deleteVideos(
  deps: DeleteDeps,
  userId: string,
  taskIds: readonly string[],
  log: FastifyBaseLogger,
): Promise<BulkDeleteResult> {
  const results: BulkDeleteResult["results"] = [];
  for (const taskId of new Set(taskIds)) {
    try {
      await deleteVideo(deps, userId, taskId, log);
      results.push({ taskId, outcome: "deleted" });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.extra.reason === "video_still_generating") results.push({ taskId, outcome: "still_generating" });
      else if (err.code === "not_found") results.push({ taskId, outcome: "not_found" });
      else throw err;
    }
  }
  return { results, deleted: results.filter((r) => r.outcome === "deleted").length };
}
