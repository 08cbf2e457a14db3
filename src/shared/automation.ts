/**
 * The automation API's contract (issue 6, decision 0017): API tokens and the bearer-token
 * /api/n8n endpoints. The server validates with these schemas, the OpenAPI document is generated
 * from them, and the /api page uses the same types.
 */
import { ERROR_STATUS, type ErrorCode } from "./error-codes.js";
import { z } from "zod";
import { seedSchema } from "./schemas/videos.js";
import { ASPECT_RATIOS, MODELS, PROMPT_MAX, SEED_MAX, SEED_MIN } from "./videos.js";

/** Every token starts with this, so people (and secret scanners) recognise one. */
export const TOKEN_PREFIX = "veo_";
/** Lists keep this many characters at each end of a token and mask the middle. */
export const TOKEN_VISIBLE_CHARS = 8;
export const TOKEN_NAME_MAX = 100;
/** Base64 images sent to /api/n8n/generate are kept this long, then deleted. */
export const BASE64_IMAGE_TTL_HOURS = 24;
/** What the automation guide suggests between status checks. */
export const POLL_SECONDS = { min: 15, max: 30 } as const;

/** The first and last 8 characters, the middle masked (decision 0017). */
export function maskToken(token: string): string {
  if (token.length <= TOKEN_VISIBLE_CHARS * 2) return "•".repeat(token.length);
  return `${token.slice(0, TOKEN_VISIBLE_CHARS)}${"•".repeat(8)}${token.slice(-TOKEN_VISIBLE_CHARS)}`;
}

// ---- Tokens (session-authenticated, for the /api page) ----

/** POST /api/user-tokens */
export const createTokenSchema = z.object({
  name: z
    .string({ error: "Token name is required" })
    .trim()
    .min(1, "Token name is required")
    .max(TOKEN_NAME_MAX, `Token name must be at most ${TOKEN_NAME_MAX} characters`),
});
export type CreateTokenInput = z.output<typeof createTokenSchema>;

/** Token answers: the shared schemas' types (schemas/api-tokens.ts). */
export type { ApiTokenView, CreatedApiToken, RevokedApiTokens } from "./schemas/api-tokens.js";

// ---- Automation endpoints (bearer token) ----

/**
 * One reference image for /api/n8n/generate: an http(s) URL of a JPG/PNG, or base64 image data,
 * plain or as a `data:image/png;base64,...` URL. The server checks the decoded bytes.
 */
export const automationImageSchema = z
  .string({ error: "Each image must be a URL or base64 image data" })
  .trim()
  .min(1, "Each image must be a URL or base64 image data");

/** POST /api/n8n/generate. Several imageUrls are accepted; only the first is used. */
export const n8nGenerateSchema = z
  .object({
    prompt: z
      .string({ error: "Prompt is required" })
      .trim()
      .min(1, "Prompt is required")
      .max(PROMPT_MAX, `Prompt must be at most ${PROMPT_MAX} characters`)
      .meta({ description: "What the video shows, in English.", examples: ["A red fox running through fresh snow at sunrise, cinematic"] }),
    model: z
      .enum(MODELS, { error: "Model must be veo3 or veo3_fast" })
      .default("veo3")
      .meta({ description: "veo3 (Quality, the default) or veo3_fast (Fast).", examples: ["veo3_fast"] }),
    aspectRatio: z
      .enum(ASPECT_RATIOS, { error: "Aspect ratio must be 16:9 or 9:16" })
      .default("16:9")
      .meta({ description: "16:9 videos also get a 1080p version.", examples: ["16:9"] }),
    seeds: seedSchema.meta({
      description: "Optional seed, 10000-99999, for repeatable results.",
      examples: [12345],
      // The range applies after a digit string is read as a number, where JSON Schema cannot see it.
      minimum: SEED_MIN,
      maximum: SEED_MAX,
    }),
    imageUrls: z
      .array(automationImageSchema, { error: "imageUrls must be a list of image URLs or base64 images" })
      .max(10, "imageUrls can hold at most 10 entries (only the first is used)")
      .nullable()
      .optional()
      .transform((v) => v ?? [])
      .meta({ description: "Optional reference images; only the first is used. JPG/PNG URL or base64 data (kept 24 hours)." }),
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
  .meta({ id: "GenerateRequest" });
export type N8nGenerateInput = z.output<typeof n8nGenerateSchema>;

export const n8nGenerateResultSchema = z
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
  })
  .meta({ id: "GenerateResult" });
export type N8nGenerateResult = z.infer<typeof n8nGenerateResultSchema>;

export const N8N_STATUSES = ["processing", "completed", "failed"] as const;

/** GET /api/n8n/video-status/{taskId} */
export const n8nVideoStatusSchema = z
  .object({
    success: z.boolean().meta({ description: "false only when the video failed." }),
    status: z.enum(N8N_STATUSES),
    videoUrl: z.string().nullable().meta({ description: "The 720p video once completed." }),
    hdVideoUrl: z.string().nullable().meta({ description: "The 1080p video (16:9 only) once ready; it may follow the 720p one." }),
    resolution: z.enum(["720p", "1080p"]).nullable().meta({ description: "The best resolution available now." }),
    message: z.string().meta({ description: "What is happening; for a failed video the reason and the refund." }),
    taskId: z.string(),
  })
  .meta({ id: "VideoStatus" });
export type N8nVideoStatus = z.infer<typeof n8nVideoStatusSchema>;

/** Every error from /api/n8n/*: a status code plus this body. */
export const n8nErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string().meta({ examples: ["Invalid or inactive API token"] }),
    code: z
      .enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]])
      .meta({ description: "What went wrong, for programs to switch on (the message is for people).", examples: ["invalid_api_token"] }),
  })
  .meta({ id: "Error" });
export type N8nError = z.infer<typeof n8nErrorSchema>;
