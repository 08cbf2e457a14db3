/**
 * The token's account's videos for programs (GET /api/n8n/videos and the MCP tool list_videos):
 * the website's own list (videos/queries.ts taskList, cached per user), cut to what a program needs.
 */
import type { z } from "zod";
import type { AutomationVideoList, automationVideoListQuery } from "../../../shared/schemas/automation.js";
import type { VideoTaskView } from "../../../shared/schemas/videos.js";
import { taskList } from "../videos/queries.js";
import type { TaskReads } from "../videos/video-deps.js";

const DEFAULT_LIMIT = 10;

export async function apiVideoList(
  { db, caches }: TaskReads,
  userId: string,
  query: z.infer<typeof automationVideoListQuery>,
): Promise<AutomationVideoList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const list = await taskList(db, caches.taskLists, userId, {
    page,
    limit,
    q: query.q || undefined,
    status: query.status,
    model: query.model,
  });
  const parsed = JSON.parse(list.body.toString("utf8")) as { tasks: VideoTaskView[]; total?: number };
  const videos = parsed.tasks.map((v) => ({
    taskId: v.taskId,
    status: v.status,
    model: v.model,
    prompt: v.prompt,
    createdAt: v.createdAt,
    creditsUsed: v.creditsUsed,
  }));
  return { success: true, videos, total: parsed.total ?? videos.length, page, limit };
}
