/**
 * The Market's image models (decision 0161): Nano Banana 2 and Pro on POST /jobs/createTask with
 * `{prompt, aspect_ratio, resolution, output_format, image_input}` (docs.kie.ai/market/google/
 * nanobanana2), read back on GET /jobs/recordInfo as `resultJson: {"resultUrls": [...]}`, whose link
 * serves a real image made here (sharp, from a gradient the prompt colours: no files, no network).
 * Stateless like the video tasks: version-4 ids carry the model, aspect ratio, resolution, format
 * and markers. Markers in the prompt: `[sim:reject]` (createTask answers 400, KIE's content-policy
 * words), `[sim:code-NNN]`, and in the task `[sim:fail]` (fail, failCode 500), `[sim:flagged]`
 * (fail with failCode 400 and the content-policy words: a refusal of the prompt met in the task),
 * `[sim:slow]`, `[sim:dead-link]` (the result link answers 404).
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { z } from "zod";
import { envelope, ok, type SimContext } from "./context.js";
import { appendToLog } from "./faults.js";
import { GENERATE_ERRORS, promptMarkers, REJECT_MSG } from "./markers.js";
import { excerptOf, idFromPayload, idPayload, TIME_OFFSET, utf8Prefix } from "./task-id.js";
import { charge, excerpt, INSUFFICIENT_MSG } from "./veo-routes.js";

/** The image models the simulator makes; the index is the model's code in task ids: append only. */
const IMAGE_MODELS = ["nano-banana-2", "nano-banana-pro"] as const;
const IMAGE_ASPECTS = ["1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9", "auto"] as const;
const IMAGE_RESOLUTIONS = ["1K", "2K", "4K"] as const;
const FORMATS = ["jpg", "png"] as const;
const IMAGE_MARKERS = ["fail", "flagged", "slow", "dead-link"] as const;
type ImageMarker = (typeof IMAGE_MARKERS)[number];

/** KIE credits per image (not in the references: the reading of decision 0161), by resolution. */
const IMAGE_COST: Record<(typeof IMAGE_RESOLUTIONS)[number], number> = { "1K": 12, "2K": 12, "4K": 18 };
const IMAGE_FAILURE_MSG = "Image generation failed (simulated)";
const SLOW_FACTOR = 5;

const Input = z.object({
  prompt: z
    .string({ error: "prompt is required" })
    .refine((s) => s.trim() !== "", "prompt is required")
    .refine((s) => s.length <= 20_000, "prompt must be at most 20000 characters"),
  aspect_ratio: z.enum(IMAGE_ASPECTS, { error: `aspect_ratio must be one of ${IMAGE_ASPECTS.join(", ")}` }).optional(),
  resolution: z.enum(IMAGE_RESOLUTIONS, { error: "resolution must be 1K, 2K or 4K" }).optional(),
  output_format: z.enum(FORMATS, { error: "output_format must be jpg or png" }).optional(),
  image_input: z
    .array(z.url({ error: "image_input must be an array of URLs" }), { error: "image_input must be an array of URLs" })
    .max(14, "image_input takes at most 14 images")
    .optional(),
  google_search: z.boolean({ error: "google_search must be a boolean" }).optional(),
});
const Body = z.object({ callBackUrl: z.url().optional(), input: Input }, { error: "input is required" });

export interface ImageTaskInfo {
  createdAt: number;
  model: (typeof IMAGE_MODELS)[number];
  aspect: (typeof IMAGE_ASPECTS)[number];
  resolution: (typeof IMAGE_RESOLUTIONS)[number];
  format: (typeof FORMATS)[number];
  markers: ImageMarker[];
  promptExcerpt: string;
}

// 9 + 29 bytes: the ids stay within the 64 characters every task id has (task-id.ts).
const V4 = { version: 4, headerBytes: 9, excerptBytes: 29 } as const;

function encode(info: ImageTaskInfo): string {
  let flags =
    IMAGE_MODELS.indexOf(info.model) +
    IMAGE_ASPECTS.indexOf(info.aspect) * 2 ** 3 +
    IMAGE_RESOLUTIONS.indexOf(info.resolution) * 2 ** 7 +
    FORMATS.indexOf(info.format) * 2 ** 9;
  for (const m of info.markers) flags += 2 ** (10 + IMAGE_MARKERS.indexOf(m));
  const header = Buffer.alloc(V4.headerBytes);
  header.writeUInt8(V4.version, 0);
  header.writeUIntBE(info.createdAt, TIME_OFFSET, 6);
  header.writeUInt16BE(flags, 7);
  return idFromPayload(Buffer.concat([header, utf8Prefix(info.promptExcerpt, V4.excerptBytes)]));
}

/** The image task a version-4 id describes, or undefined for any other id. */
export function decodeImageTaskId(id: string): ImageTaskInfo | undefined {
  const bytes = idPayload(id);
  if (!bytes || bytes.length < V4.headerBytes || bytes.readUInt8(0) !== V4.version) return undefined;
  if (bytes.length > V4.headerBytes + V4.excerptBytes) return undefined;
  const flags = bytes.readUInt16BE(7);
  const model = IMAGE_MODELS[flags % 8];
  const aspect = IMAGE_ASPECTS[Math.floor(flags / 8) % 16];
  const resolution = IMAGE_RESOLUTIONS[Math.floor(flags / 128) % 4];
  const format = FORMATS[Math.floor(flags / 512) % 2];
  const promptExcerpt = excerptOf(bytes.subarray(V4.headerBytes));
  if (!model || !aspect || !resolution || !format || promptExcerpt === undefined) return undefined;
  if (flags >= 2 ** (10 + IMAGE_MARKERS.length)) return undefined;
  return {
    createdAt: bytes.readUIntBE(TIME_OFFSET, 6),
    model,
    aspect,
    resolution,
    format,
    markers: IMAGE_MARKERS.filter((_, i) => Math.floor(flags / 2 ** (10 + i)) % 2 === 1),
    promptExcerpt,
  };
}

const markersOf = (prompt: string): ImageMarker[] =>
  IMAGE_MARKERS.filter((m) => prompt.toLowerCase().includes(`[sim:${m}]`));

/** Whether createTask's `model` is one of the image models. */
export const isImageModel = (model: unknown): model is ImageTaskInfo["model"] =>
  (IMAGE_MODELS as readonly unknown[]).includes(model);

/** POST /jobs/createTask for an image model. */
export function createImageTask(ctx: SimContext, key: string, model: ImageTaskInfo["model"], body: unknown) {
  const parsed = Body.safeParse(body);
  if (!parsed.success) return envelope(422, parsed.error.issues[0]?.message ?? "Invalid request");
  const { input } = parsed.data;
  const markers = promptMarkers(input.prompt);
  if (markers.reject) return envelope(400, REJECT_MSG);
  if (markers.errorCode) return envelope(markers.errorCode, GENERATE_ERRORS[markers.errorCode]);
  const info: ImageTaskInfo = {
    createdAt: ctx.now(),
    model,
    aspect: input.aspect_ratio ?? "1:1",
    resolution: input.resolution ?? "1K",
    format: input.output_format ?? "png",
    markers: markersOf(input.prompt),
    promptExcerpt: excerpt(input.prompt),
  };
  if (!charge(ctx, key, IMAGE_COST[info.resolution])) return envelope(402, INSUFFICIENT_MSG);
  const taskId = encode(info);
  appendToLog(ctx.stats.submissions, { taskId, imageUrls: input.image_input ?? [], model, input });
  return ok({ taskId });
}

const generationTime = (ctx: SimContext, info: ImageTaskInfo) =>
  info.markers.includes("slow") ? ctx.delayMs * SLOW_FACTOR : ctx.delayMs;

const resultUrl = (ctx: SimContext, taskId: string, info: ImageTaskInfo) =>
  `${ctx.publicBaseUrl}/files/${taskId}/image.${info.format}`;

/** jobs/recordInfo's `data` for an image task: waiting, then success (its link) or fail. */
export function imageRecord(ctx: SimContext, taskId: string, info: ImageTaskInfo) {
  const completedAt = info.createdAt + generationTime(ctx, info);
  const base = {
    taskId,
    model: info.model,
    param: JSON.stringify({
      model: info.model,
      input: {
        prompt: info.promptExcerpt,
        aspect_ratio: info.aspect,
        resolution: info.resolution,
        output_format: info.format,
      },
    }),
    resultJson: "",
    failCode: "",
    failMsg: "",
    createTime: info.createdAt,
  };
  if (ctx.now() < completedAt)
    return { ...base, state: "generating", costTime: 0, updateTime: info.createdAt, completeTime: null };
  const done = {
    costTime: Math.round((completedAt - info.createdAt) / 1000),
    updateTime: completedAt,
    completeTime: completedAt,
  };
  if (info.markers.includes("flagged"))
    return { ...base, ...done, state: "fail", failCode: "400", failMsg: REJECT_MSG, creditsConsumed: 0 };
  if (info.markers.includes("fail"))
    return { ...base, ...done, state: "fail", failCode: "500", failMsg: IMAGE_FAILURE_MSG, creditsConsumed: 0 };
  return {
    ...base,
    ...done,
    state: "success",
    resultJson: JSON.stringify({ resultUrls: [resultUrl(ctx, taskId, info)] }),
    creditsConsumed: IMAGE_COST[info.resolution],
  };
}

/** Pixels per side at 1K by aspect ratio ("auto" is square). */
function sizeOf(aspect: ImageTaskInfo["aspect"]): { width: number; height: number } {
  const [w, h] = aspect === "auto" ? [1, 1] : aspect.split(":").map(Number);
  const long = 1024;
  return w! >= h!
    ? { width: long, height: Math.round((long * h!) / w!) }
    : { width: Math.round((long * w!) / h!), height: long };
}

/** A diagonal gradient in the prompt's colours: a real image that differs from prompt to prompt. */
async function drawImage(info: ImageTaskInfo): Promise<Buffer> {
  const { width, height } = sizeOf(info.aspect);
  const hash = crypto.createHash("sha256").update(info.promptExcerpt).digest();
  const from = [hash[0]!, hash[1]!, hash[2]!];
  const to = [hash[3]!, hash[4]!, hash[5]!];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(from[c]! * (1 - t) + to[c]! * t);
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return info.format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/** What an image task's result link serves: its image once it succeeded and while its link lives. */
export async function imageResult(
  ctx: SimContext,
  taskId: string,
  file: string,
): Promise<{ status: "live"; data: Buffer; mime: string; maxAgeS: number } | { status: "missing" } | undefined> {
  const info = decodeImageTaskId(taskId);
  if (!info) return undefined;
  const completedAt = info.createdAt + generationTime(ctx, info);
  const failed = info.markers.includes("fail") || info.markers.includes("flagged");
  if (ctx.now() < completedAt || failed || file !== `image.${info.format}`) return { status: "missing" };
  if (ctx.faults.linksExpired || info.markers.includes("dead-link")) return { status: "missing" };
  const expiresAt = ctx.linkTtlMs === 0 ? undefined : completedAt + ctx.linkTtlMs;
  if (expiresAt !== undefined && ctx.now() > expiresAt) return { status: "missing" };
  const maxAgeS = expiresAt === undefined ? 86_400 : Math.max(0, Math.floor((expiresAt - ctx.now()) / 1000));
  return {
    status: "live",
    data: await drawImage(info),
    mime: info.format === "png" ? "image/png" : "image/jpeg",
    maxAgeS,
  };
}
