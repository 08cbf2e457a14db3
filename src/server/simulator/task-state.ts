/**
 * A task's state is a pure function of its id and the clock: no task table to lose on restart.
 * The exceptions live in memory, per process: the 1080p and 4K upgrades, each made from the
 * client's first ask on (their start times: ctx.hdRequests, ctx.fourKRequests). KIE refuses to
 * extend a task once its 1080p was asked for.
 */
import { clipFileName, extendedClipFileName, servedClip } from "./clips.js";
import type { SimContext } from "./context.js";
import { decodeTaskId, EXTEND_MODELS, type ExtendModel, type TaskInfo, type TaskMarker } from "./task-id.js";

export type TaskState =
  { phase: "generating" } | { phase: "failed"; completedAt: number } | { phase: "success"; completedAt: number };

export const FAILURE_CODE = 501;
export const FAILURE_MSG = "Video generation failed (simulated)";
const SLOW_FACTOR = 5;

/** What the timeline needs of a task: Veo tasks' and Market model tasks' infos both have it. */
type Timed = Pick<TaskInfo, "createdAt" | "markers">;

/** How long the task generates, in ms. */
export function generationTime(ctx: SimContext, info: Timed): number {
  return info.markers.includes("slow") ? ctx.delayMs * SLOW_FACTOR : ctx.delayMs;
}

export function taskState(ctx: SimContext, info: Timed): TaskState {
  const completedAt = info.createdAt + generationTime(ctx, info);
  if (ctx.now() < completedAt) return { phase: "generating" };
  if (info.markers.includes("fail")) return { phase: "failed", completedAt };
  return { phase: "success", completedAt };
}

/**
 * When the task's 1080p is ready: hdDelayMs after the first get-1080p call (KIE makes it when asked,
 * "~1-2 minutes"); undefined before that call, and always with `[sim:no-hd]`.
 */
export function hdReadyAt(ctx: SimContext, taskId: string, info: TaskInfo): number | undefined {
  const requestedAt = ctx.hdRequests.get(taskId);
  if (requestedAt === undefined || info.markers.includes("no-hd")) return undefined;
  return requestedAt + ctx.hdDelayMs;
}

export type Resolution = "720p" | "1080p" | "4k";
const LINK_RESOLUTIONS: readonly Resolution[] = ["720p", "1080p", "4k"];

/** KIE credits for a 4K upgrade (kie-2026.md §1.7: about two Fast generations). */
export const FOUR_K_COST = 120;
export const FOUR_K_PROCESSING_MSG = "4k is processing. It should be ready in 5-10 minutes. Please check back shortly.";
export const FOUR_K_DONE_MSG = "The video has been generated successfully";
export const FOUR_K_UNAVAILABLE_MSG = "The 4K version of this video is unavailable. Please try a different video.";
const FOUR_K_CALLBACK_MSG = "4K Video generated successfully.";
/** How many 4K requests are remembered; the oldest are forgotten beyond it (a long-running demo must not grow without end). */
const FOUR_K_LIMIT = 100_000;

export type FourKState =
  | { phase: "not-requested" }
  | { phase: "processing"; readyAt: number }
  | { phase: "ready"; readyAt: number }
  | { phase: "unavailable"; readyAt: number };

/** Where the task's 4K upgrade stands (the caller checks that the task itself succeeded). */
export function fourKState(ctx: SimContext, taskId: string, info: TaskInfo): FourKState {
  const requestedAt = ctx.fourKRequests.get(taskId);
  if (requestedAt === undefined) return { phase: "not-requested" };
  const readyAt = requestedAt + ctx.fourKDelayMs;
  if (ctx.now() < readyAt) return { phase: "processing", readyAt };
  return { phase: info.markers.includes("no-4k") ? "unavailable" : "ready", readyAt };
}

/** Records the first 4K request for a task. */
export function rememberFourKRequest(ctx: SimContext, taskId: string, at: number): void {
  ctx.fourKRequests.set(taskId, at);
  // Maps iterate in insertion order: the first keys are the oldest requests.
  for (const oldest of ctx.fourKRequests.keys()) {
    if (ctx.fourKRequests.size <= FOUR_K_LIMIT) break;
    ctx.fourKRequests.delete(oldest);
  }
}

/** How many tasks whose 1080p was asked for are remembered; the oldest are forgotten beyond it. */
const HD_REQUEST_LIMIT = 100_000;

/** Whether this process saw a get-1080p-video call for the task once it had succeeded. */
export const hdRequested = (ctx: SimContext, taskId: string): boolean => ctx.hdRequests.has(taskId);

/**
 * Records the first get-1080p-video call on a successful task (repeats keep the first time): its
 * 1080p is made from then on, and KIE does not extend the task any more.
 */
export function rememberHdRequest(ctx: SimContext, taskId: string, at: number): void {
  if (ctx.hdRequests.has(taskId)) return;
  ctx.hdRequests.set(taskId, at);
  // Maps iterate in insertion order: the first keys are the oldest requests.
  for (const oldest of ctx.hdRequests.keys()) {
    if (ctx.hdRequests.size <= HD_REQUEST_LIMIT) break;
    ctx.hdRequests.delete(oldest);
  }
}

/**
 * A result link: `/files/<taskId>/<clip>.mp4`. The id in the path lets the file route tell when
 * the link dies (resultLink); the file name stays the clip's, as KIE's links end in the file name.
 */
export const clipUrl = (ctx: SimContext, taskId: string, info: TaskInfo, resolution: Resolution) =>
  `${ctx.publicBaseUrl}/files/${taskId}/${clipFileName(info.variant, info.aspect, resolution)}`;

/**
 * An extension's full video (fullResultUrls): `/files/<taskId>/sample-N-<aspect>-720p-extended.mp4`,
 * ready and expiring with the 720p segment and serving the same 8 s clip (there are no longer ones).
 */
const fullVideoUrl = (ctx: SimContext, taskId: string, info: TaskInfo) =>
  `${ctx.publicBaseUrl}/files/${taskId}/${extendedClipFileName(info.variant, info.aspect)}`;

/** When the task's file in this resolution became available; undefined when it has none (yet). */
function fileReadyAt(ctx: SimContext, taskId: string, info: TaskInfo, resolution: Resolution): number | undefined {
  const state = taskState(ctx, info);
  if (state.phase !== "success") return undefined;
  if (resolution === "720p") return state.completedAt;
  if (resolution === "4k") {
    const fourK = fourKState(ctx, taskId, info);
    return fourK.phase === "ready" ? fourK.readyAt : undefined;
  }
  // Both aspect ratios have a 1080p file (KIE upgrades 9:16 too since 2026).
  const readyAt = hdReadyAt(ctx, taskId, info);
  if (readyAt === undefined || ctx.now() < readyAt) return undefined;
  return readyAt;
}

/** `file`: the clip on disk to send (a 4K link's is the 1080p clip). */
export type ResultLink =
  { status: "live"; file: string; expiresAt: number | undefined } | { status: "expired" } | { status: "missing" };

/**
 * What a result link `/files/<taskId>/<clip>` serves: live from when its file was ready until
 * linkTtlMs later (always with linkTtlMs 0), then expired, like KIE's links (at once with
 * `[sim:dead-link]`); missing when the id is not ours or the clip is not that task's (yet).
 * An extension's full-video link counts as its 720p file.
 */
export function resultLink(ctx: SimContext, taskId: string, clip: string): ResultLink {
  const info = decodeTaskId(taskId);
  if (!info) return { status: "missing" };
  const resolution =
    info.extension && clip === extendedClipFileName(info.variant, info.aspect)
      ? "720p"
      : LINK_RESOLUTIONS.find((r) => clip === clipFileName(info.variant, info.aspect, r));
  if (!resolution) return { status: "missing" };
  const readyAt = fileReadyAt(ctx, taskId, info, resolution);
  if (readyAt === undefined) return { status: "missing" };
  return linkLife(ctx, servedClip(info.variant, info.aspect, resolution), readyAt, info.markers);
}

/** A link to `file`, ready at readyAt: live for linkTtlMs (for ever with 0), then expired; at once with `[sim:dead-link]`. */
export function linkLife(ctx: SimContext, file: string, readyAt: number, markers: readonly TaskMarker[]): ResultLink {
  if (ctx.faults.linksExpired || markers.includes("dead-link")) return { status: "expired" };
  if (ctx.linkTtlMs === 0) return { status: "live", file, expiresAt: undefined };
  const expiresAt = readyAt + ctx.linkTtlMs;
  return ctx.now() > expiresAt ? { status: "expired" } : { status: "live", file, expiresAt };
}

const EXTEND_MODEL_NAMES = Object.fromEntries(
  Object.entries(EXTEND_MODELS).map(([name, model]) => [model, name]),
) as Record<TaskInfo["model"], ExtendModel>;

/**
 * record-info's paramJson: the request as KIE echoes it (a JSON string). Version-1 ids recorded
 * only model, aspect and prompt; version-2 ids add the mode, the number of images (the URLs
 * themselves do not fit in an id) and the options. An extension's says `extends: true` and its
 * model as /veo/extend names it (fast, quality, lite); the source task's id does not fit in the id.
 */
function paramJson(info: TaskInfo): string {
  if (info.extension) {
    return JSON.stringify({
      extends: true,
      model: EXTEND_MODEL_NAMES[info.model],
      aspectRatio: info.aspect,
      prompt: info.promptExcerpt,
    });
  }
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
          // An extension's whole video; plain tasks have no fullResultUrls.
          ...(info.extension && { fullResultUrls: [fullVideoUrl(ctx, taskId, info)] }),
        },
        successFlag: 1,
        errorCode: null,
        errorMessage: "",
      };
  }
}

const GENERATION_CALLBACK_MSG = "Veo3.1 video generated successfully.";
const EXTENSION_CALLBACK_MSG = "Veo3.1 video extension successful.";

/** The body KIE POSTs to callBackUrl once the task (a generation or an extension) has finished. */
export function callbackBody(ctx: SimContext, taskId: string, info: TaskInfo) {
  if (info.markers.includes("fail")) {
    return { code: FAILURE_CODE, msg: FAILURE_MSG, data: { taskId, fallbackFlag: false } };
  }
  const resultUrls = [clipUrl(ctx, taskId, info, "720p")];
  return {
    code: 200,
    msg: info.extension ? EXTENSION_CALLBACK_MSG : GENERATION_CALLBACK_MSG,
    data: {
      taskId,
      info: info.extension
        ? { resultUrls, fullResultUrls: [fullVideoUrl(ctx, taskId, info)], originUrls: [], resolution: "720p" }
        : { resultUrls, originUrls: [], resolution: "720p" },
      fallbackFlag: false,
    },
  };
}

/** The body KIE POSTs to a get-4k-video callBackUrl once the upgrade has finished (kie-2026.md §1.8). */
export function fourKCallbackBody(ctx: SimContext, taskId: string, info: TaskInfo) {
  if (info.markers.includes("no-4k")) return { code: 500, msg: FOUR_K_UNAVAILABLE_MSG, data: { taskId } };
  const link = clipUrl(ctx, taskId, info, "4k");
  // No thumbnails exist: imageUrls repeats the video link.
  return { code: 200, msg: FOUR_K_CALLBACK_MSG, data: { taskId, info: { resultUrls: [link], imageUrls: [link] } } };
}
