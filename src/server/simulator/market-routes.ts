/**
 * KIE's Market ("jobs") API (kie-2026.md §1.4, §2.1-2.3): POST /api/v1/jobs/createTask and
 * GET /api/v1/jobs/recordInfo. `model: "veo-3-1"` takes the legacy options in snake_case under
 * `input`; its tasks are ordinary simulated Veo tasks whose id carries the Market flag:
 * get-1080p-video, get-4k-video and extend take them (an assumption: KIE's docs do not say), legacy
 * record-info does not know them, and jobs/recordInfo does not know legacy tasks. The other video
 * models (market-models.ts) make tasks of their own (market-tasks.ts, version-3 ids).
 * As on the Market, every answer is HTTP 200 with the outcome in the body's `code`.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { clipVariant } from "./clips.js";
import { envelope, ok, type SimContext } from "./context.js";
import { appendToLog } from "./faults.js";
import { guard, requestKey } from "./guard.js";
import { createImageTask, decodeImageTaskId, imageRecord, isImageModel } from "./market-images.js";
import { MARKET_MODELS } from "./market-models.js";
import { decodeModelTaskId } from "./market-task-id.js";
import { createModelTask, jobCallback, jobRecord, modelRecord, type JobTask } from "./market-tasks.js";
import { GENERATE_ERRORS, promptMarkers, REJECT_MSG, unknownModelMarker } from "./markers.js";
import {
  ASPECTS,
  decodeTaskId,
  DURATIONS,
  encodeTaskId,
  GENERATION_TYPES,
  MODELS,
  RESOLUTIONS,
  type TaskInfo,
  type TaskRequest,
} from "./task-id.js";
import { clipUrl, generationTime } from "./task-state.js";
import {
  charge,
  DEFAULT_MODEL,
  excerpt,
  httpUrl,
  INSUFFICIENT_MSG,
  MODEL_COST,
  modeProblem,
  prompt,
  queryParam,
  registerEnvelopeErrors,
  seeds,
} from "./veo-routes.js";

/** The Market's id of Veo 3.1; the other models are in market-models.ts. */
const MARKET_VEO_MODEL = "veo-3-1";
/** Also the answer to `[sim:unknown-model]`: what the product reads as "the vendor no longer knows this model". */
const UNSUPPORTED_MODEL_MSG = "model is not supported";

const Input = z.object(
  {
    prompt,
    model: z.enum(MODELS, { error: "model must be veo3, veo3_fast or veo3_lite" }).optional(),
    image_urls: z
      .array(httpUrl("image_urls"), { error: "image_urls must be an array of URLs" })
      .max(3, "image_urls takes at most 3 images")
      .optional(),
    generation_type: z
      .enum(GENERATION_TYPES, {
        error: "generation_type must be TEXT_2_VIDEO, FIRST_AND_LAST_FRAMES_2_VIDEO or REFERENCE_2_VIDEO",
      })
      .optional(),
    aspect_ratio: z.enum(ASPECTS, { error: "aspect_ratio must be 16:9 or 9:16" }).optional(),
    resolution: z.enum(RESOLUTIONS, { error: "resolution must be 720p, 1080p or 4k" }).optional(),
    duration: z.literal(DURATIONS, { error: "duration must be 4, 6 or 8" }).optional(),
    watermark: z.string({ error: "watermark must be a string" }).optional(),
    enable_translation: z.boolean({ error: "enable_translation must be a boolean" }).optional(),
    enable_fallback: z.boolean({ error: "enable_fallback must be a boolean" }).optional(),
    seeds: seeds.optional(),
  },
  { error: "input is required" },
);

const CreateTaskBody = z.object(
  {
    model: z.string({ error: "model is required" }),
    callBackUrl: httpUrl("callBackUrl").optional(),
    input: Input,
  },
  { error: "Request body must be a JSON object" },
);

/** `param`: the create request as a JSON string, as far as the id knows it (the image URLs do not fit: their number does). */
function marketParam(info: TaskInfo): string {
  const { request } = info;
  return JSON.stringify({
    model: MARKET_VEO_MODEL,
    input: {
      prompt: info.promptExcerpt,
      model: info.model,
      aspect_ratio: info.aspect,
      ...(request && {
        generation_type: request.generationType,
        image_count: request.imageCount,
        resolution: request.resolution,
        duration: request.duration,
        ...(request.enableTranslation !== undefined && { enable_translation: request.enableTranslation }),
      }),
    },
  });
}

/** The Market's view of a `veo-3-1` task. */
const veoJob = (ctx: SimContext, taskId: string, info: TaskInfo): JobTask => ({
  createdAt: info.createdAt,
  markers: info.markers,
  model: MARKET_VEO_MODEL,
  param: marketParam(info),
  resultUrl: clipUrl(ctx, taskId, info, "720p"),
});

/** The `model` of a createTask body, and whether its prompt says `[sim:unknown-model]`. */
function modelOf(body: unknown): { model: unknown; gone: boolean } {
  const { model, input } = (body ?? {}) as { model?: unknown; input?: { prompt?: unknown } };
  const text = input?.prompt;
  return { model, gone: typeof text === "string" && unknownModelMarker(text) };
}

export function marketRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    registerEnvelopeErrors(app);

    app.post("/api/v1/jobs/createTask", guard(ctx, "create-task"), async (request) => {
      const raw = request.body ?? {};
      const { model, gone } = modelOf(raw);
      // The model first: another model's input would only confuse the answer.
      if (typeof model === "string") {
        // An image model (decision 0161): a first frame made from text.
        if (isImageModel(model) && !gone) return createImageTask(ctx, requestKey(request), model, raw);
        const marketModel = MARKET_MODELS.find((m) => m.id === model);
        if (gone || (!marketModel && model !== MARKET_VEO_MODEL)) return envelope(422, UNSUPPORTED_MODEL_MSG);
        if (marketModel) return createModelTask(ctx, requestKey(request), marketModel, raw);
      }
      const parsed = CreateTaskBody.safeParse(raw);
      if (!parsed.success) return envelope(422, parsed.error.issues[0]?.message ?? "Invalid request");
      const { input, callBackUrl } = parsed.data;
      const tier = input.model ?? DEFAULT_MODEL;
      const imageUrls = input.image_urls ?? [];
      const generationType =
        input.generation_type ?? (imageUrls.length > 0 ? "FIRST_AND_LAST_FRAMES_2_VIDEO" : "TEXT_2_VIDEO");
      const problem = modeProblem(generationType, tier, imageUrls.length);
      if (problem) return envelope(422, problem);
      const markers = promptMarkers(input.prompt);
      if (markers.reject) return envelope(400, REJECT_MSG);
      if (markers.errorCode) return envelope(markers.errorCode, GENERATE_ERRORS[markers.errorCode]);
      if (!charge(ctx, requestKey(request), MODEL_COST[tier])) return envelope(402, INSUFFICIENT_MSG);
      const taskRequest: TaskRequest = {
        generationType,
        imageCount: imageUrls.length,
        resolution: input.resolution ?? "720p",
        duration: input.duration ?? 8,
        enableTranslation: input.enable_translation,
      };
      const info: TaskInfo & { request: TaskRequest } = {
        createdAt: ctx.now(),
        model: tier,
        aspect: input.aspect_ratio ?? "16:9",
        variant: clipVariant(input.prompt),
        markers: markers.task,
        promptExcerpt: excerpt(input.prompt),
        request: taskRequest,
        market: true,
      };
      const taskId = encodeTaskId(info);
      appendToLog(ctx.stats.submissions, { taskId, imageUrls });
      if (callBackUrl)
        ctx.callbacks.schedule(callBackUrl, generationTime(ctx, info), () =>
          jobCallback(ctx, taskId, veoJob(ctx, taskId, info), MODEL_COST[info.model]),
        );
      return ok({ taskId });
    });

    app.get("/api/v1/jobs/recordInfo", guard(ctx, "record-info-market"), async (request) => {
      const taskId = queryParam(request.query, "taskId");
      if (!taskId) return envelope(400, "taskId parameter is required");
      const imageTask = decodeImageTaskId(taskId);
      if (imageTask) return ok(imageRecord(ctx, taskId, imageTask));
      const modelTask = decodeModelTaskId(taskId);
      if (modelTask) return ok(modelRecord(ctx, taskId, modelTask));
      const info = decodeTaskId(taskId);
      // The Market does not know tasks made on the legacy surface.
      if (!info?.market) return envelope(422, "recordInfo is null");
      return ok(jobRecord(ctx, taskId, veoJob(ctx, taskId, info)));
    });
  };
}
