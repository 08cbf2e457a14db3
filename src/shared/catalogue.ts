/**
 * What can be made (issue 22, decision 0048): models, modes, aspect ratios, what each combination
 * allows afterwards, labels and default prices. Each model is described by what it can do, in our
 * words (model-description.ts, decision 0095); a vendor's field names live only in its adapter
 * (integrations/kie/veo-words.ts). Server validation, the generator form, the price tables,
 * GET /api/models, the automation guide, the OpenAPI document and the n8n workflow all read this
 * module: adding a model is one entry here (plus, if wanted, its prices in the admin settings).
 */

import type { GenerationMode, ModelDescription, ModeSupport, Price } from "./model-description.js";
import { MODES } from "./model-description.js";

export { ASPECT_RATIOS, MODES, type AspectRatio, type GenerationMode, type Price } from "./model-description.js";

export const MODELS = ["veo3", "veo3_fast", "veo3_lite"] as const;
export type VeoModel = (typeof MODELS)[number];

/** The seed range KIE's Veo takes. */
export const VEO_SEED = { min: 10_000, max: 99_999 } as const;

const VEO_MODES = {
  text: { images: { min: 0, max: 0 } },
  image: { images: { min: 1, max: 2 } },
  reference: { images: { min: 1, max: 3 } },
} satisfies Record<GenerationMode, ModeSupport>;

/** What every Veo 3.1 model shares: an 8-second 720p video with sound, then its 1080p file, 4K and extensions. */
const VEO = {
  family: "veo",
  durations: { options: [8], default: 8, chosen: false },
  resolutions: { options: ["720p"], default: "720p" },
  aspectRatios: { options: ["16:9", "9:16"], default: "16:9" },
  audio: "always",
  seed: VEO_SEED,
  negativePrompt: false,
  upgrades: { hd1080: true, uhd4k: true, extend: true },
} as const satisfies Partial<ModelDescription>;

export const MODEL_CATALOGUE: Record<VeoModel, ModelDescription> = {
  veo3: {
    ...VEO,
    label: "Veo3 (Quality)",
    description: "The best picture and sound, slower",
    // KIE's docs said Fast only for references in June 2026 and Fast and Lite in October (decision 0048).
    modes: { text: VEO_MODES.text, image: VEO_MODES.image },
    pricing: { unit: "video", defaultPrice: { web: 5, api: 10 } },
  },
  veo3_fast: {
    ...VEO,
    label: "Veo3 Fast",
    description: "Quick, for most videos",
    modes: VEO_MODES,
    pricing: { unit: "video", defaultPrice: { web: 1, api: 2 } },
  },
  veo3_lite: {
    ...VEO,
    label: "Veo3 Lite",
    description: "The most affordable, for many videos",
    modes: VEO_MODES,
    pricing: { unit: "video", defaultPrice: { web: 1, api: 1 } },
  },
};

export interface ModeEntry {
  label: string;
  description: string;
  /** The most images any model takes in this mode, and the fewest it needs (each model's own are in its entry). */
  images: { min: number; max: number };
  /** The label of each image slot, in order. */
  imageLabels: readonly string[];
  /** The models that make this mode (from their entries). */
  models: readonly VeoModel[];
}

const modelsMaking = (mode: GenerationMode): VeoModel[] => MODELS.filter((m) => MODEL_CATALOGUE[m].modes[mode]);

export const MODE_CATALOGUE: Record<GenerationMode, ModeEntry> = {
  text: {
    label: "Text",
    description: "A video from words alone",
    images: { min: 0, max: 0 },
    imageLabels: [],
    models: modelsMaking("text"),
  },
  image: {
    label: "Image",
    description: "One image the video unfolds around, or two as its first and last frames",
    images: { min: 1, max: 2 },
    imageLabels: ["First frame", "Last frame"],
    models: modelsMaking("image"),
  },
  reference: {
    label: "Reference",
    description: "Up to 3 images of the people, objects or style the video should show",
    images: { min: 1, max: 3 },
    imageLabels: ["Reference 1", "Reference 2", "Reference 3"],
    models: modelsMaking("reference"),
  },
};

/** Extras with a price of their own, on top of the model's. */
export const SURCHARGES = ["4k", "extend"] as const;
export type Surcharge = (typeof SURCHARGES)[number];

export const SURCHARGE_CATALOGUE: Record<Surcharge, { label: string; description: string; defaultPrice: Price }> = {
  // KIE charges about two Fast videos for a 4K version.
  "4k": { label: "4K upgrade", description: "A 4K version of a finished video", defaultPrice: { web: 2, api: 4 } },
  // An extension is a new video: the model's price plus this.
  extend: {
    label: "Extension",
    description: "Added to the model's price when a video is extended",
    defaultPrice: { web: 0, api: 0 },
  },
};

/** Everything with a price: the models and the surcharges. */
export type PriceItem = VeoModel | Surcharge;
export const PRICE_ITEMS: readonly PriceItem[] = [...MODELS, ...SURCHARGES];

export function defaultPriceOf(item: PriceItem): Price {
  return item in MODEL_CATALOGUE
    ? MODEL_CATALOGUE[item as VeoModel].pricing.defaultPrice
    : SURCHARGE_CATALOGUE[item as Surcharge].defaultPrice;
}

/** The mode a request without one means: text without images, image with them (old clients). */
export function impliedMode(imageCount: number): GenerationMode {
  return imageCount === 0 ? "text" : "image";
}

export const modesFor = (model: VeoModel): GenerationMode[] =>
  MODES.filter((mode) => MODE_CATALOGUE[mode].models.includes(model));
export const modelsFor = (mode: GenerationMode): readonly VeoModel[] => MODE_CATALOGUE[mode].models;

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/**
 * Why this combination cannot be made, in words a person can act on, and the field to change;
 * undefined when it can be made.
 */
export function combinationProblem(c: {
  model: VeoModel;
  mode: GenerationMode;
  imageCount: number;
}): { field: "model" | "imageUrls"; message: string } | undefined {
  const mode = MODE_CATALOGUE[c.mode];
  if (!mode.models.includes(c.model)) {
    return {
      field: "model",
      message: `${mode.label} mode works with ${list(mode.models.map((m) => MODEL_CATALOGUE[m].label))}, not ${MODEL_CATALOGUE[c.model].label}`,
    };
  }
  const { min, max } = MODEL_CATALOGUE[c.model].modes[c.mode]!.images;
  const images = (n: number) => `${n} image${n === 1 ? "" : "s"}`;
  if (max === 0 && c.imageCount > 0)
    return {
      field: "imageUrls",
      message: `${mode.label} mode takes no images: remove them or choose Image or Reference mode`,
    };
  if (c.imageCount < min) return { field: "imageUrls", message: `${mode.label} mode needs at least ${images(min)}` };
  if (c.imageCount > max) return { field: "imageUrls", message: `${mode.label} mode takes at most ${images(max)}` };
  return undefined;
}
