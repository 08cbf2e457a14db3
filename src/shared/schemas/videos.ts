import { z } from "zod";
import { ASPECT_RATIOS, MODELS, PROMPT_MAX, SEED_MAX, SEED_MIN } from "../videos.js";

const seedMessage = `Seed must be a whole number between ${SEED_MIN} and ${SEED_MAX}`;

/** An optional seed: a number, a digit string (forms), or blank/null for none. */
export const seedSchema = z
  .union([z.number(), z.string().trim(), z.null()], { error: seedMessage })
  .optional()
  .transform((v) => (v === null || v === "" || v === undefined ? undefined : typeof v === "string" ? Number(v) : v))
  .pipe(z.number({ error: seedMessage }).int(seedMessage).min(SEED_MIN, seedMessage).max(SEED_MAX, seedMessage).optional());

const httpUrl = z.url({ protocol: /^https?$/, error: "Each image URL must be a valid http(s) URL" });

/** POST /api/generate-video (spec section 5: server defaults model veo3, enableFallback false). */
export const generateVideoSchema = z.object({
  prompt: z
    .string({ error: "Prompt is required" })
    .trim()
    .min(1, "Prompt is required")
    .max(PROMPT_MAX, `Prompt must be at most ${PROMPT_MAX} characters`),
  model: z.enum(MODELS, { error: "Model must be veo3 or veo3_fast" }).default("veo3"),
  aspectRatio: z.enum(ASPECT_RATIOS, { error: "Aspect ratio must be 16:9 or 9:16" }).default("16:9"),
  imageUrls: z
    .array(httpUrl, { error: "imageUrls must be a list of image URLs" })
    .max(1, "Only one reference image can be used")
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
  enableFallback: z.boolean({ error: "enableFallback must be true or false" }).default(false),
});
export type GenerateVideoInput = z.output<typeof generateVideoSchema>;

export interface GenerateVideoResult {
  taskId: string;
  creditsUsed: number;
  remainingCredits: number;
}
