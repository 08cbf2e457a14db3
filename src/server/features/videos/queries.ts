/** Reading tasks: always scoped to their owner, never calling the provider. */
import crypto from "node:crypto";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/connect.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { videoTasks } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import type { AspectRatio, GenerationMode, ModelId } from "../../../shared/catalogue.js";
import type { TaskStatus, VideoTaskView } from "../../../shared/videos.js";
import type { TaskListFilters, TaskListSort, TaskListStatus } from "../../../shared/schemas/videos.js";
import { promptMatches } from "./prompt-search.js";
import { IN_PROGRESS, type TaskRow } from "./task-state.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import type { TaskListBody } from "../../events/read-caches.js";

/** The most a `days` listing returns; the gallery pages through the rest. */
const DAYS_LIST_CAP = 200;

/** A task as the pages and the event stream show it (taskListJson builds the same in SQL). */
export function toTaskView(t: TaskRow): VideoTaskView {
  return {
    id: t.id,
    taskId: t.taskId,
    status: t.status as TaskStatus,
    prompt: t.prompt,
    model: t.model as ModelId,
    mode: t.mode as GenerationMode,
    aspectRatio: t.aspectRatio as AspectRatio,
    imageUrls: t.imageUrls ?? [],
    resultUrls: t.resultUrls ?? [],
    hdVideoUrl: t.hdVideoUrl,
    hdStatus: t.hdStatus as VideoTaskView["hdStatus"],
    extendedFrom: t.extendedFrom,
    extendMethod: t.extendMethod as VideoTaskView["extendMethod"],
    joinStatus: t.joinStatus as VideoTaskView["joinStatus"],
    joinedVideoUrl: t.joinedVideoUrl,
    uhdStatus: t.uhdStatus as VideoTaskView["uhdStatus"],
    uhdVideoUrl: t.uhdVideoUrl,
    uhdCredits: t.uhdCredits,
    uhdError: t.uhdError,
    errorMessage: t.errorMessage,
    failureKind: t.failureKind as VideoTaskView["failureKind"],
    watermark: t.watermark,
    batchId: t.batchId,
    seeds: t.seeds,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    creditsUsed: t.creditsUsed,
    createdVia: t.createdVia as VideoTaskView["createdVia"],
    refunded: t.refunded,
    videoExpired: t.videoExpired,
    isPublic: t.isPublic,
    shareId: t.shareId,
    sharePromptHidden: t.sharePromptHidden,
    explore: t.exploreStatus as VideoTaskView["explore"],
    durationSeconds: t.durationSeconds,
    resolution: t.resolution as VideoTaskView["resolution"],
    audio: t.audio,
    welcomeMarked: t.welcomeMarked,
    vendor: t.vendor as VideoTaskView["vendor"],
    draftOf: t.draftOfModel
      ? {
          model: t.draftOfModel as ModelId,
          resolution: t.draftOfResolution as NonNullable<VideoTaskView["resolution"]>,
        }
      : null,
  };
}

/**
 * One task as toTaskView() shapes it, built by PostgreSQL as JSON (timestamps as JavaScript's
 * toISOString() writes them). Lists are the polled reads with the most rows: PostgreSQL builds
 * their JSON text and it goes to the browser as it is, with no row objects in between.
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const TASK_JSON = `json_build_object(
  'id', id, 'taskId', task_id, 'status', status, 'prompt', prompt, 'model', model, 'mode', mode, 'aspectRatio', aspect_ratio,
  'imageUrls', coalesce(to_json(image_urls), '[]'::json), 'resultUrls', coalesce(to_json(result_urls), '[]'::json),
  'hdVideoUrl', hd_video_url, 'hdStatus', hd_status, 'extendedFrom', extended_from, 'extendMethod', extend_method, 'joinStatus', join_status, 'joinedVideoUrl', joined_video_url, 'uhdStatus', uhd_status, 'uhdVideoUrl', uhd_video_url, 'uhdCredits', uhd_credits, 'uhdError', uhd_error,
  'errorMessage', error_message, 'failureKind', failure_kind, 'watermark', watermark, 'seeds', seeds, 'batchId', batch_id,
  'createdAt', ${iso("created_at")}, 'completedAt', ${iso("completed_at")},
  'creditsUsed', credits_used, 'createdVia', created_via, 'refunded', refunded, 'videoExpired', video_expired,
  'isPublic', is_public, 'shareId', share_id, 'sharePromptHidden', share_prompt_hidden, 'explore', explore_status,
  'durationSeconds', duration_seconds, 'resolution', resolution, 'audio', audio, 'welcomeMarked', welcome_marked, 'vendor', vendor,
  'draftOf', case when draft_of_model is null then null else json_build_object('model', draft_of_model, 'resolution', draft_of_resolution) end)`;

/** `[...tasks]` as JSON text, newest first (or oldest first). */
async function taskListJson(
  db: Db,
  where: SQL,
  limit: number,
  offset = 0,
  sort: TaskListSort = "newest",
): Promise<string> {
  // Ties broken by id, so pages never repeat or skip a task created in the same millisecond.
  const order = sql.raw(sort === "oldest" ? "created_at asc, id asc" : "created_at desc, id desc");
  const res = await db.execute(sql`
    select coalesce(json_agg(${sql.raw(TASK_JSON)} order by ${order}), '[]'::json)::text as tasks
    from (select * from video_tasks where ${where} order by ${order} limit ${limit} offset ${offset}) t`);
  return rowsOf<{ tasks: string }>(res)[0]!.tasks;
}

/** The statuses each gallery filter stands for. */
const STATUS_FILTER: Record<TaskListStatus, readonly string[]> = {
  completed: ["completed"],
  in_progress: IN_PROGRESS,
  failed: ["failed"],
};

/** The list's filters as SQL, after the owner and not-deleted conditions. */
function filterSql(filters: TaskListFilters): SQL {
  const parts: SQL[] = [];
  if (filters.status)
    parts.push(
      sql`status in (${sql.join(
        STATUS_FILTER[filters.status].map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filters.model) parts.push(sql`model = ${filters.model}`);
  if (filters.q) parts.push(promptMatches(filters.q));
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

const ownTask = preparedPerDatabase((db: Db) =>
  db
    .select()
    .from(videoTasks)
    .where(
      and(
        eq(videoTasks.taskId, sql.placeholder("taskId")),
        eq(videoTasks.userId, sql.placeholder("userId")),
        isNull(videoTasks.deletedAt),
      ),
    )
    .limit(1)
    .prepare("own_task"),
);

export type TaskListQuery = ({ days: number } | { page: number; limit: number }) & TaskListFilters;

/** The cache key of a list: its owner, then every part of the query (filters included), unambiguously. */
function listKey(userId: string, query: TaskListQuery): string {
  const { q, status, model, sort } = query;
  const window = "days" in query ? { days: query.days } : { page: query.page, limit: query.limit };
  return `${userId}:${JSON.stringify([window, q || null, status ?? null, model ?? null, sort ?? "newest"])}`;
}

/**
 * The user's tasks as JSON text: `{"tasks": [...]}` for the last `days` days, or
 * `{"tasks": [...], "total": n}` for a page; newest first. Polled by every open page, so read
 * through the cache, with an entity tag for conditional requests.
 */
export async function taskList(
  db: Db,
  cache: FreshCache<TaskListBody>,
  userId: string,
  query: TaskListQuery,
): Promise<TaskListBody> {
  // Every entry is in its owner's group: any change to one of their tasks drops all their lists, filtered or not.
  const list = await cache.get(listKey(userId, query), async () => {
    const json =
      "days" in query
        ? await recentTasksJson(db, userId, query.days, query)
        : await taskPageJson(db, userId, query.page, query.limit, query);
    // Kept as bytes: each answer then writes them as they are, with no encoding or length to work out.
    const body = Buffer.from(json, "utf8");
    return { userId, body, etag: `"${crypto.createHash("sha1").update(body).digest("base64url")}"` };
  });
  return list!;
}

async function recentTasksJson(db: Db, userId: string, days: number, filters: TaskListFilters): Promise<string> {
  const since = new Date(Date.now() - days * 24 * 60 * 60_000);
  const tasks = await taskListJson(
    db,
    sql`user_id = ${userId} and deleted_at is null and created_at >= ${since.toISOString()}${filterSql(filters)}`,
    DAYS_LIST_CAP,
    0,
    filters.sort,
  );
  return `{"tasks":${tasks}}`;
}

async function taskPageJson(
  db: Db,
  userId: string,
  page: number,
  limit: number,
  filters: TaskListFilters,
): Promise<string> {
  const where = sql`user_id = ${userId} and deleted_at is null${filterSql(filters)}`;
  const [tasks, total] = await Promise.all([
    taskListJson(db, where, limit, (page - 1) * limit, filters.sort),
    db.execute(sql`select count(*)::int as total from video_tasks where ${where}`),
  ]);
  return `{"tasks":${tasks},"total":${Number(rowsOf<{ total: number }>(total)[0]?.total ?? 0)}}`;
}

/** A task of this user by its provider task id; someone else's is as missing as a missing one. */
export async function findOwnTask(
  db: Db,
  cache: FreshCache<TaskRow>,
  userId: string,
  taskId: string,
): Promise<TaskRow | undefined> {
  return cache.get(ownTaskKey(userId, taskId), async () => (await ownTask(db).execute({ taskId, userId }))[0]);
}

const ownTaskKey = (userId: string, taskId: string) => `${userId}:${taskId}`;

/** The person's task from the tasks cache alone, without a promise (polled reads); undefined: ask findOwnTask. */
export function cachedOwnTask(cache: FreshCache<TaskRow>, userId: string, taskId: string): TaskRow | undefined {
  return cache.peek(ownTaskKey(userId, taskId));
}

/** findOwnTask, or 404. */
export async function getOwnTask(
  db: Db,
  cache: FreshCache<TaskRow>,
  userId: string,
  taskId: string,
  message = "Video not found",
): Promise<TaskRow> {
  const row = await findOwnTask(db, cache, userId, taskId);
  if (!row) throw notFound(message);
  return row;
}
