/** A task's state is a pure function of its id and the clock: no task table to lose on restart. */
import { clipFileName } from "./clips.js";
import type { SimContext } from "./context.js";
import type { TaskInfo } from "./task-id.js";

export type TaskState =
  { phase: "generating" } | { phase: "failed"; completedAt: number } | { phase: "success"; completedAt: number; hdReadyAt: number | undefined };

export const FAILURE_CODE = 501;
export const FAILURE_MSG = "Video generation failed (simulated)";
export const SLOW_FACTOR = 5;

/** How long the task generates, in ms. */
export function generationTime(ctx: SimContext, info: TaskInfo): number {
  return info.markers.includes("slow") ? ctx.delayMs * SLOW_FACTOR : ctx.delayMs;
}

export function taskState(ctx: SimContext, info: TaskInfo): TaskState {
  const completedAt = info.createdAt + generationTime(ctx, info);
  if (ctx.now() < completedAt) return { phase: "generating" };
  if (info.markers.includes("fail")) return { phase: "failed", completedAt };
  const hdReadyAt = info.markers.includes("no-hd") ? undefined : completedAt + ctx.hdDelayMs;
  return { phase: "success", completedAt, hdReadyAt };
}

export const clipUrl = (ctx: SimContext, info: TaskInfo, resolution: "720p" | "1080p") =>
  `${ctx.publicBaseUrl}/files/${clipFileName(info.variant, info.aspect, resolution)}`;

/** KIE's "YYYY-MM-DD HH:mm:ss" (UTC here). */
const formatTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

/** The record-info `data` object. */
export function recordInfo(ctx: SimContext, taskId: string, info: TaskInfo) {
  const state = taskState(ctx, info);
  const base = {
    taskId,
    paramJson: JSON.stringify({ model: info.model, aspectRatio: info.aspect, prompt: info.promptExcerpt }),
    createTime: formatTime(info.createdAt),
    completeTime: state.phase === "generating" ? null : formatTime(state.completedAt),
    fallbackFlag: false,
  };
  switch (state.phase) {
    case "generating":
      return { ...base, response: null, successFlag: 0, errorCode: null, errorMessage: "" };
    case "failed":
      return { ...base, response: null, successFlag: 3, errorCode: FAILURE_CODE, errorMessage: FAILURE_MSG };
    case "success":
      return {
        ...base,
        response: { taskId, resultUrls: [clipUrl(ctx, info, "720p")], originUrls: [], resolution: "720p" },
        successFlag: 1,
        errorCode: null,
        errorMessage: "",
      };
  }
}

/** The body KIE POSTs to callBackUrl once the task has finished. */
export function callbackBody(ctx: SimContext, taskId: string, info: TaskInfo) {
  if (info.markers.includes("fail")) {
    return { code: FAILURE_CODE, msg: FAILURE_MSG, data: { taskId, fallbackFlag: false } };
  }
  return {
    code: 200,
    msg: "Veo3.1 video generated successfully.",
    data: {
      taskId,
      info: { resultUrls: [clipUrl(ctx, info, "720p")], originUrls: [], resolution: "720p" },
      fallbackFlag: false,
    },
  };
}
