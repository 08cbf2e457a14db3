/**
 * The automation API's schemas (issue 6, decision 0017): creating an API token (the /api page) and
 * the bearer-token /api/n8n endpoints. The server validates with them, the OpenAPI document is
 * generated from them, and the web app uses the same types.
 */
import { z } from "zod";
import { TOKEN_NAME_MAX } from "../automation.js";
import { MODE_CATALOGUE, MODEL_CATALOGUE, MODELS, MODES, RESOLUTIONS } from "../catalogue.js";
import { ERROR_STATUS, type ErrorCode } from "../error-codes.js";
import { expiringCreditsSchema } from "./credit-split.js";
import { VENDORS } from "../model-description.js";
import { PROMPT_MAX, SEED_MAX, SEED_MIN, VARIANTS_MAX } from "../videos.js";
import {
  draftField,
  IMAGE_LIST_MAX,
  modeMessage,
  modelMessage,
  seedSchema,
  taskListQuery,
  variantsSchema,
  videoOptionFields,
  withMode,
} from "./videos.js";

// ---- Tokens (session-authenticated, for the /api page) ----

/** POST /api/user-tokens */
export const createTokenSchema = z.object({
  name: z
    .string({ error: "Token name is required" })
    .trim()
    .min(1, "Token name is required")
    .max(TOKEN_NAME_MAX, `Token name must be at most ${TOKEN_NAME_MAX} characters`),
});

// ---- Automation endpoints (bearer token) ----

/**
 * One reference image for /api/n8n/generate: an http(s) URL of a JPG/PNG, or base64 image data,
 * plain or as a `data:image/png;base64,...` URL. The server checks the decoded bytes.
 */
const automationImageSchema = z
  .string({ error: "Each image must be a URL or base64 image data" })
  .trim()
  .min(1, "Each image must be a URL or base64 image data");

const modelList = MODELS.map((m) => `${m} (${MODEL_CATALOGUE[m].label})`).join(", ");
const modeList = MODES.map(
  (m) =>
    `${m}: ${MODE_CATALOGUE[m].description.toLowerCase()} (${MODE_CATALOGUE[m].images.min}-${MODE_CATALOGUE[m].images.max} images)`,
).join("; ");

/**
 * POST /api/n8n/generate. Without `mode` a request means what it always did: several imageUrls
 * are accepted and only the first is used. With `mode`, the images are the mode's.
 */
export const automationGenerateSchema = z
  .object({
    prompt: z
      .string({ error: "Prompt is required" })
      .trim()
      .min(1, "Prompt is required")
      .max(PROMPT_MAX, `Prompt must be at most ${PROMPT_MAX} characters`)
      .meta({
        description: "What the video shows, in English.",
        examples: ["A red fox running through fresh snow at sunrise, cinematic"],
      }),
    model: z
      .enum(MODELS, { error: modelMessage })
      .default("veo3")
      .meta({ description: `${modelList}. The default is veo3.`, examples: ["veo3_fast"] }),
    mode: z
      .enum(MODES, { error: modeMessage })
      .optional()
      .meta({
        description: `${modeList}. Without it: text, or image with only the first of imageUrls. Reference works with ${MODE_CATALOGUE.reference.models.join(" and ")}.`,
        examples: ["image"],
      }),
    aspectRatio: videoOptionFields.aspectRatio.meta({
      description: "The video's shape, one the model lists (GET /api/models); its default when left out.",
      examples: ["16:9"],
    }),
    durationSeconds: videoOptionFields.durationSeconds.meta({
      description: "The video's length in seconds, one the model lists; its default when left out.",
      examples: [5],
    }),
    resolution: videoOptionFields.resolution.meta({
      description: "The resolution the video is made in, one the model lists; its default when left out.",
      examples: ["1080p"],
    }),
    audio: videoOptionFields.audio.meta({
      description: "Sound on or off, for a model that makes sound on request (default on); priced per its cell.",
      examples: [true],
    }),
    seeds: seedSchema.meta({
      description: "Optional seed, 10000-99999, for repeatable results.",
      examples: [12345],
      // The range applies after a digit string is read as a number, where JSON Schema cannot see it.
      minimum: SEED_MIN,
      maximum: SEED_MAX,
    }),
    imageUrls: z
      .array(automationImageSchema, { error: "imageUrls must be a list of image URLs or base64 images" })
      .max(IMAGE_LIST_MAX, `imageUrls can hold at most ${IMAGE_LIST_MAX} entries`)
      .nullable()
      .optional()
      .transform((v) => v ?? [])
      .meta({
        description:
          "Images for image mode (first frame, then last frame) or reference mode (up to 3). Without mode only the first is used. A public JPG/PNG/WebP URL (fetched by this server, checked and stored without metadata) or base64 data; either is kept 24 hours.",
      }),
    upgrade4k: z.boolean({ error: "upgrade4k must be true or false" }).default(false).meta({
      description:
        "Also make the 4K version once the video is ready, for the 4K surcharge (GET /api/pricing/current); refunded if KIE cannot make it.",
    }),
    variants: variantsSchema.meta({
      description: `How many videos to make from this prompt, 1 to ${VARIANTS_MAX} (default 1), each with its own seed and charged as one video: all are charged together or none is, and one that fails is refunded on its own. taskIds lists them.`,
      examples: [2],
    }),
    draft: draftField.meta({
      description:
        "Make a cheap, fast draft of this video instead (default false): a model that has one (GET /api/models, `draft`) makes it at a lower resolution or with its cheaper sibling, charged at the draft's price. Once it is completed, POST /api/n8n/videos/{taskId}/final makes its final (the model and resolution asked here, the same seed and images), charged as a new video.",
      examples: [true],
    }),
    callbackUrl: z
      .string({ error: "callbackUrl must be a URL" })
      .trim()
      .min(1, "callbackUrl must be a URL")
      .max(2000, "callbackUrl must be at most 2000 characters")
      .optional()
      .meta({
        description:
          "Optional https URL that receives the signed video.completed or video.failed event when the video ends (retried like any webhook), such as n8n's {{$execution.resumeUrl}}. Signed with your callback secret from the /api page.",
        examples: ["https://n8n.example.com/webhook-waiting/123"],
      }),
  })
  .transform((value, ctx) => withMode(value.mode ? value : { ...value, imageUrls: value.imageUrls.slice(0, 1) }, ctx))
  .meta({ id: "GenerateRequest" });
export type AutomationGenerateInput = z.output<typeof automationGenerateSchema>;

export const automationGenerateResultSchema = z
  .object({
    success: z.literal(true),
    taskId: z.string().meta({ examples: ["4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1"] }),
    creditsUsed: z
      .number()
      .int()
      .meta({ examples: [2] }),
    remainingCredits: z
      .number()
      .int()
      .meta({ examples: [98] }),
    taskIds: z.array(z.string()).meta({
      description: "Every video started, one per variant (taskId is the first).",
      examples: [["4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1"]],
    }),
    batchId: z
      .string()
      .nullable()
      .meta({
        description: "The variants' batch, when more than one was asked for; null for a single video.",
        examples: [null],
      }),
  })
  .meta({ id: "GenerateResult" });

/** POST /api/n8n/videos/{taskId}/extend (decision 0159). */
export const automationExtendResultSchema = z
  .object({
    success: z.literal(true),
    taskId: z.string().meta({ description: "The extension's own task: poll GET /api/n8n/video-status/{taskId}." }),
    creditsUsed: z.number().int(),
    remainingCredits: z.number().int(),
  })
  .meta({ id: "ExtendResult" });

/** POST /api/n8n/videos/{taskId}/final (decision 0178). */
export const automationFinalResultSchema = z
  .object({
    success: z.literal(true),
    taskId: z.string().meta({ description: "The final's own task: poll GET /api/n8n/video-status/{taskId}." }),
    creditsUsed: z.number().int(),
    remainingCredits: z.number().int(),
  })
  .meta({ id: "FinalResult" });

/** GET /api/n8n/balance (decision 0151). */
export const automationBalanceSchema = z
  .object({
    success: z.literal(true),
    credits: z
      .number()
      .int()
      .meta({
        description: "The token's account's balance: the same number as remainingCredits after a video.",
        examples: [120],
      }),
    expiring: expiringCreditsSchema.meta({
      examples: [[{ credits: 80, expiresAt: "2026-12-01T00:00:00.000Z" }]],
    }),
  })
  .meta({ id: "Balance" });

export const AUTOMATION_STATUSES = ["processing", "completed", "failed"] as const;

/** GET /api/n8n/video-status/{taskId} */
export const automationVideoStatusSchema = z
  .object({
    success: z.boolean().meta({ description: "false only when the video failed." }),
    status: z.enum(AUTOMATION_STATUSES),
    videoUrl: z.string().nullable().meta({
      description: "The video once completed: Veo3's 720p, another model's at the resolution it was made in.",
    }),
    hdVideoUrl: z.string().nullable().meta({ description: "The 1080p video once ready; it may follow the 720p one." }),
    videoUrl4k: z.string().nullable().meta({ description: "The 4K video, when one was asked for and is ready." }),
    resolution: z.enum(RESOLUTIONS).nullable().meta({
      description:
        "The best resolution available now: for Veo3 720p first, then 1080p and 4K as they follow; for the other models the one the video was made in.",
    }),
    message: z.string().meta({ description: "What is happening; for a failed video the reason and the refund." }),
    taskId: z.string(),
    extendMethod: z.enum(["native", "last_frame"]).nullable().optional().meta({
      description:
        "For an extension (POST /api/n8n/videos/{taskId}/extend): 'native' when the vendor continued the video itself (videoUrl is the whole video), 'last_frame' when a new video was made from its last frame (videoUrl is the new part; joinedVideoUrl the whole video once joined). Absent for other videos.",
    }),
    joinedVideoUrl: z.string().nullable().optional().meta({
      description:
        "A 'last_frame' extension: the video it continues and this one joined into one file, once ready; null while being joined or if joining failed (videoUrl then plays the new part alone).",
    }),
    vendor: z.enum(VENDORS).optional().meta({
      description:
        "Who made the video: 'kie', or 'google' (the Gemini API) or 'vertex' (Vertex AI) when KIE was down and Google's Veo made it. The price is the same either way. Absent from older servers.",
    }),
    draftOf: z
      .object({ model: z.enum(MODELS), resolution: z.enum(RESOLUTIONS) })
      .optional()
      .meta({
        description:
          "A draft (made with `draft: true`): the model and resolution its final is made with by POST /api/n8n/videos/{taskId}/final. Absent for a video that is no draft.",
      }),
  })
  .meta({ id: "VideoStatus" });
export type AutomationVideoStatus = z.infer<typeof automationVideoStatusSchema>;

/** GET /api/n8n/videos: the filters of the website's list that make sense for a program. */
export const automationVideoListQuery = taskListQuery.pick({
  page: true,
  limit: true,
  status: true,
  model: true,
  q: true,
});

/** GET /api/n8n/videos: one video of the list. */
const automationVideoListItemSchema = z.object({
  taskId: z.string(),
  status: z.string().meta({ description: "processing, completed or failed (as on the website's list)." }),
  model: z.string(),
  prompt: z.string(),
  createdAt: z.string().meta({ description: "ISO 8601." }),
  creditsUsed: z.number().int(),
});

/** GET /api/n8n/videos */
export const automationVideoListSchema = z
  .object({
    success: z.literal(true),
    videos: z.array(automationVideoListItemSchema).meta({ description: "Newest first." }),
    total: z.number().int().meta({ description: "How many videos match, on every page." }),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: "VideoList" });
export type AutomationVideoList = z.infer<typeof automationVideoListSchema>;

/** POST /api/n8n/videos/{taskId}/upgrade-4k */
export const automationUpgradeResultSchema = z
  .object({
    success: z.literal(true),
    taskId: z.string(),
    uhdStatus: z
      .literal("pending")
      .meta({ description: "The 4K version is being made: poll the status for videoUrl4k." }),
    creditsUsed: z
      .number()
      .int()
      .meta({ description: "The 4K surcharge at API prices, charged now; refunded if it cannot be made." }),
    remainingCredits: z.number().int(),
  })
  .meta({ id: "UpgradeResult" });
export type AutomationUpgradeResult = z.infer<typeof automationUpgradeResultSchema>;

/** Every error from /api/n8n/*: a status code plus this body. */
export const automationErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string().meta({ examples: ["Invalid or inactive API token"] }),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).meta({
      description: "What went wrong, for programs to switch on (the message is for people).",
      examples: ["invalid_api_token"],
    }),
  })
  .meta({ id: "Error" });

// ---- Documents (public) ----

/** GET /api/openapi.json and /api/openapi-full.json. */
export const openApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ description: "An OpenAPI 3.1 document, with this server's address." });

/** GET /api/n8n/workflow.json and /api/n8n/workflow-webhook.json: an n8n workflow to import. */
export const workflowDocumentSchema = z.looseObject({
  name: z.string(),
  nodes: z.array(z.unknown()),
  connections: z.looseObject({}),
});

/** GET /api/n8n/video-status/{taskId}. Fastify's maxParamLength (100) bounds the id; an empty one is simply not found. */
export const automationTaskParams = z.object({
  taskId: z.string().meta({ description: "The taskId from POST /api/n8n/generate." }),
});
