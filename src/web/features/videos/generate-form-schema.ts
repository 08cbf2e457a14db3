import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { t } from "@lingui/core/macro";
import {
  ASPECT_RATIOS,
  MODE_CATALOGUE,
  MODELS,
  MODES,
  modelsFor,
  RESOLUTIONS,
  type GenerationMode,
  type ModelId,
} from "../../../shared/catalogue";
import { PROMPT_MAX, SEED_MAX, SEED_MIN } from "../../../shared/videos";
import { combinationProblemText } from "@/lib/catalogue-text";
import { fitOptions, imageSlotsOf, offers4k, offersExtend, takesSeed } from "./model-options";

export const WATERMARK_MAX = 100;
/** The most images any mode takes: the form keeps no more. */
const MAX_FORM_IMAGES = Math.max(...MODES.map((mode) => MODE_CATALOGUE[mode].images.max));

// The messages are made when the form is validated (zod calls `error`), so they follow the language.
export const promptRequiredMessage = () => t`Prompt is required`;
export function promptTooLongMessage(): string {
  const max = PROMPT_MAX;
  return t`Prompt must be at most ${max} characters`;
}
export function seedMessage(): string {
  const min = SEED_MIN;
  const max = SEED_MAX;
  return t`Seed must be a whole number between ${min} and ${max}`;
}
function watermarkTooLongMessage(): string {
  const max = WATERMARK_MAX;
  return t`Watermark must be at most ${max} characters`;
}

/** An empty seed (random) or a whole number in the provider's range. */
export function isSeed(value: string): boolean {
  if (value === "") return true;
  if (!/^\d+$/.test(value)) return false;
  const n = Number(value);
  return n >= SEED_MIN && n <= SEED_MAX;
}

/**
 * The images the model uses in a mode of those in the form: the form keeps its images when the
 * mode or the model changes (back to Reference, they are still there), and shows and sends only as
 * many as the model takes in the mode (3 references with Veo, 9 with Seedance 2).
 */
export function imagesFor(mode: GenerationMode, model: ModelId, imageUrls: readonly string[]): string[] {
  return imageUrls.slice(0, imageSlotsOf(model, mode).max);
}

/**
 * The model to use in `mode`: this one if the mode takes it and it is offered, else the first
 * offered model the mode takes, else the first offered (the admin may turn models off, issue 42).
 */
export function modelFor(mode: GenerationMode, model: ModelId, offered: readonly ModelId[] = MODELS): ModelId {
  const models = modelsFor(mode).filter((m) => offered.includes(m));
  return models.includes(model) ? model : (models[0] ?? offered[0] ?? model);
}

/** The generator form, with the server's limits and the catalogue's rules. Seed is text in the form and a number on the wire. */
export const generateFormSchema = z
  .object({
    mode: z.enum(MODES),
    prompt: z.string().trim().min(1, { error: promptRequiredMessage }).max(PROMPT_MAX, { error: promptTooLongMessage }),
    imageUrls: z.array(z.string()).max(MAX_FORM_IMAGES),
    model: z.enum(MODELS),
    aspectRatio: z.enum(ASPECT_RATIOS),
    /** The options of issue 42; the request sends only those the model takes (model-options.ts). */
    durationSeconds: z.number().int(),
    resolution: z.enum(RESOLUTIONS),
    audio: z.boolean(),
    watermark: z.string().trim().max(WATERMARK_MAX, { error: watermarkTooLongMessage }),
    seed: z.string().trim().refine(isSeed, { error: seedMessage }),
    /** Also make the 4K version, for the 4K surcharge (decision 0049). */
    upgrade4k: z.boolean(),
    /** Hold the 1080p version until asked for, so the video can be extended (decision 0050). */
    keepExtendable: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const problem = combinationProblemText({
      model: values.model,
      mode: values.mode,
      imageCount: imagesFor(values.mode, values.model, values.imageUrls).length,
    });
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });

export type GenerateFormValues = z.infer<typeof generateFormSchema>;

/** What the form goes back to after a submission. */
export const GENERATE_DEFAULTS: GenerateFormValues = {
  mode: "text",
  prompt: "",
  imageUrls: [],
  model: "veo3_fast",
  aspectRatio: "16:9",
  durationSeconds: 8,
  resolution: "720p",
  audio: true,
  watermark: "",
  seed: "",
  upgrade4k: false,
  keepExtendable: false,
};

/**
 * The form's values with `model` in it: the options it lacks back to its defaults (fitOptions),
 * and 4K, Keep extendable and the seed cleared where it has none, so nothing hidden is sent.
 */
export function valuesForModel(values: GenerateFormValues, model: ModelId): GenerateFormValues {
  return {
    ...values,
    ...fitOptions(model, values),
    model,
    upgrade4k: offers4k(model) && values.upgrade4k,
    keepExtendable: offersExtend(model) && values.keepExtendable,
    seed: takesSeed(model) ? values.seed : "",
  };
}

/**
 * Changes the form's choices (a model, a resolution...) and whatever else that change makes
 * impossible, through valuesForModel: switching model resets what the new one lacks.
 */
export function updateChoices(
  form: UseFormReturn<GenerateFormValues>,
  change: Partial<GenerateFormValues>,
  options: { shouldDirty?: boolean; shouldValidate?: boolean } = {},
): void {
  const current = form.getValues();
  const next = valuesForModel({ ...current, ...change }, change.model ?? current.model);
  for (const key of Object.keys(next) as (keyof GenerateFormValues)[]) {
    if (next[key] !== current[key]) form.setValue(key, next[key], options);
  }
}
