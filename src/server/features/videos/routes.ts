import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { generateVideoSchema } from "../../../shared/schemas/videos.js";
import { successFlagOf, supportsHd } from "../../../shared/videos.js";
import { parseInput } from "../../http/errors.js";
import { tooManyRequests, type RateLimiter, type RateLimitRule } from "../../http/rate-limit.js";
import { requireAdmin, requireUser } from "../../http/session-auth.js";
import type { VideoContext } from "./context.js";
import { openDownload } from "./download-service.js";
import { generateVideo } from "./generate-service.js";
import { pricingView, webCost } from "./pricing.js";
import { getOwnTask, taskList } from "./queries.js";
import { refundVideo } from "./refund-service.js";
import { forceHd } from "./hd-service.js";

export const DEFAULT_GENERATE_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 60_000 };

const listQuery = z.object({
  days: z.coerce.number({ error: "days must be a number" }).int().min(1, "days must be between 1 and 90").max(90, "days must be between 1 and 90").optional(),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").optional(),
});
const taskParam = z.object({ taskId: z.string().min(1).max(200) });
const downloadQuery = z.object({
  quality: z.enum(["720p", "1080p"], { error: "quality must be 720p or 1080p" }).default("720p"),
});

export async function videoRoutes(app: FastifyInstance, opts: { ctx: VideoContext; generateLimiter: RateLimiter }): Promise<void> {
  const { ctx } = opts;
  const { db } = ctx;
  const { generateLimiter } = opts;

  app.get("/api/pricing/current", { config: { access: "public" } }, async () => {
    const [settings, simulated] = await Promise.all([ctx.readSettings(), ctx.provider.isSimulated()]);
    return pricingView(settings, simulated);
  });

  app.post("/api/generate-video", { config: { access: "user" } }, async (request) => {
    const user = requireUser(request);
    const wait = await generateLimiter.hit(user.id);
    if (wait) throw tooManyRequests(wait, "video requests");
    const input = parseInput(generateVideoSchema, request.body);
    const cost = webCost(input.model, await ctx.readSettings());
    return generateVideo(ctx, user.id, input, { via: "web", cost });
  });

  app.get("/api/video-tasks", { config: { access: "user" } }, async (request, reply) => {
    const user = requireUser(request);
    const q = parseInput(listQuery, request.query);
    const list = await taskList(
      db,
      ctx.caches.taskLists,
      user.id,
      q.page !== undefined || q.limit !== undefined ? { page: q.page ?? 1, limit: q.limit ?? 20 } : { days: q.days ?? 14 },
    );
    // Pages poll this: an unchanged list is answered 304 with no body (the browser revalidates).
    reply.header("etag", list.etag).header("cache-control", "private, no-cache");
    if (request.headers["if-none-match"] === list.etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(list.json);
  });

  app.get("/api/video-status/:taskId", { config: { access: "user" } }, async (request) => {
    const user = requireUser(request);
    const { taskId } = parseInput(taskParam, request.params);
    const task = await getOwnTask(db, ctx.caches.tasks, user.id, taskId);
    return {
      data: {
        taskId: task.taskId,
        status: task.status,
        successFlag: successFlagOf(task.status),
        errorMessage: task.errorMessage,
        resultUrls: JSON.stringify(task.resultUrls ?? []),
        hdVideoUrl: task.hdVideoUrl,
      },
    };
  });

  app.get("/api/hd-video/:taskId", { config: { access: "user" } }, async (request) => {
    const user = requireUser(request);
    const { taskId } = parseInput(taskParam, request.params);
    const task = await getOwnTask(db, ctx.caches.tasks, user.id, taskId);
    return { success: Boolean(task.hdVideoUrl), hdVideoUrl: task.hdVideoUrl, hdStatus: task.hdStatus, message: hdMessage(task) };
  });

  /** Asks the provider for the 1080p file now, instead of waiting for the worker. */
  app.post("/api/force-update-hd/:taskId", { config: { access: "user" } }, async (request) => {
    const user = requireUser(request);
    const { taskId } = parseInput(taskParam, request.params);
    return forceHd(ctx, user.id, taskId);
  });

  app.get("/api/videos/:taskId/download", { config: { access: "user" } }, async (request, reply) => {
    const user = requireUser(request);
    const { taskId } = parseInput(taskParam, request.params);
    const { quality } = parseInput(downloadQuery, request.query);
    const file = await openDownload(ctx, user.id, taskId, quality);
    return reply.headers(file.headers).send(file.body);
  });

  /** Admin: give a task's credits back (from the history page's usage rows). */
  app.post("/api/video/:taskId/refund", { config: { access: "admin" } }, async (request) => {
    const admin = requireAdmin(request);
    const { taskId } = parseInput(taskParam, request.params);
    return { amount: await refundVideo(db, taskId, admin.username) };
  });
}

function hdMessage(task: { hdVideoUrl: string | null; hdStatus: string; aspectRatio: string; status: string }): string {
  if (task.hdVideoUrl) return "HD video is ready";
  if (!supportsHd(task.aspectRatio)) return "HD is only available for 16:9 videos";
  if (task.status !== "completed") return "The video is not finished yet";
  if (task.hdStatus === "failed") return "The 1080p version could not be produced";
  return "1080p video is still being processed. Please try again later.";
}
