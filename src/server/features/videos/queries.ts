/** Reading tasks: always scoped to their owner, never calling the provider. */
import { and, count, desc, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import type { AspectRatio, TaskStatus, VeoModel, VideoTaskView } from "../../../shared/videos.js";
import type { TaskRow } from "./task-state.js";

/** The most a `days` listing returns; the gallery pages through the rest. */
const DAYS_LIST_CAP = 200;

/** The columns a task view needs: lists read these only, not the worker's bookkeeping. */
const VIEW_COLUMNS = {
  id: videoTasks.id,
  taskId: videoTasks.taskId,
  status: videoTasks.status,
  prompt: videoTasks.prompt,
  model: videoTasks.model,
  aspectRatio: videoTasks.aspectRatio,
  imageUrls: videoTasks.imageUrls,
  resultUrls: videoTasks.resultUrls,
  hdVideoUrl: videoTasks.hdVideoUrl,
  hdStatus: videoTasks.hdStatus,
  errorMessage: videoTasks.errorMessage,
  watermark: videoTasks.watermark,
  seeds: videoTasks.seeds,
  createdAt: videoTasks.createdAt,
  completedAt: videoTasks.completedAt,
  creditsUsed: videoTasks.creditsUsed,
  createdVia: videoTasks.createdVia,
  refunded: videoTasks.refunded,
};
type ViewRow = Pick<TaskRow, keyof typeof VIEW_COLUMNS>;

export function toTaskView(t: ViewRow): VideoTaskView {
  return {
    id: t.id,
    taskId: t.taskId,
    status: t.status as TaskStatus,
    prompt: t.prompt,
    model: t.model as VeoModel,
    aspectRatio: t.aspectRatio as AspectRatio,
    imageUrls: t.imageUrls ?? [],
    resultUrls: t.resultUrls ?? [],
    hdVideoUrl: t.hdVideoUrl,
    hdStatus: t.hdStatus as VideoTaskView["hdStatus"],
    errorMessage: t.errorMessage,
    watermark: t.watermark,
    seeds: t.seeds,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    creditsUsed: t.creditsUsed,
    createdVia: t.createdVia as VideoTaskView["createdVia"],
    refunded: t.refunded,
  };
}

export async function listRecentTasks(db: Db, userId: string, days: number): Promise<VideoTaskView[]> {
  const since = new Date(Date.now() - days * 24 * 60 * 60_000);
  const rows = await db
    .select(VIEW_COLUMNS)
    .from(videoTasks)
    .where(and(eq(videoTasks.userId, userId), gte(videoTasks.createdAt, since)))
    .orderBy(desc(videoTasks.createdAt))
    .limit(DAYS_LIST_CAP);
  return rows.map(toTaskView);
}

export async function listTaskPage(db: Db, userId: string, page: number, limit: number): Promise<{ tasks: VideoTaskView[]; total: number }> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(VIEW_COLUMNS)
      .from(videoTasks)
      .where(eq(videoTasks.userId, userId))
      .orderBy(desc(videoTasks.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(videoTasks).where(eq(videoTasks.userId, userId)),
  ]);
  return { tasks: rows.map(toTaskView), total: Number(total) };
}

/** A task of this user by its provider task id; someone else's is as missing as a missing one. */
export async function findOwnTask(db: Db, userId: string, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(videoTasks)
    .where(and(eq(videoTasks.taskId, taskId), eq(videoTasks.userId, userId)))
    .limit(1);
  return row;
}

/** findOwnTask, or 404. */
export async function getOwnTask(db: Db, userId: string, taskId: string, message = "Video not found"): Promise<TaskRow> {
  const row = await findOwnTask(db, userId, taskId);
  if (!row) throw notFound(message);
  return row;
}
