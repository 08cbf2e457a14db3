import { z } from "zod";
import { ASPECT_RATIOS, MODELS, PROMPT_MAX, SEED_MAX, SEED_MIN } from "../../../shared/videos";

/** Up to 4 reference images are kept on recreate; the server uses the first (decision 0012). */
export const MAX_KEPT_IMAGES = 4;
export const WATERMARK_MAX = 100;

export const GENERATE_MODES = ["text", "image"] as const;
export type GenerateMode = (typeof GENERATE_MODES)[number];

export const PROMPT_REQUIRED = "Prompt is required";
export const SEED_MESSAGE = `Seed must be a whole number between ${SEED_MIN} and ${SEED_MAX}`;
export const IMAGE_REQUIRED = "Upload a reference image or switch to Text mode";

function isSeed(value: string): boolean {
  if (value === "") return true;
  if (!/^\d+$/.test(value)) return false;
  const n = Number(value);
  return n >= SEED_MIN && n <= SEED_MAX;
}

/** The generator form, with the server's limits. Seed is text in the form and a number on the wire. */
export const generateFormSchema = z
  .object({
    mode: z.enum(GENERATE_MODES),
    prompt: z.string().trim().min(1, PROMPT_REQUIRED).max(PROMPT_MAX, `Prompt must be at most ${PROMPT_MAX} characters`),
    imageUrls: z.array(z.string()).max(MAX_KEPT_IMAGES),
    model: z.enum(MODELS),
    aspectRatio: z.enum(ASPECT_RATIOS),
    watermark: z.string().trim().max(WATERMARK_MAX, `Watermark must be at most ${WATERMARK_MAX} characters`),
    seed: z.string().trim().refine(isSeed, SEED_MESSAGE),
  })
  .superRefine((values, ctx) => {
    if (values.mode === "image" && values.imageUrls.length === 0) {
      ctx.addIssue({ code: "custom", path: ["imageUrls"], message: IMAGE_REQUIRED });
    }
  });

export type GenerateFormValues = z.infer<typeof generateFormSchema>;

/** What the form goes back to after a submission. */
export const GENERATE_DEFAULTS: GenerateFormValues = {
  mode: "text",
  prompt: "",
  imageUrls: [],
  model: "veo3_fast",
  aspectRatio: "16:9",
  watermark: "",
  seed: "",
};
