/**
 * KIE's Market ("jobs") API for Veo 3.1 (kie-2026.md §1.4, §2.1-2.3): POST /api/v1/jobs/createTask
 * with `model: "veo-3-1"` and the legacy options in snake_case under `input`, and
 * GET /api/v1/jobs/recordInfo. Market tasks are ordinary simulated tasks whose id carries the
 * Market flag: get-1080p-video, get-4k-video and extend take them (an assumption: KIE's docs do not
 * say), legacy record-info does not know them, and jobs/recordInfo does not know legacy tasks.
 * As on the Market, every answer is HTTP 200 with the outcome in the body's `code`.
 */
import type { FastifyPluginAsync } from "fastify";
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
  GENERATION_TYPES,
  MODELS,
  RESOLUTIONS,
  type TaskInfo,
  type TaskRequest,
} from "./task-id.js";
import { clipUrl, FAILURE_CODE, FAILURE_MSG, generationTime, taskState } from "./task-state.js";
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

/** The Market's id of Veo 3.1: the only Market model the simulator speaks. */
const MARKET_VEO_MODEL = "veo-3-1";
const UNSUPPORTED_MODEL_MSG = "model is not supported";
/** The share of the generation time a Market task spends `waiting` before `generating`. */
const WAITING_SHARE = 0.1;
const MARKET_SUCCESS_MSG = "Playground task completed successfully.";
const MARKET_FAILURE_MSG = "Playground task failed.";

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

/** Seconds, as the Market's callbacks count them (kie-2026.md §2.2). */
const costSeconds = (ctx: SimContext, info: TaskInfo) => Math.round(generationTime(ctx, info) / 1000);

/** The jobs/recordInfo `data` object: waiting, generating, then success or fail. */
function marketRecordInfo(ctx: SimContext, taskId: string, info: TaskInfo) {
  const state = taskState(ctx, info);
  const generatingFrom = info.createdAt + Math.floor(generationTime(ctx, info) * WAITING_SHARE);
  const base = {
    taskId,
    model: MARKET_VEO_MODEL,
    param: marketParam(info),
    resultJson: "",
    failCode: "",
    failMsg: "",
    createTime: info.createdAt,
  };
  switch (state.phase) {
    case "generating": {
      const waiting = ctx.now() < generatingFrom;
      return {
        ...base,
        state: waiting ? "waiting" : "generating",
        costTime: 0,
        updateTime: waiting ? info.createdAt : generatingFrom,
        completeTime: null,
      };
    }
    case "failed":
      return {
        ...base,
        state: "fail",
        failCode: String(FAILURE_CODE),
        failMsg: FAILURE_MSG,
        costTime: costSeconds(ctx, info),
        updateTime: state.completedAt,
        completeTime: state.completedAt,
      };
    case "success":
      return {
        ...base,
        state: "success",
        resultJson: JSON.stringify({ resultUrls: [clipUrl(ctx, taskId, info, "720p")] }),
        costTime: costSeconds(ctx, info),
        updateTime: state.completedAt,
        completeTime: state.completedAt,
      };
  }
}

/** The body the Market POSTs to callBackUrl once the task has finished (kie-2026.md §2.3). */
function marketCallbackBody(ctx: SimContext, taskId: string, info: TaskInfo) {
  const record = marketRecordInfo(ctx, taskId, info);
  const common = { taskId, model: MARKET_VEO_MODEL, state: record.state, param: record.param };
  if (record.state === "fail") {
    return {
      code: FAILURE_CODE,
      msg: MARKET_FAILURE_MSG,
      data: {
        ...common,
        failCode: record.failCode,
        failMsg: record.failMsg,
        costTime: record.costTime,
        creditsConsumed: 0,
      },
    };
  }
  return {
    code: 200,
    msg: MARKET_SUCCESS_MSG,
    data: {
      ...common,
      resultJson: record.resultJson,
      costTime: record.costTime,
      completeTime: record.completeTime,
      createTime: record.createTime,
      updateTime: record.updateTime,
      creditsConsumed: MODEL_COST[info.model],
    },
  };
}

export function marketRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    registerEnvelopeErrors(app);

    app.post("/api/v1/jobs/createTask", guard(ctx, "create-task"), async (request) => {
      const raw = request.body ?? {};
      const model = (raw as { model?: unknown }).model;
      // The model first: another Market model's input would only confuse the answer.
      if (typeof model === "string" && model !== MARKET_VEO_MODEL) return envelope(422, UNSUPPORTED_MODEL_MSG);
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
        ctx.callbacks.schedule(callBackUrl, generationTime(ctx, info), () => marketCallbackBody(ctx, taskId, info));
      return ok({ taskId });
    });

    app.get("/api/v1/jobs/recordInfo", guard(ctx, "record-info-market"), async (request) => {
      const taskId = queryParam(request.query, "taskId");
      if (!taskId) return envelope(400, "taskId parameter is required");
      const info = decodeTaskId(taskId);
      // The Market does not know tasks made on the legacy surface.
      if (!info?.market) return envelope(422, "recordInfo is null");
      return ok(marketRecordInfo(ctx, taskId, info));
    });
  };
}
