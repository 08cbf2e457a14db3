/**
 * Market tasks (kie-2026.md §2.1-2.3): jobs/recordInfo's `data` (waiting, generating, then success
 * or fail) and the callback body, for `veo-3-1` tasks and the other video models alike, and the
 * life of a Market model task (market-models.ts) from createTask to its result link.
 */
import { z } from "zod";
import { clipVariant, nearestClipFileName } from "./clips.js";
import { envelope, ok, type SimContext } from "./context.js";
import { appendToLog } from "./faults.js";
import type { MarketModel } from "./market-models.js";
import { decodeModelTaskId, encodeModelTaskId, type ModelTaskInfo } from "./market-task-id.js";
import { GENERATE_ERRORS, promptMarkers, REJECT_MSG } from "./markers.js";
import type { TaskMarker } from "./task-id.js";
import { FAILURE_CODE, FAILURE_MSG, generationTime, linkLife, taskState, type ResultLink } from "./task-state.js";
import { charge, excerpt, httpUrl, INSUFFICIENT_MSG } from "./veo-routes.js";

/** The share of the generation time a Market task spends `waiting` before `generating`. */
const WAITING_SHARE = 0.1;
const MARKET_SUCCESS_MSG = "Playground task completed successfully.";
const MARKET_FAILURE_MSG = "Playground task failed.";

/** What the Market shows of a task, whatever its model. */
export interface JobTask {
  createdAt: number;
  markers: TaskMarker[];
  /** KIE's model id. */
  model: string;
  /** The create request as a JSON string. */
  param: string;
  resultUrl: string;
}

/** Seconds, as the Market's callbacks count them (kie-2026.md §2.2). */
const costSeconds = (ctx: SimContext, task: JobTask) => Math.round(generationTime(ctx, task) / 1000);

/** The jobs/recordInfo `data` object: waiting, generating, then success or fail. */
export function jobRecord(ctx: SimContext, taskId: string, task: JobTask) {
  const state = taskState(ctx, task);
  const generatingFrom = task.createdAt + Math.floor(generationTime(ctx, task) * WAITING_SHARE);
  const base = {
    taskId,
    model: task.model,
    param: task.param,
    resultJson: "",
    failCode: "",
    failMsg: "",
    createTime: task.createdAt,
  };
  switch (state.phase) {
    case "generating": {
      const waiting = ctx.now() < generatingFrom;
      return {
        ...base,
        state: waiting ? "waiting" : "generating",
        costTime: 0,
        updateTime: waiting ? task.createdAt : generatingFrom,
        completeTime: null,
      };
    }
    case "failed":
      return {
        ...base,
        state: "fail",
        failCode: String(FAILURE_CODE),
        failMsg: FAILURE_MSG,
        costTime: costSeconds(ctx, task),
        updateTime: state.completedAt,
        completeTime: state.completedAt,
      };
    case "success":
      return {
        ...base,
        state: "success",
        resultJson: JSON.stringify({ resultUrls: [task.resultUrl] }),
        costTime: costSeconds(ctx, task),
        updateTime: state.completedAt,
        completeTime: state.completedAt,
      };
  }
}

/** The body the Market POSTs to callBackUrl once the task has finished; `credits`: creditsConsumed on success (0 on failure). */
export function jobCallback(ctx: SimContext, taskId: string, task: JobTask, credits: number) {
  const record = jobRecord(ctx, taskId, task);
  const common = { taskId, model: task.model, state: record.state, param: record.param };
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
      creditsConsumed: credits,
    },
  };
}

// ---- Market model tasks ----

const ModelTaskBody = z.object(
  {
    callBackUrl: httpUrl("callBackUrl").optional(),
    input: z.record(z.string(), z.unknown(), { error: "input is required" }),
  },
  { error: "Request body must be a JSON object" },
);

const clipOf = (info: ModelTaskInfo) => nearestClipFileName(info.variant, info.request.aspect, info.request.resolution);

function modelJob(ctx: SimContext, taskId: string, info: ModelTaskInfo): JobTask {
  return {
    createdAt: info.createdAt,
    markers: info.markers,
    model: info.model.id,
    param: JSON.stringify({
      model: info.model.id,
      input: { prompt: info.promptExcerpt, ...info.model.echo(info.request) },
    }),
    resultUrl: `${ctx.publicBaseUrl}/files/${taskId}/${clipOf(info)}`,
  };
}

/** The task's KIE price (its id only decodes when the model can price it). */
const creditsOf = (info: ModelTaskInfo) => info.model.cost(info.request) ?? 0;

/** jobRecord, plus `creditsConsumed` once the task has finished: its price, or 0 on failure. */
export function modelRecord(ctx: SimContext, taskId: string, info: ModelTaskInfo) {
  const record = jobRecord(ctx, taskId, modelJob(ctx, taskId, info));
  if (record.state === "fail") return { ...record, creditsConsumed: 0 };
  if (record.state === "success") return { ...record, creditsConsumed: creditsOf(info) };
  return record;
}

/** POST /jobs/createTask for a Market model: validation, markers and charge as for `veo-3-1`. */
export function createModelTask(ctx: SimContext, key: string, model: MarketModel, body: unknown) {
  const outer = ModelTaskBody.safeParse(body);
  if (!outer.success) return envelope(422, outer.error.issues[0]?.message ?? "Invalid request");
  const { input, callBackUrl } = outer.data;
  const parsed = model.parse(input);
  if (typeof parsed === "string") return envelope(422, parsed);
  const markers = promptMarkers(parsed.prompt);
  if (markers.reject) return envelope(400, REJECT_MSG);
  if (markers.errorCode) return envelope(markers.errorCode, GENERATE_ERRORS[markers.errorCode]);
  const info: ModelTaskInfo = {
    createdAt: ctx.now(),
    model,
    request: parsed.request,
    variant: clipVariant(parsed.prompt),
    markers: markers.task,
    promptExcerpt: excerpt(parsed.prompt),
  };
  if (!charge(ctx, key, creditsOf(info))) return envelope(402, INSUFFICIENT_MSG);
  const taskId = encodeModelTaskId(info);
  appendToLog(ctx.stats.submissions, { taskId, imageUrls: parsed.imageUrls, model: model.id, input });
  if (callBackUrl) {
    ctx.callbacks.schedule(callBackUrl, generationTime(ctx, info), () =>
      jobCallback(ctx, taskId, modelJob(ctx, taskId, info), creditsOf(info)),
    );
  }
  return ok({ taskId });
}

/**
 * What a Market model task's result link serves: its clip (the nearest one, clips.ts) from its
 * completion on, living like any result link; undefined when the id is not a Market model task's.
 */
export function modelResultLink(ctx: SimContext, taskId: string, clip: string): ResultLink | undefined {
  const info = decodeModelTaskId(taskId);
  if (!info) return undefined;
  const state = taskState(ctx, info);
  if (state.phase !== "success" || clip !== clipOf(info)) return { status: "missing" };
  return linkLife(ctx, clip, state.completedAt, info.markers);
}
