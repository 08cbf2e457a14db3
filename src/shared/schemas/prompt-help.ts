/**
 * The prompt enhancer (issue 71 §3, decision 0160): a person's idea in, a prompt written for the
 * chosen model out. What the generator sends, what it gets back, and the owner's settings.
 */
import { z } from "zod";
import { ASPECT_RATIOS, MODELS, MODES } from "../catalogue.js";
import { withoutTrailingSlashes } from "../trim.js";
import { PROMPT_MAX } from "../videos.js";

/** Where the enhancer runs (admin_settings.prompt_help_mode): off, our rules, or a chat model. */
export const PROMPT_HELP_MODES = ["off", "builtin", "llm"] as const;
export type PromptHelpMode = (typeof PROMPT_HELP_MODES)[number];

/** POST /api/prompt-help. */
export const promptHelpRequestSchema = z.object({
  prompt: z
    .string({ error: "Write an idea for the video first" })
    .trim()
    .min(1, "Write an idea for the video first")
    .max(PROMPT_MAX, `The idea must be at most ${PROMPT_MAX} characters`)
    .meta({ description: "The person's idea or prompt, as typed." }),
  model: z.enum(MODELS, { error: "Choose one of the models offered" }),
  mode: z.enum(MODES, { error: "Choose text, image or reference mode" }),
  audio: z.boolean({ error: "audio must be true or false" }).optional().meta({
    description: "Whether the video will have sound (the model's default when left out).",
  }),
  aspectRatio: z.enum(ASPECT_RATIOS, { error: "Choose one of the aspect ratios offered" }).optional(),
});
export type PromptHelpRequest = z.infer<typeof promptHelpRequestSchema>;

export const promptHelpResultSchema = z
  .object({
    prompt: z.string().meta({ description: "The improved prompt, at most 5,000 characters." }),
    creditsUsed: z.number().int().meta({ description: "What this answer cost (0 while prompt help is free)." }),
    remainingCredits: z.number().int().nullable().meta({ description: "The balance after it; null when free." }),
  })
  .meta({ id: "PromptHelpResult" });

/** GET /api/prompt-help: whether the generator shows the button, and what one answer costs. */
export const promptHelpOfferSchema = z
  .object({
    enabled: z.boolean(),
    webCredits: z.number().int().meta({ description: "Credits one improved prompt costs on the website." }),
  })
  .meta({ id: "PromptHelpOffer" });

/** A secret field as the admin's form sends it: blank or masked keeps the stored one; null clears. */
const secret = z
  .string({ error: "The key must be text" })
  .max(500, "The key must be at most 500 characters")
  .nullable()
  .optional();

/** An endpoint the owner chooses: http(s), no user name or password in it, at most 500 characters. */
const promptHelpBaseUrl = z
  .string({ error: "The base URL must be text" })
  .trim()
  .max(500, "The base URL must be at most 500 characters")
  .refine((v) => v === "" || isHttpUrl(v), {
    error: "Enter the endpoint's base URL, e.g. https://api.openai.com/v1 (http or https, no user name or password)",
  })
  .transform((v) => (v === "" ? null : withoutTrailingSlashes(v)))
  .nullable()
  .optional();

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** PUT /api/admin/settings/prompt-help: the Prompt help card of Settings > Models and vendors. */
export const promptHelpSettingsSchema = z.object({
  promptHelpMode: z.enum(PROMPT_HELP_MODES, { error: "Choose off, built-in or a language model" }).optional(),
  promptHelpBaseUrl: promptHelpBaseUrl,
  promptHelpModel: z
    .string({ error: "The model must be text" })
    .trim()
    .max(200, "The model name must be at most 200 characters")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  promptHelpApiKey: secret,
});
