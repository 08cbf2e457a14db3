/**
 * The automation API for n8n, Make or any HTTP client (decision 0017): POST /api/n8n/generate,
 * GET /api/n8n/video-status/{taskId}, GET /api/n8n/balance (decision 0151), the list of videos and
 * the 4K upgrade (issue 73), authenticated by
 * API token only (cookies never count).
 * Errors keep the app's statuses, messages and codes and add `success: false` (automationErrorSchema).
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, errorBody, toAppError } from "../../http/errors.js";
import { requireTokenUser, requireWritingTokenUser, useBearerAuth } from "../../http/bearer-auth.js";
import { idempotent } from "../../http/idempotency.js";
import { useScopeAccess } from "../../http/route-access.js";
import { serve } from "../../http/route-contract.js";
import type { RateLimiter, RateLimitStore } from "../../http/rate-limit.js";
import { tooManyRequests, type RateLimitRule } from "../../http/rate-limit.js";
import { automationApi } from "../../../shared/api/automation.js";
import { codesApi } from "../../../shared/api/codes.js";
import { MAX_IMAGE_BYTES } from "../../../shared/videos.js";
import type { TaskReads } from "../videos/video-deps.js";
import { signedUntil, type VideoUrlSigner } from "../videos/video-files.js";
import { getOwnTask } from "../videos/queries.js";
import { creditSplit } from "../credits/credit-split.js";
import { redeemGrantCode } from "../codes/redeem-grant.js";
import { generateFromApi, type ApiGenerateDeps } from "./generate-service.js";
import { extendVideo } from "../videos/extend-service.js";
import { makeFinal } from "../videos/draft-service.js";
import { extendDepsOf, type VideoRouteDeps } from "../videos/routes.js";
import { refundedCredits, toAutomationStatus } from "./video-status.js";
import { upgradeTo4kFromApi } from "./upgrade-4k.js";
import { apiVideoList } from "./video-list.js";
import { AUTOMATION_PREFIX, BODY_TOO_LARGE, TASK_NOT_FOUND } from "./messages.js";
import { BALANCE_DOCS, GENERATE_DOCS, statusDocs } from "./openapi.js";

const SIGNED_URL_SECONDS = 24 * 3600;

export interface AutomationRateLimits {
  /** All /api/n8n requests per token (polling included). */
  perToken: RateLimitRule;
}

/** Generous for polling many videos every 15-30 s; stops runaway loops. */
export const DEFAULT_AUTOMATION_RATE_LIMITS: AutomationRateLimits = {
  perToken: { max: 300, windowMs: 60_000 },
};

/** A 10 MB image as base64 is ~13.4 MB; the prompt and JSON fit in the rest. */
const GENERATE_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 * 1024;

interface AutomationOptions
  extends TaskReads, ApiGenerateDeps, Pick<VideoRouteDeps, "videoStore" | "jobs" | "generation" | "readSettings"> {
  config: { publicUrl: string; webhooksAllowLocal: boolean };
  videoUrls: VideoUrlSigner;
  limits: { automation: AutomationRateLimits };
  rateLimitStore: RateLimitStore;
  /** The per-user generation limit, shared with the web route: one budget whichever way a video is asked for. */
  generateLimiter: RateLimiter;
}

/** Registers the endpoints under /api/n8n (expired base64 images are swept by jobs/background-jobs.ts). */
export async function registerAutomationApi(app: FastifyInstance, opts: AutomationOptions): Promise<void> {
  await app.register(automationRoutes, { ...opts, prefix: AUTOMATION_PREFIX });
}

async function automationRoutes(app: FastifyInstance, ctx: AutomationOptions): Promise<void> {
  const { db, generateLimiter } = ctx;

  // The same errors as the web API, in this API's shape: `{success: false, message, code}`.
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const error =
      err instanceof AppError || err.statusCode !== 413
        ? toAppError(err, request)
        : new AppError("payload_too_large", BODY_TOO_LARGE);
    return reply
      .status(error.status)
      .headers(error.headers)
      .send({ success: false, ...errorBody(error) });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const message = `Not found: ${request.method} ${path}. The automation API has POST ${AUTOMATION_PREFIX}/generate, POST ${AUTOMATION_PREFIX}/videos/{taskId}/extend, POST ${AUTOMATION_PREFIX}/videos/{taskId}/final, POST ${AUTOMATION_PREFIX}/videos/{taskId}/upgrade-4k, GET ${AUTOMATION_PREFIX}/video-status/{taskId}, GET ${AUTOMATION_PREFIX}/videos, GET ${AUTOMATION_PREFIX}/balance and POST ${AUTOMATION_PREFIX}/codes/redeem`;
    return reply.status(404).send({ success: false, message, code: "not_found" });
  });
  useBearerAuth(app, { db, rateLimit: ctx.limits.automation.perToken, rateLimitStore: ctx.rateLimitStore });
  useScopeAccess(app, "token");

  const { generate, extend, final, videoStatus, balance, listVideos, upgrade4k } = automationApi;
  // The scope sets the access ("token"): the contracts' paths lose its prefix in serve.
  // Spending (and redeeming) needs a classic token or an OAuth one allowed videos:write (decision 0169).
  serve(app, generate, { bodyLimit: GENERATE_BODY_LIMIT, docs: GENERATE_DOCS }, async (request, reply) => {
    const user = requireWritingTokenUser(request);
    return idempotent(ctx.db, request, reply, user.id, `${generate.method} ${generate.path}`, async (linkTask) => {
      const wait = await generateLimiter.hit(user.id);
      if (wait) throw tooManyRequests(wait, "video requests");
      return { success: true as const, ...(await generateFromApi(ctx, user.id, request.body, linkTask)) };
    });
  });

  // An extension, natively or from the last frame as on the website (decision 0159).
  serve(app, extend, {}, async (request, reply) => {
    const user = requireWritingTokenUser(request);
    const { taskId } = request.params;
    return idempotent(
      ctx.db,
      request,
      reply,
      user.id,
      `${extend.method} ${extend.path}:${taskId}`,
      async (linkTask) => {
        const wait = await generateLimiter.hit(user.id);
        if (wait) throw tooManyRequests(wait, "video requests");
        const started = await extendVideo(extendDepsOf(ctx), user.id, taskId, request.body, linkTask, "api");
        return { success: true as const, ...started };
      },
    );
  });

  // "Make it final" (decision 0178), as on the website, at the API's price.
  serve(app, final, {}, async (request, reply) => {
    const user = requireWritingTokenUser(request);
    const { taskId } = request.params;
    return idempotent(ctx.db, request, reply, user.id, `${final.method} ${final.path}:${taskId}`, async (linkTask) => {
      const wait = await generateLimiter.hit(user.id);
      if (wait) throw tooManyRequests(wait, "video requests");
      const started = await makeFinal(ctx, user.id, taskId, linkTask, "api");
      return {
        success: true as const,
        taskId: started.taskId,
        creditsUsed: started.creditsUsed,
        remainingCredits: started.remainingCredits,
      };
    });
  });

  serve(app, videoStatus, { docs: statusDocs() }, async (request, reply) => {
    const user = requireTokenUser(request);
    const { taskId } = request.params;
    const task = await getOwnTask(db, ctx.caches.tasks, user.id, taskId, TASK_NOT_FOUND);
    const refunded = task.status === "failed" ? await refundedCredits(db, task.id) : 0;
    reply.header("cache-control", "no-store");
    // Our archived files as signed URLs, so a downloader needs no header (valid for a day or more).
    const until = signedUntil(SIGNED_URL_SECONDS);
    return toAutomationStatus(task, refunded, (url) => ctx.videoUrls.sign(url, ctx.config.publicUrl, until));
  });

  serve(app, listVideos, {}, async (request, reply) => {
    const user = requireTokenUser(request);
    reply.header("cache-control", "no-store");
    return apiVideoList(ctx, user.id, request.query);
  });

  // The website's Upgrade to 4K at API prices: a second ask is a 409, never a second charge.
  serve(app, upgrade4k, {}, async (request) => {
    const user = requireWritingTokenUser(request);
    return upgradeTo4kFromApi(ctx, user.id, request.params.taskId);
  });

  // The balance every page shows, with which of it expires when (decision 0151).
  serve(app, balance, { docs: BALANCE_DOCS }, async (request, reply) => {
    const user = requireTokenUser(request);
    reply.header("cache-control", "no-store");
    return { success: true as const, ...(await creditSplit(db, user.id)) };
  });

  // A grant code for the token's account, as on the web (decision 0156).
  serve(app, codesApi.automationRedeem, {}, async (request) => {
    const user = requireWritingTokenUser(request);
    const redeemed = await redeemGrantCode(db, {
      userId: user.id,
      code: request.body.code,
      clientAddress: request.ip,
      via: "api",
    });
    return { success: true as const, ...redeemed };
  });
}
