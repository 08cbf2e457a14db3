import { z } from "zod";
import {
  ASPECT_RATIOS,
  combinationProblem,
  impliedMode,
  MODELS,
  MODES,
  SURCHARGES,
  type GenerationMode,
} from "../catalogue.js";
import { PROMPT_MAX, SEED_MAX, SEED_MIN, TASK_STATUSES } from "../videos.js";
import { isoTimestamp } from "./common.js";

const seedMessage = `Seed must be a whole number between ${SEED_MIN} and ${SEED_MAX}`;

/** An optional seed: a number, a digit string (forms), or blank/null for none. */
export const seedSchema = z
  .union([z.number(), z.string().trim(), z.null()], { error: seedMessage })
  .optional()
  .transform((v) => (v === null || v === "" || v === undefined ? undefined : typeof v === "string" ? Number(v) : v))
  .pipe(
    z.number({ error: seedMessage }).int(seedMessage).min(SEED_MIN, seedMessage).max(SEED_MAX, seedMessage).optional(),
  );

const httpUrl = z.url({ protocol: /^https?$/, error: "Each image URL must be a valid http(s) URL" });

export const modelMessage = `Model must be ${MODELS.slice(0, -1).join(", ")} or ${MODELS.at(-1)}`;
export const modeMessage = `Mode must be ${MODES.slice(0, -1).join(", ")} or ${MODES.at(-1)}`;
export const aspectRatioMessage = `Aspect ratio must be ${ASPECT_RATIOS.join(" or ")}`;
/** More than any mode takes, so the catalogue's message (not a length error) says what is wrong. */
export const IMAGE_LIST_MAX = 10;

/**
 * The mode a request means (old clients send none: text without images, image with them), and the
 * catalogue's verdict on the combination, as an issue on the field a person should change.
 */
export function withMode<T extends { model: (typeof MODELS)[number]; mode?: GenerationMode; imageUrls: string[] }>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, "mode"> & { mode: GenerationMode } {
  const mode = value.mode ?? impliedMode(value.imageUrls.length);
  const problem = combinationProblem({ model: value.model, mode, imageCount: value.imageUrls.length });
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  return { ...value, mode };
}

/** POST /api/generate-video (the server's defaults: model veo3, enableFallback false). */
export const generateVideoSchema = z
  .object({
    prompt: z
      .string({ error: "Prompt is required" })
      .trim()
      .min(1, "Prompt is required")
      .max(PROMPT_MAX, `Prompt must be at most ${PROMPT_MAX} characters`),
    model: z.enum(MODELS, { error: modelMessage }).default("veo3"),
    mode: z.enum(MODES, { error: modeMessage }).optional(),
    aspectRatio: z.enum(ASPECT_RATIOS, { error: aspectRatioMessage }).default("16:9"),
    imageUrls: z
      .array(httpUrl, { error: "imageUrls must be a list of image URLs" })
      .max(IMAGE_LIST_MAX, `imageUrls can hold at most ${IMAGE_LIST_MAX} entries`)
      .nullable()
      .optional()
      .transform((v) => v ?? []),
    watermark: z
      .string({ error: "Watermark must be text" })
      .trim()
      .max(100, "Watermark must be at most 100 characters")
      .nullable()
      .optional()
      .transform((v) => v || undefined),
    seeds: seedSchema,
    /** Also make the 4K version once the video is ready, for the 4K surcharge (decision 0049). */
    upgrade4k: z.boolean({ error: "upgrade4k must be true or false" }).default(false),
    /** Hold the 1080p version until asked for, so the video can be extended (decision 0050). */
    keepExtendable: z.boolean({ error: "keepExtendable must be true or false" }).default(false),
    /** Deprecated by KIE (no longer sent); accepted so old clients keep working. */
    enableFallback: z.boolean({ error: "enableFallback must be true or false" }).default(false),
  })
  .transform(withMode);
export type GenerateVideoInput = z.output<typeof generateVideoSchema>;

// ---- Answers (decision 0040) ----

export const generateVideoResultSchema = z
  .object({ taskId: z.string(), creditsUsed: z.number().int(), remainingCredits: z.number().int() })
  .meta({ id: "WebGenerateResult" });
export type GenerateVideoResult = z.infer<typeof generateVideoResultSchema>;

export const HD_STATUSES = ["none", "held", "pending", "ready", "failed"] as const;
export const UHD_STATUSES = ["none", "requested", "pending", "ready", "failed"] as const;

/** A task as the owner's lists, the details dialog and the event stream show it. */
export const videoTaskViewSchema = z
  .object({
    id: z.string(),
    taskId: z.string(),
    status: z.enum(TASK_STATUSES),
    prompt: z.string(),
    model: z.enum(MODELS),
    mode: z.enum(MODES),
    aspectRatio: z.enum(ASPECT_RATIOS),
    imageUrls: z.array(z.string()),
    resultUrls: z.array(z.string()),
    hdVideoUrl: z.string().nullable(),
    hdStatus: z.enum(HD_STATUSES),
    /** The video this one extends (its taskId), for an extension (decision 0050). */
    extendedFrom: z.string().nullable(),
    /** The 4K version (decision 0049): paid for with the video and waiting for it, being made, ready, or refunded. */
    uhdStatus: z.enum(UHD_STATUSES),
    uhdVideoUrl: z.string().nullable(),
    /** What the 4K version was charged (beside creditsUsed, the video's own price); refunded when uhdStatus is failed. */
    uhdCredits: z.number().int(),
    /** Why the 4K version could not be made (its credits were refunded). */
    uhdError: z.string().nullable(),
    errorMessage: z.string().nullable(),
    watermark: z.string().nullable(),
    seeds: z.number().int().nullable(),
    createdAt: isoTimestamp,
    completedAt: isoTimestamp.nullable(),
    creditsUsed: z.number().int(),
    createdVia: z.enum(["web", "api"]),
    refunded: z.boolean(),
    /** The 720p file died at the provider before it could be saved: there is nothing to play. */
    videoExpired: z.boolean(),
    /** Shared: the page /v/{shareId} shows it to anyone with the link. */
    isPublic: z.boolean(),
    shareId: z.string().nullable(),
    /** The share page leaves the prompt out. */
    sharePromptHidden: z.boolean(),
  })
  .meta({ id: "VideoTask" });
export type VideoTaskView = z.infer<typeof videoTaskViewSchema>;

/** GET /api/video-tasks: `?days=` gives the recent tasks; `?page=&limit=` a page with the total. */
export const taskListSchema = z
  .object({ tasks: z.array(videoTaskViewSchema), total: z.number().int().optional() })
  .meta({ id: "VideoTaskList" });
export type TaskList = z.infer<typeof taskListSchema>;

/** GET /api/video-status/{taskId}: KIE's record-info shape (successFlag 0 in progress, 1 done, 2 failed). */
export const videoStatusSchema = z
  .object({
    data: z.object({
      taskId: z.string(),
      status: z.enum(TASK_STATUSES),
      successFlag: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      errorMessage: z.string().nullable(),
      /** A JSON-encoded array of 720p URLs. */
      resultUrls: z.string(),
      hdVideoUrl: z.string().nullable(),
    }),
  })
  .meta({ id: "WebVideoStatus" });
export type VideoStatusResponse = z.infer<typeof videoStatusSchema>;

/** GET /api/hd-video/{taskId} and POST /api/force-update-hd/{taskId}. */
export const hdVideoSchema = z
  .object({
    success: z.boolean(),
    hdVideoUrl: z.string().nullable(),
    hdStatus: z.enum(HD_STATUSES).optional(),
    message: z.string(),
  })
  .meta({ id: "HdVideo" });
export type HdVideoResponse = z.infer<typeof hdVideoSchema>;

/** POST /api/videos/{taskId}/extend: what happens next in the video (decision 0050). */
export const extendVideoSchema = z.object({
  prompt: z
    .string({ error: "Prompt is required" })
    .trim()
    .min(1, "Prompt is required")
    .max(PROMPT_MAX, `Prompt must be at most ${PROMPT_MAX} characters`),
  seeds: seedSchema,
  watermark: z
    .string({ error: "Watermark must be text" })
    .trim()
    .max(100, "Watermark must be at most 100 characters")
    .nullable()
    .optional()
    .transform((v) => v || undefined),
  /** Hold the extension's 1080p version too, to extend it again. */
  keepExtendable: z.boolean({ error: "keepExtendable must be true or false" }).default(false),
});
export type ExtendVideoInput = z.output<typeof extendVideoSchema>;

/** POST /api/videos/{taskId}/upgrade-4k. */
export const upgradeResultSchema = z
  .object({
    taskId: z.string(),
    uhdStatus: z.literal("pending"),
    creditsUsed: z.number().int(),
    remainingCredits: z.number().int(),
  })
  .meta({ id: "UpgradeResult" });

/** The files a video can have, smallest first. */
export const VIDEO_QUALITIES = ["720p", "1080p", "4k"] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

export const refundResultSchema = z.object({ amount: z.number().int() }).meta({ id: "RefundResult" });

/** Per model, what a video costs on the website and through the API. */
const modelPriceSchema = z.object({ web_credits: z.number(), api_credits: z.number() });
/** GET /api/pricing/current: the two old fields for old clients, then the whole catalogue with its prices. */
export const pricingViewSchema = z
  .object({
    veo3_fast: modelPriceSchema,
    veo3_quality: modelPriceSchema,
    models: z.array(
      modelPriceSchema.extend({
        model: z.enum(MODELS),
        label: z.string(),
        description: z.string(),
        /** The modes this model makes. */
        modes: z.array(z.enum(MODES)),
      }),
    ),
    modes: z.array(
      z.object({
        mode: z.enum(MODES),
        label: z.string(),
        description: z.string(),
        minImages: z.number().int(),
        maxImages: z.number().int(),
        imageLabels: z.array(z.string()),
      }),
    ),
    /** Added to a model's price: a 4K version, an extension. API prices here are decimals; a charge is rounded up once. */
    surcharges: z.array(
      z.object({ surcharge: z.enum(SURCHARGES), label: z.string(), web_credits: z.number(), api_credits: z.number() }),
    ),
    /** True when videos are made by the built-in simulator, not a real provider. */
    simulated: z.boolean(),
  })
  .meta({ id: "Pricing" });
export type PricingView = z.infer<typeof pricingViewSchema>;

/** POST /api/images/upload. */
export const uploadImageResultSchema = z
  .object({ success: z.literal(true), imageUrl: z.string() })
  .meta({ id: "UploadedImage" });

/** GET /api/events: the `task` and the `ready`/`credits` events' data lines. */
export const taskEventSchema = z.object({ task: videoTaskViewSchema });
export const creditsEventSchema = z.object({ credits: z.number().int() });

/** PUT /api/videos/{taskId}/sharing: share a finished video (or stop), with or without its prompt. */
export const sharingInputSchema = z.object({
  isPublic: z.boolean({ error: "isPublic must be true or false" }),
  hidePrompt: z.boolean({ error: "hidePrompt must be true or false" }).optional(),
});

export const sharingViewSchema = z
  .object({
    isPublic: z.boolean(),
    /** The public page, while shared. */
    shareUrl: z.string().nullable(),
    sharePromptHidden: z.boolean(),
  })
  .meta({ id: "Sharing" });
export type SharingView = z.infer<typeof sharingViewSchema>;

export const videoDeletedSchema = z.object({ message: z.string() }).meta({ id: "VideoDeleted" });
