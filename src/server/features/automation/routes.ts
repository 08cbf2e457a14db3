/**
 * The automation API for n8n, Make or any HTTP client (spec section 7): POST /api/n8n/generate and
 * GET /api/n8n/video-status/{taskId}, authenticated by API token only (cookies never count).
 * Errors keep the app's statuses and messages and add `success: false` (n8nErrorSchema).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError, parseInput } from "../../http/errors.js";
import { requireTokenUser, useBearerAuth } from "../../http/bearer-auth.js";
import type { RateLimiter, RateLimitStore } from "../../http/rate-limit.js";
import { tooManyRequests, type RateLimitRule } from "../../http/rate-limit.js";
import { TemporaryImageSweep, type TemporaryImageSweepOptions } from "../../jobs/temporary-image-sweep.js";
import { n8nGenerateSchema, type N8nGenerateResult } from "../../../shared/automation.js";
import { MAX_IMAGE_BYTES } from "../../../shared/videos.js";
import type { VideoContext } from "../videos/context.js";
import { generateVideo } from "../videos/generate-service.js";
import { apiCost } from "../videos/pricing.js";
import { getOwnTask } from "../videos/queries.js";
import { parseImageInput } from "./reference-image.js";
import { refundedCredits, toN8nStatus } from "./video-status.js";

declare module "fastify" {
  interface FastifyInstance {
    temporaryImageSweep: TemporaryImageSweep;
  }
}

export const AUTOMATION_PREFIX = "/api/n8n";

export interface AutomationRateLimits {
  /** All /api/n8n requests per token (polling included). */
  perToken: RateLimitRule;
}

/** Generous for polling many videos every 15-30 s; stops runaway loops. */
export const DEFAULT_AUTOMATION_RATE_LIMITS: AutomationRateLimits = {
  perToken: { max: 300, windowMs: 60_000 },
};

/** A 10 MB image as base64 is ~13.4 MB; the prompt and JSON fit in the rest. */
export const GENERATE_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 * 1024;

export const TASK_NOT_FOUND = "Video task not found: use a taskId that /api/n8n/generate returned for this token's account";
export const BODY_TOO_LARGE = `Request body is too large: send one reference image of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB (only the first image is used)`;

// Fastify's maxParamLength (100) bounds the id; an empty one is simply not found.
const taskParam = z.object({ taskId: z.string() });

interface AutomationOptions {
  ctx: VideoContext;
  rateLimits: AutomationRateLimits;
  rateLimitStore: RateLimitStore;
  /** The per-user generation limit, shared with the web route: one budget whichever way a video is asked for. */
  generateLimiter: RateLimiter;
}

/** Registers the endpoints and the sweep of expired base64 images (app.temporaryImageSweep). */
export async function registerAutomationApi(
  app: FastifyInstance,
  opts: AutomationOptions & { backgroundWorkers: boolean; sweep?: Partial<TemporaryImageSweepOptions> },
): Promise<void> {
  const sweep = new TemporaryImageSweep(opts.ctx.uploads, opts.sweep ?? {}, app.log.child({ job: "temporary-image-sweep" }));
  app.decorate("temporaryImageSweep", sweep);
  if (opts.backgroundWorkers) app.addHook("onReady", async () => sweep.start());
  app.addHook("onClose", async () => sweep.stop());
  await app.register(automationRoutes, { ...opts, prefix: AUTOMATION_PREFIX });
}

async function automationRoutes(app: FastifyInstance, opts: AutomationOptions): Promise<void> {
  const { ctx } = opts;
  const { db } = ctx;
  const { generateLimiter } = opts;

  // The app's error handler decides status and message; here only the shape changes.
  app.setErrorHandler((err: { statusCode?: number }) => {
    if (err.statusCode === 413) throw new AppError(413, BODY_TOO_LARGE);
    throw err;
  });
  app.addHook("onSend", async (_request, reply, payload) => (reply.statusCode >= 400 ? withSuccessFalse(payload) : payload));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}. The automation API has POST ${AUTOMATION_PREFIX}/generate and GET ${AUTOMATION_PREFIX}/video-status/{taskId}` });
  });
  useBearerAuth(app, { db, rateLimit: opts.rateLimits.perToken, rateLimitStore: opts.rateLimitStore });

  app.post("/generate", { bodyLimit: GENERATE_BODY_LIMIT }, async (request): Promise<N8nGenerateResult> => {
    const user = requireTokenUser(request);
    const wait = await generateLimiter.hit(user.id);
    if (wait) throw tooManyRequests(wait, "video requests");
    const input = parseInput(n8nGenerateSchema, request.body);
    // Several images are accepted, only the first is used (the automation guide says so).
    const image = input.imageUrls[0] === undefined ? undefined : parseImageInput(input.imageUrls[0]);
    const cost = apiCost(input.model, await ctx.readSettings());
    const stored = image?.kind === "base64" ? await ctx.uploads.save(image.data, image.type, { temporary: true }) : undefined;
    const imageUrl = image?.kind === "url" ? image.url : stored?.url;
    try {
      const result = await generateVideo(
        ctx,
        user.id,
        {
          prompt: input.prompt,
          model: input.model,
          aspectRatio: input.aspectRatio,
          seeds: input.seeds,
          imageUrls: imageUrl ? [imageUrl] : [],
          watermark: undefined,
          enableFallback: false,
        },
        { via: "api", cost },
      );
      return { success: true, ...result };
    } catch (err) {
      // 402/403 mean nothing was recorded, so no task will ever show the stored image.
      if (stored && err instanceof AppError && (err.status === 402 || err.status === 403)) await ctx.uploads.remove(stored.name);
      throw err;
    }
  });

  app.get("/video-status/:taskId", async (request, reply) => {
    const user = requireTokenUser(request);
    const { taskId } = parseInput(taskParam, request.params);
    const task = await getOwnTask(db, ctx.caches.tasks, user.id, taskId, TASK_NOT_FOUND);
    const refunded = task.status === "failed" ? await refundedCredits(db, task.id) : 0;
    reply.header("cache-control", "no-store");
    return toN8nStatus(task, refunded);
  });
}

/** `{message}` from the app's error handler becomes `{success: false, message}`. */
function withSuccessFalse(payload: unknown): unknown {
  if (typeof payload !== "string") return payload;
  try {
    const body: unknown = JSON.parse(payload);
    if (body && typeof body === "object" && !Array.isArray(body) && !("success" in body)) return JSON.stringify({ success: false, ...body });
  } catch {
    // Not JSON: leave it.
  }
  return payload;
}
