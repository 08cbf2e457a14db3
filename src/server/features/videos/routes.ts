import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  extendVideoSchema,
  generateVideoResultSchema,
  generateVideoSchema,
  hdVideoSchema,
  pricingViewSchema,
  refundResultSchema,
  taskListSchema,
  upgradeResultSchema,
  VIDEO_QUALITIES,
  videoStatusSchema,
} from "../../../shared/schemas/videos.js";
import { modelLabel, successFlagOf } from "../../../shared/videos.js";
import { NOT_UPGRADABLE, requestUhd } from "./uhd.js";
import { extendVideo } from "./extend-service.js";
import { idempotencyHeaders, idempotent } from "../../http/idempotency.js";
import { WEB_PRICE_DOCS } from "../../http/web-app-token.js";
import { tooManyRequests, type RateLimiter, type RateLimitRule } from "../../http/rate-limit.js";
import { errors } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { openDownload } from "./download-service.js";
import { generateVideo, type GenerateDeps } from "./generate-service.js";
import { pricesOf, pricingView } from "./pricing.js";
import { surchargeCost, webCost } from "../../../shared/prices.js";
import { getOwnTask, taskList, toTaskView } from "./queries.js";
import { auditActor } from "../audit/audit-log.js";
import { refundVideo } from "./refund-service.js";
import { forceHd } from "./hd-service.js";
import type { VideoProvider } from "./provider.js";
import type { SimulatorFiles, TaskReads } from "./video-deps.js";
import type { Settings } from "../settings/service.js";

export const DEFAULT_GENERATE_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 60_000 };

const listQuery = z.object({
  days: z.coerce
    .number({ error: "days must be a number" })
    .int()
    .min(1, "days must be between 1 and 90")
    .max(90, "days must be between 1 and 90")
    .optional(),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .optional(),
});
const taskParam = z.object({ taskId: z.string().min(1).max(200) });
const downloadQuery = z.object({
  quality: z.enum(VIDEO_QUALITIES, { error: "quality must be 720p, 1080p or 4k" }).default("720p"),
});
/** A file, streamed from the provider with a download name. */
const videoFile = {
  description: "The MP4 file, as an attachment.",
  content: { "video/mp4": { schema: z.string().meta({ format: "binary" }) } },
};
const archivedRedirect = {
  description: "Archived: our own copy, as an attachment (GET /media/videos/{file}?download=1).",
  content: { "text/plain": { schema: z.string() } },
};
const notModified = {
  description: "The list has not changed since the ETag sent in If-None-Match.",
  content: { "application/json": { schema: z.null() } },
};

export interface VideoRouteDeps extends TaskReads, SimulatorFiles {
  /** Origins provider files may be fetched from though not public (our simulator, KIE_BASE_URL). */
  trustedFileOrigins: readonly string[];
  provider: VideoProvider;
  readSettings(): Promise<Settings>;
  generation: GenerateDeps;
  /** Shared with the automation API: one budget whichever way a video is asked for. */
  generateLimiter: RateLimiter;
}

export async function videoRoutes(scope: FastifyInstance, ctx: VideoRouteDeps): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, generateLimiter } = ctx;

  app.get(
    "/api/pricing/current",
    {
      config: { access: "public" },
      schema: { tags: ["Site"], summary: "What a video costs", response: { 200: pricingViewSchema } },
    },
    async () => {
      const [settings, simulated] = await Promise.all([ctx.readSettings(), ctx.provider.isSimulated()]);
      return pricingView(settings, simulated);
    },
  );

  const generateErrors = errors(400, 401, 402, 403, 409, 422, 429, 502, 503);
  app.post(
    "/api/generate-video",
    {
      config: { access: "user", webPrice: true },
      schema: {
        tags: ["Videos"],
        summary: "Start a video",
        description: WEB_PRICE_DOCS,
        headers: idempotencyHeaders,
        body: generateVideoSchema,
        response: { 200: generateVideoResultSchema, ...generateErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return idempotent(db, request, reply, user.id, "POST /api/generate-video", async (linkTask) => {
        const wait = await generateLimiter.hit(user.id);
        if (wait) throw tooManyRequests(wait, "video requests");
        const input = request.body;
        const prices = pricesOf(await ctx.readSettings());
        const cost = webCost(prices, input.model);
        return generateVideo(ctx.generation, user.id, input, {
          via: "web",
          cost,
          uhdCost: surchargeCost(prices, "4k", "web"),
          linkTask,
        });
      });
    },
  );

  /** A new video that continues a finished one (decision 0050). */
  app.post(
    "/api/videos/:taskId/extend",
    {
      config: { access: "user", webPrice: true },
      schema: {
        tags: ["Videos"],
        summary: "Extend a finished video with a new prompt (a new video linked to it)",
        description: WEB_PRICE_DOCS,
        headers: idempotencyHeaders,
        params: taskParam,
        body: extendVideoSchema,
        response: { 200: generateVideoResultSchema, ...errors(400, 401, 402, 403, 404, 409, 422, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      return idempotent(db, request, reply, user.id, `POST /api/videos/${taskId}/extend`, async (linkTask) => {
        const wait = await generateLimiter.hit(user.id);
        if (wait) throw tooManyRequests(wait, "video requests");
        return extendVideo(ctx, user.id, taskId, request.body, linkTask);
      });
    },
  );

  app.get(
    "/api/video-tasks",
    {
      config: { access: "user" },
      schema: {
        tags: ["Videos"],
        summary: "The signed-in person's videos",
        querystring: listQuery,
        response: { 200: taskListSchema, 304: notModified, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const q = request.query;
      const list = await taskList(
        db,
        ctx.caches.taskLists,
        user.id,
        q.page !== undefined || q.limit !== undefined
          ? { page: q.page ?? 1, limit: q.limit ?? 20 }
          : { days: q.days ?? 14 },
      );
      // Pages poll this: an unchanged list is answered 304 with no body (the browser revalidates).
      reply.header("etag", list.etag).header("cache-control", "private, no-cache");
      if (request.headers["if-none-match"] === list.etag) return reply.code(304).send();
      // Already JSON (PostgreSQL built it in taskListSchema's shape, tests/integration/video-reads.test.ts): sent as is.
      return reply.type("application/json; charset=utf-8").send(list.json as never);
    },
  );

  app.get(
    "/api/video-status/:taskId",
    {
      config: { access: "user" },
      schema: {
        tags: ["Videos"],
        summary: "One video's state",
        params: taskParam,
        response: { 200: videoStatusSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      const task = toTaskView(await getOwnTask(db, ctx.caches.tasks, user.id, taskId));
      return {
        data: {
          taskId: task.taskId,
          status: task.status,
          successFlag: successFlagOf(task.status),
          errorMessage: task.errorMessage,
          resultUrls: JSON.stringify(task.resultUrls),
          hdVideoUrl: task.hdVideoUrl,
        },
      };
    },
  );

  app.get(
    "/api/hd-video/:taskId",
    {
      config: { access: "user" },
      schema: {
        tags: ["Videos"],
        summary: "A video's 1080p file, if ready",
        params: taskParam,
        response: { 200: hdVideoSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      const task = toTaskView(await getOwnTask(db, ctx.caches.tasks, user.id, taskId));
      return {
        success: Boolean(task.hdVideoUrl),
        hdVideoUrl: task.hdVideoUrl,
        hdStatus: task.hdStatus,
        message: hdMessage(task),
      };
    },
  );

  /** Asks the provider for the 1080p file now, instead of waiting for the worker. */
  app.post(
    "/api/force-update-hd/:taskId",
    {
      config: { access: "user" },
      schema: {
        tags: ["Videos"],
        summary: "Ask the provider for the 1080p file now",
        params: taskParam,
        response: { 200: hdVideoSchema, ...errors(400, 401, 404, 502, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      return forceHd(ctx, user.id, taskId);
    },
  );

  /** The 4K version of a finished video, for the 4K surcharge (decision 0049); the worker fetches it. */
  app.post(
    "/api/videos/:taskId/upgrade-4k",
    {
      config: { access: "user", webPrice: true },
      schema: {
        tags: ["Videos"],
        summary: "Make the 4K version of a finished video (charged now, refunded if it cannot be made)",
        description: WEB_PRICE_DOCS,
        params: taskParam,
        response: { 200: upgradeResultSchema, ...errors(400, 401, 402, 404, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      const task = await getOwnTask(db, ctx.caches.tasks, user.id, taskId, NOT_UPGRADABLE);
      const cost = surchargeCost(pricesOf(await ctx.readSettings()), "4k", "web");
      const { remaining } = await requestUhd(db, user.id, taskId, cost, `4K upgrade (${modelLabel(task.model)})`);
      ctx.generation.wake();
      return { taskId, uhdStatus: "pending" as const, creditsUsed: cost, remainingCredits: remaining };
    },
  );

  app.get(
    "/api/videos/:taskId/download",
    {
      config: { access: "user" },
      schema: {
        tags: ["Videos"],
        summary: "Download a video",
        params: taskParam,
        querystring: downloadQuery,
        response: { 200: videoFile, 302: archivedRedirect, ...errors(400, 401, 404, 502) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      const { quality } = request.query;
      const file = await openDownload(ctx, user.id, taskId, quality);
      if ("archived" in file) return reply.redirect(file.archived, 302);
      return reply.headers(file.headers).send(file.body as never); // a stream: never serialised
    },
  );

  /** Admin: give a task's credits back (from the history page's usage rows). */
  app.post(
    "/api/video/:taskId/refund",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Admin"],
        summary: "Give a video's credits back",
        params: taskParam,
        response: { 200: refundResultSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { taskId } = request.params;
      return { amount: await refundVideo(db, taskId, auditActor(request)) };
    },
  );
}

function hdMessage(task: { hdVideoUrl: string | null; hdStatus: string; status: string }): string {
  if (task.hdVideoUrl) return "HD video is ready";
  if (task.status !== "completed") return "The video is not finished yet";
  if (task.hdStatus === "failed") return "The 1080p version could not be produced";
  if (task.hdStatus === "held")
    return "The 1080p version is held so the video can be extended: ask for it when you are done";
  // A 9:16 video from before 1080p existed for it: Check HD Status asks for one.
  if (task.hdStatus === "none") return "No 1080p version has been asked for yet: use Check HD Status";
  return "1080p video is still being processed. Please try again later.";
}
