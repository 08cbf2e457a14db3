import { z } from "zod";
import {
  ASPECT_RATIOS,
  combinationProblem,
  impliedMode,
  MODEL_CATALOGUE,
  MODELS,
  MODES,
  optionsFor,
  optionsProblem,
  RESOLUTIONS,
  SURCHARGES,
  type AspectRatio,
  type GenerationMode,
  type Resolution,
  type VideoOptions,
} from "../catalogue.js";
import { FAILURE_KINDS, PROMPT_MAX, SEED_MAX, SEED_MIN, TASK_STATUSES, VARIANTS_MAX } from "../videos.js";
import { isoTimestamp } from "./common.js";
import { expiringCreditsSchema } from "./credit-split.js";
import { EXPLORE_STATUSES } from "./explore.js";
import { VENDORS } from "../model-description.js";
import { draftProblem } from "../drafts.js";

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
const aspectRatioMessage = `Aspect ratio must be ${ASPECT_RATIOS.join(" or ")}`;
/** More than any mode takes, so the catalogue's message (not a length error) says what is wrong. */
export const IMAGE_LIST_MAX = 10;

/**
 * The mode a request means (old clients send none: text without images, image with them), the
 * options it means (the model's defaults where it said none), and the catalogue's verdict on the
 * combination, as an issue on the field a person should change.
 */
export function withMode<
  T extends {
    model: (typeof MODELS)[number];
    mode?: GenerationMode;
    imageUrls: string[];
    durationSeconds?: number;
    resolution?: Resolution;
    aspectRatio?: AspectRatio;
    audio?: boolean;
    upgrade4k?: boolean;
    watermark?: string;
    seeds?: number;
    draft?: boolean;
  },
>(value: T, ctx: z.RefinementCtx): Omit<T, "mode" | keyof VideoOptions> & { mode: GenerationMode } & VideoOptions {
  const mode = value.mode ?? impliedMode(value.imageUrls.length);
  const problem =
    combinationProblem({ model: value.model, mode, imageCount: value.imageUrls.length }) ??
    optionsProblem(value.model, value);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  else {
    const m = MODEL_CATALOGUE[value.model];
    const extra =
      value.upgrade4k && !m.upgrades.uhd4k
        ? { path: "upgrade4k", message: `${m.label} makes no 4K version` }
        : value.watermark && !m.watermark
          ? { path: "watermark", message: `${m.label} takes no watermark` }
          : value.seeds !== undefined && !m.seed
            ? { path: "seeds", message: `${m.label} takes no seed` }
            : value.draft
              ? draftIssue(value, mode)
              : undefined;
    if (extra) ctx.addIssue({ code: "custom", path: [extra.path], message: extra.message });
  }
  return { ...value, mode, ...optionsFor(value.model, value) };
}

/** Why this request cannot be a draft (decision 0178), on the field to change; undefined when it can. */
function draftIssue(
  value: { model: (typeof MODELS)[number]; imageUrls: string[]; upgrade4k?: boolean } & Partial<VideoOptions>,
  mode: GenerationMode,
): { path: string; message: string } | undefined {
  const problem = draftProblem(value.model, mode, value, value.imageUrls.length);
  if (problem) return { path: "draft", message: problem };
  if (value.upgrade4k)
    return { path: "upgrade4k", message: "A draft has no 4K version: ask for 4K when you make it final" };
  return undefined;
}

/** Make a cheap draft of the video instead (issue 74 §3, decision 0178); its final is made later with POST …/final. */
export const draftField = z.boolean({ error: "draft must be true or false" }).default(false);

const variantsMessage = `variants must be a whole number from 1 to ${VARIANTS_MAX}`;
/** Variants (decision 0162): 1 to 4 videos of one prompt, each its own task; 1 when left out. */
export const variantsSchema = z
  .number({ error: variantsMessage })
  .int(variantsMessage)
  .min(1, variantsMessage)
  .max(VARIANTS_MAX, variantsMessage)
  .default(1);

/** The options beside the model (issue 42): each model says which it takes (GET /api/models). */
export const videoOptionFields = {
  aspectRatio: z.enum(ASPECT_RATIOS, { error: aspectRatioMessage }).optional(),
  durationSeconds: z
    .number({ error: "durationSeconds must be a whole number of seconds" })
    .int("durationSeconds must be a whole number of seconds")
    .optional(),
  resolution: z.enum(RESOLUTIONS, { error: `Resolution must be ${RESOLUTIONS.join(", ")}` }).optional(),
  audio: z.boolean({ error: "audio must be true or false" }).optional(),
};

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
    ...videoOptionFields,
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
    /** How many videos of this prompt, each with its own seed, charged and refunded each (decision 0162). */
    variants: variantsSchema,
    draft: draftField,
    /**
     * The Explore video this one remixes (its share id; issue 72, decision 0164): counted in its
     * "most remixed" when that video is in Explore now, else ignored (never an error).
     */
    remixOf: z
      .string({ error: "remixOf must be a video's share id" })
      .nullable()
      .optional()
      .transform((v) => (v && v.length <= 64 ? v : undefined)),
  })
  .transform(withMode);
/** What a video is made from; `variants` left out means one (an extension asks for one); `remixOf` the web's alone. */
export type GenerateVideoInput = Omit<z.output<typeof generateVideoSchema>, "variants" | "remixOf" | "draft"> & {
  variants?: number;
  remixOf?: string;
  /** Make the draft of this video (decision 0178): left out, the video itself. */
  draft?: boolean;
};

// ---- Answers (decision 0040) ----

export const generateVideoResultSchema = z
  .object({
    /** The (first) video started. */
    taskId: z.string(),
    creditsUsed: z.number().int(),
    remainingCredits: z.number().int(),
    /** Every video started, in the order of the variants (decision 0162): one unless variants were asked. */
    taskIds: z.array(z.string()).optional(),
    /** The variants' batch, shared by their tasks (the task view's batchId); null for a single video. */
    batchId: z.string().nullable().optional(),
  })
  .meta({ id: "WebGenerateResult" });
export type GenerateVideoResult = z.infer<typeof generateVideoResultSchema>;

const HD_STATUSES = ["none", "held", "pending", "ready", "failed"] as const;
/** How an extension was made (decision 0159). */
const EXTEND_METHODS = ["native", "last_frame"] as const;
export type ExtendMethod = (typeof EXTEND_METHODS)[number];
const JOIN_STATUSES = ["none", "pending", "ready", "failed"] as const;
const UHD_STATUSES = ["none", "requested", "pending", "ready", "failed"] as const;

/** A task as the owner's lists, the details dialog and the event stream show it. */
const videoTaskViewSchema = z
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
    extendMethod: z.enum(EXTEND_METHODS).nullable().optional().meta({
      description:
        "How an extension was made (decision 0159): 'native', the vendor continued the video itself (the result is the whole video); 'last_frame', a new video from the parent's last frame, joined to the parent by us (joinedVideoUrl). Null or absent for a video that extends nothing.",
    }),
    joinStatus: z.enum(JOIN_STATUSES).optional().meta({
      description:
        "A 'last_frame' extension's joining to its parent: pending, ready (joinedVideoUrl is the whole video), failed (the new part alone stays playable); none otherwise.",
    }),
    joinedVideoUrl: z.string().nullable().optional().meta({
      description: "The parent and this extension as one video, once joinStatus is ready; else null.",
    }),
    /** The 4K version (decision 0049): paid for with the video and waiting for it, being made, ready, or refunded. */
    uhdStatus: z.enum(UHD_STATUSES),
    uhdVideoUrl: z.string().nullable(),
    /** What the 4K version was charged (beside creditsUsed, the video's own price); refunded when uhdStatus is failed. */
    uhdCredits: z.number().int(),
    /** Why the 4K version could not be made (its credits were refunded). */
    uhdError: z.string().nullable(),
    errorMessage: z.string().nullable(),
    /**
     * A failed video the provider refused for its content: 'refused' (decision 0082); null or absent
     * for any other failure and for every video that did not fail. Its status stays 'failed'.
     */
    failureKind: z.enum(FAILURE_KINDS).nullable().optional(),
    watermark: z.string().nullable(),
    seeds: z.number().int().nullable(),
    /** The variants made from one request share it (decision 0162); null or absent for a single video. */
    batchId: z.string().nullable().optional(),
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
    /** Explore (issue 72): null while not published; pending approval, listed, or hidden by an admin. Absent from older servers. */
    explore: z.enum(EXPLORE_STATUSES).nullable().optional(),
    /** The options chosen (issue 42): length, resolution, sound; null on videos made before them (8 s, 720p, with sound). */
    durationSeconds: z.number().int().nullable(),
    resolution: z.enum(RESOLUTIONS).nullable(),
    audio: z.boolean().nullable(),
    vendor: z.enum(VENDORS).optional().meta({
      description:
        "Who made the video (decision 0175): 'kie', or 'google' (the Gemini API, decision 0098) or 'vertex' (Vertex AI, decision 0177) when KIE was down and Google's Veo made it. Absent from older servers.",
    }),
    welcomeMarked: z.boolean().optional().meta({
      description:
        "True when it was paid with welcome credits while the admin marks such videos (decision 0155): made with the site's watermark, and it stays 720p (no 1080p or 4K version). Absent or false otherwise.",
    }),
    draftOf: z
      .object({ model: z.enum(MODELS), resolution: z.enum(RESOLUTIONS) })
      .nullable()
      .optional()
      .meta({
        description:
          "A draft (decision 0178): the model and resolution its final is made with (POST /api/videos/{taskId}/final). Null or absent for a video that is no draft.",
      }),
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
  /**
   * For an extension from the last frame (decision 0159): the model that makes the new part, one of
   * GET …/extend's `models`; by default the parent's model when it is offered. Asking for another
   * model than the parent's makes the extension from the last frame.
   */
  model: z.enum(MODELS, { error: modelMessage }).optional(),
});
export type ExtendVideoInput = z.output<typeof extendVideoSchema>;

/** GET /api/videos/{taskId}/extend?model=: the model asked for an extension from the last frame. */
export const extendOptionsQuery = z.object({
  model: z.enum(MODELS, { error: modelMessage }).optional(),
});

/** GET /api/videos/{taskId}/extend: how this video would be extended, and at what price (decision 0159). */
export const extendOptionsSchema = z
  .object({
    /** 'native': the vendor continues the video itself; 'last_frame': a new video from its last frame, joined to it; null: it cannot be extended (see reason). */
    method: z.enum(EXTEND_METHODS).nullable(),
    /** The model that would make the extension (null when it cannot be extended). */
    model: z.enum(MODELS).nullable(),
    /** The models the person may choose from for an extension from the last frame (empty for a native one). */
    models: z.array(z.enum(MODELS)),
    /** What the extension costs with `model`, in credits (0 when it cannot be extended). */
    credits: z.number().int(),
    /** Why it cannot be extended, one sentence; null when it can. */
    reason: z.string().nullable(),
    /** The reason as a key (decision 0056), for the web's own words; null when it can be extended. */
    reasonCode: z.enum(["extend_file_gone", "extend_file_saving", "extend_unavailable", "extend_no_model"]).nullable(),
  })
  .meta({ id: "ExtendOptions" });
export type ExtendOptions = z.infer<typeof extendOptionsSchema>;

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
const VIDEO_QUALITIES = ["720p", "1080p", "4k"] as const;
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
        /** Added later (decision 0097): degraded while more than half of its videos of the last hour fail. */
        status: z.enum(["available", "degraded"]).optional(),
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
    welcome_videos_marked: z.boolean().optional().meta({
      description:
        "Videos paid with welcome credits carry the site's watermark and stay 720p (decision 0155); absent: they are not marked.",
    }),
    welcome_grant: z
      .object({
        credits: z.number().int().positive(),
        days: z.number().int().positive(),
      })
      .nullable()
      .optional()
      .meta({
        description:
          "What a new person gets once their address is confirmed (issue 70, decision 0155): credits lasting `days` days; null while the admin has the grant off.",
      }),
    credit_value: z
      .object({
        usd: z.number().positive().meta({ description: "US dollars per credit, unrounded (e.g. 0.1666...)." }),
        source: z.enum(["setting", "packages"]).meta({
          description:
            "setting: the admin's own value; packages: the lowest price per credit (bonus credits counted) among the packages on sale.",
        }),
      })
      .nullable()
      .meta({
        description: "What one credit is worth (decision 0075); null while no package is on sale and none is set.",
      }),
  })
  .meta({ id: "Pricing" });
export type PricingView = z.infer<typeof pricingViewSchema>;

/** POST /api/images/upload. */
export const uploadImageResultSchema = z
  .object({ success: z.literal(true), imageUrl: z.string() })
  .meta({ id: "UploadedImage" });

/** GET /api/events: the `task` and the `ready`/`credits` events' data lines. */
export const taskEventSchema = z.object({ task: videoTaskViewSchema });
export const creditsEventSchema = z.object({
  credits: z.number().int(),
  /** Which of the credits expire when (decision 0151); left out by servers from before it. */
  expiring: expiringCreditsSchema.optional(),
});

/** PUT /api/videos/{taskId}/sharing: share a finished video (or stop), with or without its prompt. */
export const sharingInputSchema = z
  .object({
    isPublic: z.boolean({ error: "isPublic must be true or false" }),
    hidePrompt: z.boolean({ error: "hidePrompt must be true or false" }).optional(),
    /** Issue 72: also publish it to Explore (true), or take it off (false); unsharing takes it off too. */
    explore: z.boolean({ error: "explore must be true or false" }).optional(),
  })
  .refine((input) => !(input.explore === true && !input.isPublic), {
    message: "A video is published to Explore only while it is shared: set isPublic too",
    path: ["explore"],
  });

export const sharingViewSchema = z
  .object({
    isPublic: z.boolean(),
    /** The public page, while shared. */
    shareUrl: z.string().nullable(),
    sharePromptHidden: z.boolean(),
    /** Explore (issue 72): null while not published; pending approval, listed, or hidden by an admin. */
    explore: z.enum(EXPLORE_STATUSES).nullable(),
  })
  .meta({ id: "Sharing" });
export type SharingView = z.infer<typeof sharingViewSchema>;

export const videoDeletedSchema = z.object({ message: z.string() }).meta({ id: "VideoDeleted" });

// ---- Route inputs and non-JSON answers (shared/api/videos.ts, shared/api/media.ts) ----

/** A video task in a path: `/api/videos/{taskId}/...`. */
export const taskIdParams = z.object({ taskId: z.string().min(1).max(200) });

/** The gallery's status filter: finished, still being made (generating or pending), failed (refused ones too). */
export const TASK_LIST_STATUSES = ["completed", "in_progress", "failed"] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];
export const TASK_LIST_SORTS = ["newest", "oldest"] as const;
export type TaskListSort = (typeof TASK_LIST_SORTS)[number];

/** GET /api/video-tasks: `?days=` the recent tasks, or `?page=&limit=` one page with the total. */
export const taskListQuery = z.object({
  days: z.coerce
    .number({ error: "days must be a number" })
    .int()
    .min(1, "days must be between 1 and 90")
    .max(90, "days must be between 1 and 90")
    .optional(),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .optional(),
  /** Words of the prompt, case- and accent-insensitive; `%`, `_` and `\` are matched as themselves. */
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
  status: z.enum(TASK_LIST_STATUSES, { error: `status must be ${TASK_LIST_STATUSES.join(", ")}` }).optional(),
  model: z.enum(MODELS, { error: modelMessage }).optional(),
  /** By creation time; newest first unless asked. */
  sort: z.enum(TASK_LIST_SORTS, { error: `sort must be ${TASK_LIST_SORTS.join(" or ")}` }).optional(),
});
export type TaskListFilters = Pick<z.infer<typeof taskListQuery>, "q" | "status" | "model" | "sort">;

/** How many videos one bulk delete names at most. */
const BULK_DELETE_MAX = 100;

/** POST /api/videos/delete: several of the person's videos at once. */
export const bulkDeleteSchema = z.object({
  taskIds: z
    .array(z.string().min(1).max(200), { error: "taskIds must be a list of video ids" })
    .min(1, "Name at least one video")
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} videos can be deleted at once`),
});

/** What happened to each named video: deleted now, not there (or not yours, or already gone), or still being made. */
const BULK_DELETE_OUTCOMES = ["deleted", "not_found", "still_generating"] as const;

export const bulkDeleteResultSchema = z
  .object({
    results: z.array(z.object({ taskId: z.string(), outcome: z.enum(BULK_DELETE_OUTCOMES) })),
    deleted: z.number().int(),
  })
  .meta({ id: "VideosDeleted" });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

/** GET /api/video-tasks answers 304 with no body while the list has not changed. */
export const taskListNotModified = {
  description: "The list has not changed since the ETag sent in If-None-Match.",
  content: { "application/json": { schema: z.null() } },
};

/** GET /api/videos/{taskId}/download. */
export const downloadQuery = z.object({
  quality: z.enum(VIDEO_QUALITIES, { error: "quality must be 720p, 1080p or 4k" }).default("720p"),
});

/** A video file, streamed from the provider with a download name. */
export const videoAttachment = {
  description: "The MP4 file, as an attachment.",
  content: { "video/mp4": { schema: z.string().meta({ format: "binary" }) } },
};

/** An archived video's download: a redirect to our own copy. */
export const archivedVideoRedirect = {
  description: "Archived: our own copy, as an attachment (GET /media/videos/{file}?download=1).",
  content: { "text/plain": { schema: z.string() } },
};

/** POST /api/callbacks/kie: KIE's callback was received (the task is re-read from the provider). */
export const callbackReceivedSchema = z
  .object({ code: z.literal(200), msg: z.literal("received") })
  .meta({ id: "CallbackReceived" });
