/**
 * The automation guide's rules and modes in the active language (decision 0056). Field names
 * (model, mode, imageUrls...), their values and model names are the API's words and stay as they
 * are. Called while the guide renders (it re-renders when the language changes).
 */
import { plural, t } from "@lingui/core/macro";
import { BASE64_IMAGE_TTL_HOURS, POLL_SECONDS } from "../../../shared/automation";
import { ASPECT_RATIOS, MODE_CATALOGUE, MODELS, MODES, type GenerationMode } from "../../../shared/catalogue";
import { SEED_MAX, SEED_MIN, VARIANTS_MAX } from "../../../shared/videos";
import { automationApi } from "../../../shared/api/automation";
import { siteApi } from "../../../shared/api/site";
import { urlFor } from "@/lib/api";
import { imageSlotLabel, modelLabel, modeDescription } from "@/lib/catalogue-text";

/** "a, b or c". */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  const head = items.slice(0, -1).join(", ");
  const last = items.at(-1) ?? "";
  return t`${head} or ${last}`;
}

/** "no images", or "1-2 images: First frame, Last frame". */
function imageCount(mode: GenerationMode): string {
  const { min, max } = MODE_CATALOGUE[mode].images;
  if (max === 0) return t`no images`;
  const range = min === max ? String(max) : `${min}-${max}`;
  const labels = Array.from({ length: max }, (_, i) => imageSlotLabel(mode, i)).join(", ");
  return plural(max, { one: `${range} image: ${labels}`, other: `${range} images: ${labels}` });
}

/** Each mode with its images and, when not every model makes it, its models. */
export function modeRules(): string[] {
  return MODES.map((mode) => {
    const entry = MODE_CATALOGUE[mode];
    const description = modeDescription(mode).toLowerCase();
    const images = imageCount(mode);
    if (entry.models.length >= MODELS.length) return t`${mode}: ${description} (${images}).`;
    const models = orList(entry.models);
    return t`${mode}: ${description} (${images}; only with ${models}).`;
  });
}

export function guideRules(): string[] {
  const models = orList(MODELS.map((m) => `${m} (${modelLabel(m)})`));
  const modes = orList(MODES);
  const ratios = orList(ASPECT_RATIOS);
  const modelsUrl = urlFor(siteApi.models);
  const balanceUrl = urlFor(automationApi.balance);
  const seedMin = SEED_MIN;
  const seedMax = SEED_MAX;
  const hours = BASE64_IMAGE_TTL_HOURS;
  const { min, max } = POLL_SECONDS;
  const variantsMax = VARIANTS_MAX;
  return [
    t`Write the prompt in English.`,
    t`model: ${models}.`,
    t`mode: ${modes}; see the modes below. Without mode: text, or image with only the first of imageUrls used.`,
    t`aspectRatio, durationSeconds, resolution and audio: optional, each one the model lists in GET ${modelsUrl} (aspectRatio ${ratios}); left out, the model's default. A model's price may depend on them.`,
    t`Veo videos also get a 1080p version; the other models make their video in the resolution asked.`,
    t`seeds: optional, a whole number from ${seedMin} to ${seedMax}, for repeatable results.`,
    t`imageUrls: the mode's images in its order, each a JPG/PNG URL or base64 image data.`,
    plural(hours, {
      one: "Base64 images are stored for # hour, then deleted.",
      other: "Base64 images are stored for # hours, then deleted.",
    }),
    t`upgrade4k: optional; true also makes the 4K version for the 4K surcharge (videoUrl4k in the status once ready; refunded if it cannot be made).`,
    t`variants: optional, how many videos to make from one prompt (at most ${variantsMax}), each with its own seed and charged as one video; all are charged or none is, one that fails is refunded on its own, and taskIds in the answer lists them.`,
    t`Check the status every ${min}-${max} seconds until it is completed or failed.`,
    t`Credits from a plan come each month and expire at its period's end, so they are spent before bought credits; GET ${balanceUrl} says which of your credits expire when.`,
  ];
}
