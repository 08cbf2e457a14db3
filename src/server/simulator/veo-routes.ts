/** The Veo API: generate, extend, record-info, get-1080p-video, get-4k-video, and the account credit balance. */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { clipVariant } from "./clips.js";
import { envelope, ok, type SimContext } from "./context.js";
import { appendToLog } from "./faults.js";
import { guard, requestKey } from "./guard.js";
import { GENERATE_ERRORS, promptMarkers, REJECT_MSG } from "./markers.js";
import {
  ASPECTS,
  decodeTaskId,
  DURATIONS,
  encodeTaskId,
  EXTEND_MODELS,
  EXTENSION_REQUEST,
  GENERATION_TYPES,
  MODELS,
  RESOLUTIONS,
  type ExtendModel,
  type GenerationType,
  type Model,
  type TaskInfo,
  type TaskRequest,
} from "./task-id.js";
import {
  callbackBody,
  clipUrl,
  FOUR_K_COST,
  FOUR_K_DONE_MSG,
  FOUR_K_PROCESSING_MSG,
  FOUR_K_UNAVAILABLE_MSG,
  fourKCallbackBody,
  fourKState,
  generationTime,
  hdReadyAt,
  hdRequested,
  recordInfo,
  rememberFourKRequest,
  rememberHdRequest,
  taskState,
} from "./task-state.js";

/** KIE credits per generation (Veo 3.1 pricing, 720p). */
export const MODEL_COST: Record<Model, number> = { veo3: 250, veo3_fast: 60, veo3_lite: 30 };
/** KIE's model when the request names none. */
export const DEFAULT_MODEL: Model = "veo3_fast";
/** KIE credits per extension (kie-2026.md section 1.12: Fast 60, Quality 250, Lite 30). */
const EXTEND_COST: Record<ExtendModel, number> = { fast: 60, quality: 250, lite: 30 };
const DEFAULT_EXTEND_MODEL: ExtendModel = "fast";
/** KIE's refusal to extend a task whose 1080p version was asked for (kie-2026.md sections 1.6 and 1.9). */
const EXTEND_AFTER_HD_MSG = "Videos generated after 1080P generation cannot be extended.";
/** What /chat/credit reports for keys without an account. */
const UNLIMITED_CREDITS = 100_000;

export const httpUrl = (field: string) =>
  z.string({ error: `${field} must be an http(s) URL` }).refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `${field} must be an http(s) URL`);

export const prompt = z.string({ error: "prompt is required" }).refine((p) => p.trim() !== "", "prompt is required");
export const seeds = z
  .int({ error: "seeds must be an integer" })
  .min(10000, "seeds must be between 10000 and 99999")
  .max(99999, "seeds must be between 10000 and 99999");
const taskIdField = z.string({ error: "taskId is required" }).refine((id) => id !== "", "taskId is required");

const GenerateBody = z.object(
  {
    prompt,
    imageUrls: z
      .array(httpUrl("imageUrls"), { error: "imageUrls must be an array of URLs" })
      .max(3, "imageUrls takes at most 3 images")
      .optional(),
    model: z.enum(MODELS, { error: "model must be veo3, veo3_fast or veo3_lite" }).optional(),
    generationType: z
      .enum(GENERATION_TYPES, {
        error: "generationType must be TEXT_2_VIDEO, FIRST_AND_LAST_FRAMES_2_VIDEO or REFERENCE_2_VIDEO",
      })
      .optional(),
    resolution: z.enum(RESOLUTIONS, { error: "resolution must be 720p, 1080p or 4k" }).optional(),
    duration: z.literal(DURATIONS, { error: "duration must be 4, 6 or 8" }).optional(),
    aspect_ratio: z.enum(ASPECTS, { error: "aspect_ratio must be 16:9 or 9:16" }).optional(),
    aspectRatio: z.enum(ASPECTS, { error: "aspectRatio must be 16:9 or 9:16" }).optional(),
    seeds: seeds.optional(),
    watermark: z.string({ error: "watermark must be a string" }).optional(),
    callBackUrl: httpUrl("callBackUrl").optional(),
    enableFallback: z.boolean({ error: "enableFallback must be a boolean" }).optional(),
    enableTranslation: z.boolean({ error: "enableTranslation must be a boolean" }).optional(),
  },
  { error: "Request body must be a JSON object" },
);

const ExtendBody = z.object(
  {
    taskId: taskIdField,
    prompt,
    seeds: seeds.optional(),
    model: z.enum(["fast", "quality", "lite"], { error: "model must be fast, quality or lite" }).optional(),
    watermark: z.string({ error: "watermark must be a string" }).optional(),
    callBackUrl: httpUrl("callBackUrl").optional(),
  },
  { error: "Request body must be a JSON object" },
);

const Get4kBody = z.object(
  {
    taskId: taskIdField,
    index: z.int({ error: "index must be an integer" }).optional(),
    callBackUrl: httpUrl("callBackUrl").optional(),
  },
  { error: "Request body must be a JSON object" },
);

export const INSUFFICIENT_MSG = "The current credits are insufficient. Please top up.";

/**
 * Why KIE would refuse this mode with this model and number of images (kie-2026.md §1.3), or
 * undefined. REFERENCE_2_VIDEO's aspect rule (16:9 or 9:16) always holds: those are the only
 * aspect ratios accepted at all.
 */
export function modeProblem(type: GenerationType, model: Model, imageCount: number): string | undefined {
  switch (type) {
    case "TEXT_2_VIDEO":
      return imageCount === 0 ? undefined : "TEXT_2_VIDEO mode does not accept imageUrls";
    case "FIRST_AND_LAST_FRAMES_2_VIDEO":
      return imageCount >= 1 && imageCount <= 2
        ? undefined
        : "FIRST_AND_LAST_FRAMES_2_VIDEO mode requires 1 or 2 imageUrls";
    case "REFERENCE_2_VIDEO":
      if (model === "veo3") return "REFERENCE_2_VIDEO mode currently only supports veo3_fast and veo3_lite models";
      return imageCount >= 1 && imageCount <= 3 ? undefined : "REFERENCE_2_VIDEO mode requires 1 to 3 imageUrls";
  }
}

/** Whitespace and control characters collapsed, so the excerpt (and the id) stays short. */
export const excerpt = (prompt: string) => prompt.replace(/[\s\p{Cc}]+/gu, " ").trim();

/** Takes `cost` from the caller's account, if it has one; false when the account cannot pay. */
export function charge(ctx: SimContext, key: string, cost: number): boolean {
  const account = ctx.accounts.get(key);
  if (!account) return true;
  if (account.credits < cost) return false;
  account.credits -= cost;
  return true;
}

/** A single-valued query parameter (repeated or missing ones count as absent). */
export function queryParam(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Errors from Fastify itself (bad JSON, wrong content type) still answer in the envelope. */
export function registerEnvelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status < 500) return reply.status(200).send(envelope(422, err.message || "Invalid request"));
    request.log.error({ err }, "simulator error");
    return reply.status(200).send(envelope(500, "Server error, please try again later"));
  });
}

export function veoRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    registerEnvelopeErrors(app);

    app.post("/api/v1/veo/generate", guard(ctx, "generate"), async (request) => {
      const parsed = GenerateBody.safeParse(request.body ?? {});
      if (!parsed.success) return envelope(422, parsed.error.issues[0]?.message ?? "Invalid request");
      const body = parsed.data;
      const model = body.model ?? DEFAULT_MODEL;
      const imageUrls = body.imageUrls ?? [];
      // Without a generationType, KIE goes by whether there are images.
      const generationType =
        body.generationType ?? (imageUrls.length > 0 ? "FIRST_AND_LAST_FRAMES_2_VIDEO" : "TEXT_2_VIDEO");
      const problem = modeProblem(generationType, model, imageUrls.length);
      if (problem) return envelope(422, problem);
      const markers = promptMarkers(body.prompt);
      if (markers.reject) return envelope(400, REJECT_MSG);
      if (markers.errorCode) return envelope(markers.errorCode, GENERATE_ERRORS[markers.errorCode]);
      if (!charge(ctx, requestKey(request), MODEL_COST[model])) return envelope(402, INSUFFICIENT_MSG);
      const taskRequest: TaskRequest = {
        generationType,
        imageCount: imageUrls.length,
        resolution: body.resolution ?? "720p",
        duration: body.duration ?? 8,
        enableTranslation: body.enableTranslation,
      };
      const info: TaskInfo & { request: TaskRequest } = {
        createdAt: ctx.now(),
        model,
        aspect: body.aspect_ratio ?? body.aspectRatio ?? "16:9",
        variant: clipVariant(body.prompt),
        markers: markers.task,
        promptExcerpt: excerpt(body.prompt),
        request: taskRequest,
      };
      const taskId = encodeTaskId(info);
      appendToLog(ctx.stats.submissions, { taskId, imageUrls });
      if (body.callBackUrl)
        ctx.callbacks.schedule(body.callBackUrl, generationTime(ctx, info), () => callbackBody(ctx, taskId, info));
      return ok({ taskId });
    });

    // An extension (kie-2026.md section 1.9): a new task continuing a successful one, refused once
    // the source's 1080p was asked for. It takes the source's aspect ratio and clip, and generates
    // like a new video.
    app.post("/api/v1/veo/extend", guard(ctx, "extend"), async (request) => {
      const parsed = ExtendBody.safeParse(request.body ?? {});
      if (!parsed.success) return envelope(422, parsed.error.issues[0]?.message ?? "Invalid request");
      const body = parsed.data;
      const source = decodeTaskId(body.taskId);
      if (!source) return envelope(422, "record is null");
      if (taskState(ctx, source).phase !== "success") return envelope(422, "record status is not success");
      if (hdRequested(ctx, body.taskId)) return envelope(422, EXTEND_AFTER_HD_MSG);
      const markers = promptMarkers(body.prompt);
      if (markers.reject) return envelope(400, REJECT_MSG);
      if (markers.errorCode) return envelope(markers.errorCode, GENERATE_ERRORS[markers.errorCode]);
      const extendModel = body.model ?? DEFAULT_EXTEND_MODEL;
      if (!charge(ctx, requestKey(request), EXTEND_COST[extendModel])) return envelope(402, INSUFFICIENT_MSG);
      const info: TaskInfo & { request: TaskRequest } = {
        createdAt: ctx.now(),
        model: EXTEND_MODELS[extendModel],
        aspect: source.aspect,
        variant: source.variant,
        markers: markers.task,
        promptExcerpt: excerpt(body.prompt),
        request: EXTENSION_REQUEST,
        extension: true,
      };
      const taskId = encodeTaskId(info);
      if (body.callBackUrl)
        ctx.callbacks.schedule(body.callBackUrl, generationTime(ctx, info), () => callbackBody(ctx, taskId, info));
      return ok({ taskId });
    });

    app.get("/api/v1/veo/record-info", guard(ctx, "record-info"), async (request) => {
      const taskId = queryParam(request.query, "taskId");
      if (!taskId) return envelope(422, "taskId is required");
      const info = decodeTaskId(taskId);
      // The legacy surface does not know Market tasks (those answer on GET /jobs/recordInfo).
      if (!info || info.market) return envelope(422, "record is null");
      return ok(recordInfo(ctx, taskId, info));
    });

    app.get("/api/v1/veo/get-1080p-video", guard(ctx, "get-1080p"), async (request) => {
      const taskId = queryParam(request.query, "taskId");
      const index = queryParam(request.query, "index");
      if (!taskId) return envelope(422, "taskId is required");
      const info = decodeTaskId(taskId);
      if (!info) return envelope(422, "record is null");
      if (index !== undefined && index !== "0") return envelope(422, "record result data is blank");
      const state = taskState(ctx, info);
      if (state.phase !== "success") return envelope(422, "record status is not success");
      // The first ask starts the 1080p; from then on (processing or not) KIE no longer extends the task.
      rememberHdRequest(ctx, taskId, ctx.now());
      const readyAt = hdReadyAt(ctx, taskId, info);
      if (readyAt === undefined || ctx.now() < readyAt) {
        return envelope(400, "1080P is processing. It should be ready in 1-2 minutes. Please check back shortly.");
      }
      return ok({ resultUrl: clipUrl(ctx, taskId, info, "1080p") });
    });

    // The 4K upgrade (kie-2026.md §1.7): the first call starts it (and charges), repeats answer 422
    // with its progress, and the result, when there is one, comes in data.resultUrls.
    app.post("/api/v1/veo/get-4k-video", guard(ctx, "get-4k"), async (request) => {
      const parsed = Get4kBody.safeParse(request.body ?? {});
      if (!parsed.success) return envelope(422, parsed.error.issues[0]?.message ?? "Invalid request");
      const { taskId, index, callBackUrl } = parsed.data;
      const info = decodeTaskId(taskId);
      if (!info) return envelope(422, "record is null");
      if (index !== undefined && index !== 0) return envelope(422, "record result data is blank");
      if (taskState(ctx, info).phase !== "success") return envelope(422, "record status is not success");
      const pending = { taskId, resultUrls: null, imageUrls: null };
      const fourK = fourKState(ctx, taskId, info);
      switch (fourK.phase) {
        case "not-requested": {
          if (!charge(ctx, requestKey(request), FOUR_K_COST)) return envelope(402, INSUFFICIENT_MSG);
          rememberFourKRequest(ctx, taskId, ctx.now());
          // Repeats ignore their callBackUrl: only the call that started the upgrade gets called back.
          if (callBackUrl)
            ctx.callbacks.schedule(callBackUrl, ctx.fourKDelayMs, () => fourKCallbackBody(ctx, taskId, info));
          return ok(pending);
        }
        case "processing":
          return envelope(422, FOUR_K_PROCESSING_MSG, pending);
        case "unavailable":
          return envelope(500, FOUR_K_UNAVAILABLE_MSG);
        case "ready": {
          // No thumbnails exist: imageUrls repeats the video link.
          const link = clipUrl(ctx, taskId, info, "4k");
          return envelope(422, FOUR_K_DONE_MSG, { taskId, resultUrls: [link], imageUrls: [link] });
        }
      }
    });

    app.get("/api/v1/chat/credit", guard(ctx, "credit"), async (request) => {
      return ok(ctx.accounts.get(requestKey(request))?.credits ?? UNLIMITED_CREDITS);
    });
  };
}
