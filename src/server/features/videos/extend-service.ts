/**
 * Extending a finished video with a new prompt (decisions 0050, 0159): a new task linked to its
 * parent, in one of two ways.
 * - **native**: a KIE Veo video whose 1080p was not made, within KIE's 14 days: KIE's own extend,
 *   with the key that made the parent, at the model's price plus the extension surcharge; the
 *   result is the whole video. If KIE refuses for having made 1080p, the credits come back and the
 *   extension is made from the last frame instead.
 * - **last_frame**: everything else. The last frame of our kept copy (FFmpeg) is kept as the
 *   person's image, like an upload, and a new image-to-video video is made from it on the parent's
 *   model when it is offered (else one the person chooses), same aspect ratio, priced as that
 *   model's video plus the surcharge: its own task, refunded on failure like any video. The joiner
 *   (jobs/video-joiner.ts) later puts parent and part together into one file.
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { uploads, videoTasks } from "../../db/schema.js";
import type { ExtendOptions, ExtendVideoInput, GenerateVideoResult } from "../../../shared/schemas/videos.js";
import {
  MODEL_CATALOGUE,
  MODELS,
  optionsFor,
  optionsProblem,
  type AspectRatio,
  type ModelId,
  type VideoOptions,
} from "../../../shared/catalogue.js";
import { modelLabel } from "../../../shared/videos.js";
import { AppError } from "../../http/errors.js";
import type { LinkTask } from "../../http/idempotency.js";
import { extractLastFrame } from "../../integrations/media/video-join.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Settings } from "../settings/service.js";
import { generateVideo, type GenerateDeps } from "./generate-service.js";
import { keptSource, withLocalFile } from "./kept-copy.js";
import { offeredModels } from "./model-offer.js";
import { getOwnTask } from "./queries.js";
import { quote } from "./quote.js";
import type { TaskRow } from "./task-state.js";
import { storeUpload } from "./upload-service.js";
import type { TaskReads } from "./video-deps.js";

/** KIE keeps a Veo task's record (and so can extend it) this long (kie-2026.md §1.5, §4.2). */
const NATIVE_EXTEND_WINDOW_MS = 14 * 24 * 60 * 60_000;
/** A little before KIE's end: a request sent on the last minute would be refused on the way. */
const WINDOW_MARGIN_MS = 60 * 60_000;

export interface ExtendDeps extends TaskReads {
  generation: GenerateDeps;
  videoStore: VideoStore;
  readSettings(): Promise<Settings>;
  /** The FFmpeg that cuts frames and joins videos (the joiner's); undefined: none on this machine. */
  ffmpegPath: string | undefined;
}

const EXTEND_FILE_GONE =
  "This video cannot be extended: its file is no longer kept (it expired at the provider or was removed).";
const EXTEND_FILE_SAVING = "This video is still being saved. Try extending it again in a minute.";
const EXTEND_UNAVAILABLE =
  "This video cannot be extended here: this server has no FFmpeg to take its last frame. Ask the site's owner.";

type Plan =
  | { method: "native"; model: ModelId; options: VideoOptions }
  | { method: "last_frame"; model: ModelId; models: ModelId[]; options: VideoOptions; blobName: string }
  | { method: null; reason: string; reasonCode: NonNullable<ExtendOptions["reasonCode"]> };

/** Whether KIE can continue this video itself: Veo through KIE, no 1080p made, within KIE's record window. */
function nativeExtendable(parent: TaskRow, now = Date.now()): boolean {
  const model = parent.model as ModelId;
  return (
    parent.vendor === "kie" &&
    MODEL_CATALOGUE[model].upgrades.extend &&
    (parent.hdStatus === "held" || parent.hdStatus === "none") &&
    // A last-frame extension's own record holds only its new part: continuing it would drop the parent.
    parent.extendMethod !== "last_frame" &&
    now - parent.createdAt.getTime() < NATIVE_EXTEND_WINDOW_MS - WINDOW_MARGIN_MS
  );
}

/** The models that can make the next part from a frame of this shape, the parent's own first. */
function lastFrameModels(parent: Pick<TaskRow, "model" | "aspectRatio">, offered: readonly ModelId[]): ModelId[] {
  const fits = (m: ModelId) =>
    offered.includes(m) &&
    MODEL_CATALOGUE[m].modes.image !== undefined &&
    MODEL_CATALOGUE[m].aspectRatios.options.includes(parent.aspectRatio as AspectRatio);
  const own = parent.model as ModelId;
  const family = MODEL_CATALOGUE[own].family;
  // The parent's model, then its family's, then the rest in the catalogue's order.
  return [
    ...MODELS.filter((m) => m === own),
    ...MODELS.filter((m) => m !== own && MODEL_CATALOGUE[m].family === family),
    ...MODELS.filter((m) => MODEL_CATALOGUE[m].family !== family),
  ].filter(fits);
}

/** The options of the next part: the parent's own where its model makes them, else the model's defaults; the parent's shape. */
function partOptions(parent: TaskRow, model: ModelId): VideoOptions {
  const aspectRatio = parent.aspectRatio as AspectRatio;
  if (model === parent.model) {
    const same = {
      durationSeconds: parent.durationSeconds ?? undefined,
      resolution: (parent.resolution as VideoOptions["resolution"] | null) ?? undefined,
      audio: parent.audio ?? undefined,
      aspectRatio,
    };
    if (!optionsProblem(model, same)) return optionsFor(model, same);
  }
  return optionsFor(model, { aspectRatio });
}

function finishedOrRefused(parent: TaskRow): void {
  if (parent.status !== "completed")
    throw new AppError("conflict", "Only a finished video can be extended.", reasoned("extend_needs_finished_video"));
}

/** How `parent` would be extended now (with `asked` as the model of a last-frame extension). */
async function planFor(ctx: ExtendDeps, parent: TaskRow, asked: ModelId | undefined): Promise<Plan> {
  finishedOrRefused(parent);
  const settings = await ctx.readSettings();
  const offered = offeredModels(settings);
  const model = parent.model as ModelId;
  if ((asked === undefined || asked === model) && offered.includes(model) && nativeExtendable(parent))
    return { method: "native", model, options: optionsFor(model, { aspectRatio: parent.aspectRatio as AspectRatio }) };
  return lastFramePlan(ctx, parent, asked, offered);
}

async function lastFramePlan(
  ctx: ExtendDeps,
  parent: TaskRow,
  asked: ModelId | undefined,
  offered: readonly ModelId[],
): Promise<Plan> {
  const source = await keptSource(ctx.db, parent);
  if (source.kind === "gone") return { method: null, reason: EXTEND_FILE_GONE, reasonCode: "extend_file_gone" };
  if (!ctx.ffmpegPath) return { method: null, reason: EXTEND_UNAVAILABLE, reasonCode: "extend_unavailable" };
  const models = lastFrameModels(parent, offered);
  if (models.length === 0)
    return {
      method: null,
      reason: `No model offered now can continue a ${parent.aspectRatio} video from its last frame.`,
      reasonCode: "extend_no_model",
    };
  if (source.kind === "saving") return { method: null, reason: EXTEND_FILE_SAVING, reasonCode: "extend_file_saving" };
  if (asked !== undefined && !models.includes(asked)) {
    const names = models.map(modelLabel).join(", ");
    throw new AppError(
      "conflict",
      `${modelLabel(asked)} cannot continue this video from its last frame. Choose one of: ${names}.`,
      reasoned("model_unavailable", { model: modelLabel(asked), models: names }),
    );
  }
  const model = asked ?? models[0]!;
  return { method: "last_frame", model, models, options: partOptions(parent, model), blobName: source.blobName };
}

/** GET /api/videos/{taskId}/extend: how it would be extended, with which model, at what price. */
export async function extendOptions(
  ctx: ExtendDeps,
  userId: string,
  taskId: string,
  asked?: ModelId,
): Promise<ExtendOptions> {
  const parent = await getOwnTask(ctx.db, ctx.caches.tasks, userId, taskId);
  const plan = await planFor(ctx, parent, asked);
  if (plan.method === null)
    return { method: null, model: null, models: [], credits: 0, reason: plan.reason, reasonCode: plan.reasonCode };
  const settings = await ctx.readSettings();
  const price = quote(settings, { channel: "extend", video: { model: plan.model, ...plan.options } });
  return {
    method: plan.method,
    model: plan.model,
    models: plan.method === "last_frame" ? plan.models : [],
    credits: price.total,
    reason: null,
    reasonCode: null,
  };
}

/** POST /api/videos/{taskId}/extend (and the automation API's): the extension, started and charged. */
export async function extendVideo(
  ctx: ExtendDeps,
  userId: string,
  taskId: string,
  input: ExtendVideoInput,
  linkTask?: LinkTask,
  via: "web" | "api" = "web",
): Promise<GenerateVideoResult> {
  const parent = await getOwnTask(ctx.db, ctx.caches.tasks, userId, taskId);
  const plan = await planFor(ctx, parent, input.model);
  // Refused before any charge: nothing to start from, or nothing to make it with.
  if (plan.method === null) throw new AppError("conflict", plan.reason, reasoned(plan.reasonCode));
  if (plan.method === "native") {
    try {
      return await start(ctx, userId, parent, input, plan, linkTask, via);
    } catch (err) {
      // KIE refused for having made 1080p (asked elsewhere): the charge is back; go from the last frame.
      if (!(err instanceof AppError) || err.extra.reason !== "extend_refused") throw err;
      const settings = await ctx.readSettings();
      const fallback = await lastFramePlan(ctx, parent, undefined, offeredModels(settings));
      if (fallback.method === null) throw err;
      return start(ctx, userId, parent, input, fallback, linkTask, via);
    }
  }
  return start(ctx, userId, parent, input, plan, linkTask, via);
}

async function start(
  ctx: ExtendDeps,
  userId: string,
  parent: TaskRow,
  input: ExtendVideoInput,
  plan: Exclude<Plan, { method: null }>,
  linkTask: LinkTask | undefined,
  via: "web" | "api",
): Promise<GenerateVideoResult> {
  const frame = plan.method === "last_frame" ? await keepLastFrame(ctx, userId, plan.blobName) : undefined;
  const imageUrls = frame ? [frame.url] : [];
  const { model, options } = plan;
  // How it extends, written with the charge (in its transaction), so the joiner and every view see it from the start.
  const marked: LinkTask = async (tx, videoTaskId) => {
    await tx
      .update(videoTasks)
      .set({
        extendMethod: plan.method,
        joinStatus: plan.method === "last_frame" ? "pending" : "none",
        ...(via === "api" ? { createdVia: "api" } : {}),
      })
      .where(eq(videoTasks.id, videoTaskId));
    await linkTask?.(tx, videoTaskId);
  };
  try {
    return await generateVideo(
      ctx.generation,
      userId,
      {
        prompt: input.prompt,
        model,
        mode: plan.method === "last_frame" ? "image" : "text",
        ...options,
        imageUrls,
        watermark: input.watermark,
        // A seed only where the model takes one.
        seeds: MODEL_CATALOGUE[model].seed ? input.seeds : undefined,
        upgrade4k: false,
        // Held 1080p lets Veo continue the video itself later: only a native extension's record holds
        // the whole video, so only it is worth holding (a last-frame one is continued from its frame).
        keepExtendable: input.keepExtendable && plan.method === "native",
        enableFallback: false,
      },
      { channel: "extend", extend: parent, method: plan.method, via, linkTask: marked },
    );
  } catch (err) {
    // Refused before anything was recorded: the frame goes too. (A task that took it keeps it.)
    if (frame) await forgetUnusedUpload(ctx, frame.name);
    throw err;
  }
}

/** Removes an upload no task has used: its row (only while unreferenced), then its file. */
async function forgetUnusedUpload(ctx: ExtendDeps, name: string): Promise<void> {
  const gone = await ctx.db
    .delete(uploads)
    .where(and(eq(uploads.name, name), isNull(uploads.referencedAt)))
    .returning({ name: uploads.name });
  if (gone.length > 0) await ctx.generation.uploads.remove(name).catch(() => undefined);
}

/**
 * The last frame of the parent's kept copy, stored as the person's image (an upload, used by the
 * new task in the same request, so it never counts against their upload space): its URL.
 */
async function keepLastFrame(
  ctx: ExtendDeps,
  userId: string,
  blobName: string,
): Promise<{ name: string; url: string }> {
  const { videoStore } = ctx;
  await fsp.mkdir(videoStore.tempDir, { recursive: true });
  const framePath = path.join(videoStore.tempDir, `${crypto.randomUUID()}.last.jpg`);
  try {
    await withLocalFile(videoStore, blobName, (video) => extractLastFrame(ctx.ffmpegPath!, video, framePath));
    const data = await fsp.readFile(framePath);
    const stored = await storeUpload(ctx.db, ctx.generation.uploads, {
      userId,
      data,
      type: { ext: "jpg", mime: "image/jpeg" },
      quotaBytes: Number.MAX_SAFE_INTEGER,
    });
    return stored;
  } catch (err) {
    ctx.generation.log?.warn({ err, blobName }, "the last frame of a video could not be taken");
    throw new AppError(
      "service_unavailable",
      "The last frame of this video could not be taken. Please try again in a minute; no credits were used.",
      reasoned("generation_unavailable"),
    );
  } finally {
    await fsp.rm(framePath, { force: true });
  }
}
