/** A task's state is a pure function of its id and the clock: no task table to lose on restart. */
import { clipFileName } from "./clips.js";
import type { SimContext } from "./context.js";
import { decodeTaskId, type TaskInfo } from "./task-id.js";

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

export type Resolution = "720p" | "1080p";

/**
 * A result link: `/files/<taskId>/<clip>.mp4`. The id in the path lets the file route tell when
 * the link dies (resultLink); the file name stays the clip's, as KIE's links end in the file name.
 */
export const clipUrl = (ctx: SimContext, taskId: string, info: TaskInfo, resolution: Resolution) =>
  `${ctx.publicBaseUrl}/files/${taskId}/${clipFileName(info.variant, info.aspect, resolution)}`;

/** When the task's file in this resolution became available; undefined when it has none (yet). */
export function fileReadyAt(ctx: SimContext, info: TaskInfo, resolution: Resolution): number | undefined {
  const state = taskState(ctx, info);
  if (state.phase !== "success") return undefined;
  if (resolution === "720p") return state.completedAt;
  // Both aspect ratios have a 1080p file (KIE upgrades 9:16 too since 2026).
  if (state.hdReadyAt === undefined || ctx.now() < state.hdReadyAt) return undefined;
  return state.hdReadyAt;
}

export type ResultLink = { status: "live"; expiresAt: number | undefined } | { status: "expired" } | { status: "missing" };

/**
 * What a result link `/files/<taskId>/<clip>` serves: live from when its file was ready until
 * linkTtlMs later (always with linkTtlMs 0), then expired, like KIE's links (at once with
 * `[sim:dead-link]`); missing when the id is not ours or the clip is not that task's (yet).
 */
export function resultLink(ctx: SimContext, taskId: string, clip: string): ResultLink {
  const info = decodeTaskId(taskId);
  if (!info) return { status: "missing" };
  const resolution = (["720p", "1080p"] as const).find((r) => clip === clipFileName(info.variant, info.aspect, r));
  const readyAt = resolution && fileReadyAt(ctx, info, resolution);
  if (readyAt === undefined) return { status: "missing" };
  if (ctx.faults.linksExpired || info.markers.includes("dead-link")) return { status: "expired" };
  if (ctx.linkTtlMs === 0) return { status: "live", expiresAt: undefined };
  const expiresAt = readyAt + ctx.linkTtlMs;
  return ctx.now() > expiresAt ? { status: "expired" } : { status: "live", expiresAt };
}

/**
 * record-info's paramJson: the request as KIE echoes it (a JSON string). Version-1 ids recorded
 * only model, aspect and prompt; version-2 ids add the mode, the number of images (the URLs
 * themselves do not fit in an id) and the options.
 */
export function paramJson(info: TaskInfo): string {
  const { request } = info;
  return JSON.stringify({
    model: info.model,
    aspectRatio: info.aspect,
    ...(request && {
      generationType: request.generationType,
      imageCount: request.imageCount,
      resolution: request.resolution,
      duration: request.duration,
      ...(request.enableTranslation !== undefined && { enableTranslation: request.enableTranslation }),
    }),
    prompt: info.promptExcerpt,
  });
}

/** The record-info `data` object. */
export function recordInfo(ctx: SimContext, taskId: string, info: TaskInfo) {
  const state = taskState(ctx, info);
  const base = {
    taskId,
    paramJson: paramJson(info),
    // Epoch milliseconds, as KIE answers live (its docs still show "YYYY-MM-DD HH:mm:ss").
    createTime: info.createdAt,
    completeTime: state.phase === "generating" ? null : state.completedAt,
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
        response: {
          taskId,
          resultUrls: [clipUrl(ctx, taskId, info, "720p")],
          // KIE: "Only has value when aspect_ratio is not 16:9" (null live for 16:9).
          originUrls: info.aspect === "16:9" ? null : [clipUrl(ctx, taskId, info, "720p")],
          resolution: "720p",
        },
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
      info: { resultUrls: [clipUrl(ctx, taskId, info, "720p")], originUrls: [], resolution: "720p" },
      fallbackFlag: false,
    },
  };
}
