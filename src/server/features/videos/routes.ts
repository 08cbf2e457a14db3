import type { FastifyInstance } from "fastify";
import { adminTransactionsApi } from "../../../shared/api/admin-transactions.js";
import { videosApi } from "../../../shared/api/videos.js";
import { siteApi } from "../../../shared/api/site.js";
import { modelLabel, successFlagOf, type TaskStatus } from "../../../shared/videos.js";
import { videoFailureOf, videoFailureSentence } from "../../../shared/video-failures.js";
import { NOT_UPGRADABLE, requestUhd } from "./uhd.js";
import { extendOptions, extendVideo, type ExtendDeps } from "./extend-service.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { idempotent } from "../../http/idempotency.js";
import { tooManyRequests, type RateLimiter, type RateLimitRule } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { requireUser } from "../../http/session-auth.js";
import { openDownload } from "./download-service.js";
import { generateVideo, type GenerateDeps } from "./generate-service.js";
import { makeFinal } from "./draft-service.js";
import { modelsView, pricingView } from "./pricing.js";
import { quoteNow } from "./quote.js";
import type { ModelHealth } from "../../../shared/schemas/model-health.js";
import { creditValueOf } from "../packages/credit-value.js";
import { cachedOwnTask, getOwnTask, taskList, toTaskView } from "./queries.js";
import { auditActor } from "../audit/audit-log.js";
import { refundVideo } from "./refund-service.js";
import { forceHd } from "./hd-service.js";
import type { VideoVendors } from "./video-vendors.js";
import type { SimulatorFiles, TaskReads } from "./video-deps.js";
import type { TaskRow } from "./task-state.js";
import type { Settings } from "../settings/service.js";

export const DEFAULT_GENERATE_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 60_000 };

export interface VideoRouteDeps extends TaskReads, SimulatorFiles {
  /** Origins provider files may be fetched from though not public (our simulator, KIE_BASE_URL). */
  trustedFileOrigins: readonly string[];
  provider: VideoVendors;
  readSettings(): Promise<Settings>;
  generation: GenerateDeps;
  /** Shared with the automation API: one budget whichever way a video is asked for. */
  generateLimiter: RateLimiter;
  modelHealth: () => Promise<ModelHealth[]>;
  /** Where kept videos are (an extension from the last frame reads its parent's, decision 0159). */
  videoStore: VideoStore;
  /** The joiner's FFmpeg is the one that takes last frames too. */
  jobs: { videoJoiner: { opts: { ffmpegPath: string | undefined } } };
}

/** What extending needs, from the routes' deps (the automation API's too). */
export function extendDepsOf(ctx: Omit<ExtendDeps, "ffmpegPath"> & Pick<VideoRouteDeps, "jobs">): ExtendDeps {
  return { ...ctx, ffmpegPath: ctx.jobs.videoJoiner.opts.ffmpegPath };
}

export async function videoRoutes(scope: FastifyInstance, ctx: VideoRouteDeps): Promise<void> {
  const { db, generateLimiter } = ctx;

  serve(scope, siteApi.pricing, { access: "public" }, async () => {
    const [settings, simulated, health] = await Promise.all([
      ctx.readSettings(),
      ctx.provider.isSimulated(),
      ctx.modelHealth(),
    ]);
    return pricingView(settings, simulated, await creditValueOf(db, settings.creditValueUsd), health);
  });

  serve(scope, siteApi.models, { access: "public" }, async () => {
    const [settings, simulated, health] = await Promise.all([
      ctx.readSettings(),
      ctx.provider.isSimulated(),
      ctx.modelHealth(),
    ]);
    return modelsView(settings, simulated, health);
  });

  serve(scope, videosApi.generate, { access: "user", webPrice: true }, async (request, reply) => {
    const user = requireUser(request);
    return idempotent(db, request, reply, user.id, "POST /api/generate-video", async (linkTask) => {
      const wait = await generateLimiter.hit(user.id);
      if (wait) throw tooManyRequests(wait, "video requests");
      // Priced by generateVideo for the web's channel (quote.ts, decision 0139).
      return generateVideo(ctx.generation, user.id, request.body, { channel: "web", linkTask });
    });
  });

  serve(scope, videosApi.extendOptions, { access: "user" }, async (request) => {
    const user = requireUser(request);
    return extendOptions(extendDepsOf(ctx), user.id, request.params.taskId, request.query.model);
  });

  serve(scope, videosApi.extend, { access: "user", webPrice: true }, async (request, reply) => {
    const user = requireUser(request);
    const { taskId } = request.params;
    return idempotent(db, request, reply, user.id, `POST /api/videos/${taskId}/extend`, async (linkTask) => {
      const wait = await generateLimiter.hit(user.id);
      if (wait) throw tooManyRequests(wait, "video requests");
      return extendVideo(extendDepsOf(ctx), user.id, taskId, request.body, linkTask);
    });
  });

  // "Make it final" (decision 0178): the normal generation of a finished draft's final, one per Idempotency-Key.
  serve(scope, videosApi.final, { access: "user", webPrice: true }, async (request, reply) => {
    const user = requireUser(request);
    const { taskId } = request.params;
    return idempotent(db, request, reply, user.id, `POST /api/videos/${taskId}/final`, async (linkTask) => {
      const wait = await generateLimiter.hit(user.id);
      if (wait) throw tooManyRequests(wait, "video requests");
      return makeFinal(ctx, user.id, taskId, linkTask);
    });
  });

  serve(scope, videosApi.list, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const { days, page, limit, q, status, model, sort } = request.query;
    const filters = { q: q || undefined, status, model, sort };
    const list = await taskList(
      db,
      ctx.caches.taskLists,
      user.id,
      page !== undefined || limit !== undefined
        ? { page: page ?? 1, limit: limit ?? 20, ...filters }
        : { days: days ?? 14, ...filters },
    );
    // Pages poll this: an unchanged list is answered 304 with no body (the browser revalidates).
    reply.header("etag", list.etag).header("cache-control", "private, no-cache");
    if (request.headers["if-none-match"] === list.etag) return reply.code(304).send();
    // Already JSON (PostgreSQL built it in taskListSchema's shape, tests/integration/video-reads.test.ts): sent as is.
    return reply.type("application/json; charset=utf-8").send(list.body as never);
  });

  // Polled every few seconds per open video: read from the cached row, with no full view built,
  // and answered without a promise when the row is kept.
  serve(scope, videosApi.status, { access: "user" }, (request) => {
    const user = requireUser(request);
    const { taskId } = request.params;
    const kept = cachedOwnTask(ctx.caches.tasks, user.id, taskId);
    return kept ? statusOf(kept) : getOwnTask(db, ctx.caches.tasks, user.id, taskId).then(statusOf);
  });

  serve(scope, videosApi.hd, { access: "user" }, async (request) => {
    const user = requireUser(request);
    const { taskId } = request.params;
    const task = toTaskView(await getOwnTask(db, ctx.caches.tasks, user.id, taskId));
    return {
      success: Boolean(task.hdVideoUrl),
      hdVideoUrl: task.hdVideoUrl,
      hdStatus: task.hdStatus,
      message: hdMessage(task),
    };
  });

  serve(scope, videosApi.forceHd, { access: "user" }, async (request) =>
    forceHd(ctx, requireUser(request).id, request.params.taskId),
  );

  // Charged now; the worker fetches the 4K file (decision 0049).
  serve(scope, videosApi.upgrade4k, { access: "user", webPrice: true }, async (request) => {
    const user = requireUser(request);
    const { taskId } = request.params;
    const task = await getOwnTask(db, ctx.caches.tasks, user.id, taskId, NOT_UPGRADABLE);
    const { total: cost } = await quoteNow(ctx, { channel: "4k" });
    const { remaining } = await requestUhd(
      db,
      user.id,
      taskId,
      cost,
      `4K upgrade (${modelLabel(task.model)})`,
      ctx.generation.mailer,
      (await ctx.readSettings()).welcomeVideosWatermarked,
    );
    ctx.generation.wake();
    return { taskId, uhdStatus: "pending" as const, creditsUsed: cost, remainingCredits: remaining };
  });

  serve(scope, videosApi.download, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const { taskId } = request.params;
    const file = await openDownload(ctx, user.id, taskId, request.query.quality);
    if ("archived" in file) return reply.redirect(file.archived, 302);
    return reply.headers(file.headers).send(file.body as never); // a stream: never serialised
  });

  serve(scope, adminTransactionsApi.refundVideo, { access: "admin", ...STEP_UP }, async (request) => ({
    amount: await refundVideo(db, request.params.taskId, request.body.reason, auditActor(request), request.body.part),
  }));
}

function hdMessage(task: {
  hdVideoUrl: string | null;
  hdStatus: string;
  status: string;
  welcomeMarked?: boolean;
}): string {
  if (task.hdVideoUrl) return "HD video is ready";
  if (task.status !== "completed") return "The video is not finished yet";
  if (task.welcomeMarked) return "This video was paid with welcome credits: it stays 720p";
  if (task.hdStatus === "failed") return "The 1080p version could not be produced";
  if (task.hdStatus === "held")
    return "The 1080p version is held so the video can be extended: ask for it when you are done";
  // A 9:16 video from before 1080p existed for it: Check HD Status asks for one.
  if (task.hdStatus === "none") return "No 1080p version has been asked for yet: use Check HD Status";
  return "1080p video is still being processed. Please try again later.";
}

/** GET /api/video-status/{taskId}'s answer, from the task's row. */
function statusOf(task: TaskRow) {
  const status = task.status as TaskStatus;
  return {
    data: {
      taskId: task.taskId,
      status,
      successFlag: successFlagOf(status),
      // A failure in our words with a next step, never the vendor's (decision 0163).
      errorMessage:
        status === "failed"
          ? videoFailureSentence(
              videoFailureOf(task.errorMessage, { refused: task.failureKind === "refused" }),
              modelLabel(task.model),
            )
          : task.errorMessage,
      resultUrls: JSON.stringify(task.resultUrls ?? []),
      hdVideoUrl: task.hdVideoUrl,
    },
  };
}
