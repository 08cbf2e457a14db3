/**
 * The words of the model catalogue (src/shared/catalogue.ts) in the active language. The shared
 * catalogue keeps its English for the server and the API documentation; the web app shows these.
 * Model names (Veo3 Fast...) are names and stay as they are.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import {
  combinationProblem,
  MODE_CATALOGUE,
  MODEL_CATALOGUE,
  PRICE_CELLS,
  type GenerationMode,
  type PriceItem,
  type Surcharge,
  type ModelId,
} from "../../shared/catalogue";
import { i18n } from "./i18n";

const MODEL_DESCRIPTIONS: Record<ModelId, MessageDescriptor> = {
  veo3: msg`The best picture and sound, slower`,
  veo3_fast: msg`Quick, for most videos`,
  // Not "the most affordable": the owner sets the prices, and Fast and Lite may cost the same (decision 0077).
  veo3_lite: msg`For drafts and trying many ideas`,
  kling3: msg`Lifelike motion, up to 15 seconds, sound on request`,
  kling26: msg`Steady 5 or 10-second clips, sound on request`,
  seedance2: msg`First and last frames or up to 9 references, sound on request`,
  // Not "affordable": the owner sets the prices (decision 0077).
  seedance15_pro: msg`4 to 12-second clips, sound on request`,
  hailuo23_pro: msg`Brings one image to life, without sound`,
  wan27: msg`2 to 15-second clips with sound, from a first and last frame too`,
  wan26: msg`5 to 15-second clips in 720p or 1080p, without sound`,
  omni_flash: msg`Quick drafts at 360p or finished 1080p clips, with sound`,
};

const MODE_LABELS: Record<GenerationMode, MessageDescriptor> = {
  text: msg`Text`,
  image: msg`Image`,
  reference: msg`Reference`,
};

const SURCHARGE_LABELS: Record<Surcharge, MessageDescriptor> = {
  "4k": msg`4K upgrade`,
  extend: msg`Extension`,
  first_frame: msg`First frame from text`,
  prompt_help: msg`Prompt help`,
};
const SURCHARGE_DESCRIPTIONS: Record<Surcharge, MessageDescriptor> = {
  "4k": msg`A 4K version of a finished video`,
  extend: msg`Added to the model's price when a video is extended`,
  first_frame: msg`An image made from a prompt for a video's first frame`,
  prompt_help: msg`One improved prompt from the generator's Improve prompt button`,
};

export const modelLabel = (model: ModelId): string => MODEL_CATALOGUE[model].label;
export const modelDescription = (model: ModelId): string => i18n._(MODEL_DESCRIPTIONS[model]);
export const modeLabel = (mode: GenerationMode): string => i18n._(MODE_LABELS[mode]);

/** The most images `mode` takes: with `model` when given, else with any model. */
const mostImages = (mode: GenerationMode, model?: ModelId): number =>
  (model && MODEL_CATALOGUE[model].modes[mode]?.images.max) ?? MODE_CATALOGUE[mode].images.max;

/** What a mode makes, with as many images as `model` takes in it (any model's most when none is given). */
export function modeDescription(mode: GenerationMode, model?: ModelId): string {
  const max = mostImages(mode, model);
  if (mode === "text") return t`A video from words alone`;
  if (mode === "image")
    return max < 2
      ? t`One image the video unfolds around`
      : t`One image the video unfolds around, or two as its first and last frames`;
  return plural(max, {
    one: "One image of the people, objects or style the video should show",
    other: "Up to # images of the people, objects or style the video should show",
  });
}
export const surchargeLabel = (surcharge: Surcharge): string => i18n._(SURCHARGE_LABELS[surcharge]);
export const surchargeDescription = (surcharge: Surcharge): string => i18n._(SURCHARGE_DESCRIPTIONS[surcharge]);

/** A price cell or surcharge by name: "Kling 3.0 · 1080p · with sound", "Veo3 Fast", "4K upgrade". */
export function priceItemText(item: PriceItem): string {
  const found = PRICE_CELLS.get(item);
  if (!found) return surchargeLabel(item as Surcharge);
  const m = MODEL_CATALOGUE[found.model];
  if (m.pricing.cells.length === 1) return m.label;
  const { resolution, audio } = found.cell;
  const model = m.label;
  if (m.audio === "never") return `${model} · ${resolution}`;
  return audio ? t`${model} · ${resolution} · with sound` : t`${model} · ${resolution} · without sound`;
}

/** The label of image slot `index` (0-based) in `mode`: "First frame", "Last frame", "Reference 2". */
export function imageSlotLabel(mode: GenerationMode, index: number): string {
  if (mode === "image") return index === 0 ? t`First frame` : t`Last frame`;
  const position = index + 1;
  return t`Reference ${position}`;
}

/** combinationProblem (shared/catalogue.ts) in the active language. */
export function combinationProblemText(
  c: Parameters<typeof combinationProblem>[0],
): { field: "model" | "imageUrls"; message: string } | undefined {
  const problem = combinationProblem(c);
  if (!problem) return undefined;
  const mode = modeLabel(c.mode);
  const { min, max } = MODEL_CATALOGUE[c.model].modes[c.mode]?.images ?? MODE_CATALOGUE[c.mode].images;
  const count = c.imageCount;
  if (problem.field === "model") {
    const models = new Intl.ListFormat(i18n.locale, { type: "disjunction" }).format(
      MODE_CATALOGUE[c.mode].models.map(modelLabel),
    );
    const chosen = modelLabel(c.model);
    return { field: "model", message: t`${mode} mode works with ${models}, not ${chosen}` };
  }
  if (max === 0)
    return {
      field: "imageUrls",
      message: t`${mode} mode takes no images: remove them or choose Image or Reference mode`,
    };
  if (count < min)
    return {
      field: "imageUrls",
      message: plural(min, {
        one: `${mode} mode needs at least # image`,
        other: `${mode} mode needs at least # images`,
      }),
    };
  return {
    field: "imageUrls",
    message: plural(max, { one: `${mode} mode takes at most # image`, other: `${mode} mode takes at most # images` }),
  };
}
