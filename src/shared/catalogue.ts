/**
 * What can be made (issue 22, decision 0048): models, modes, aspect ratios, what each combination
 * allows afterwards, labels and default prices. Server validation, the generator form, the price
 * tables, the automation guide, the OpenAPI document and the n8n workflow all read this module:
 * adding a model is one entry here (plus, if wanted, its prices in the admin settings).
 */

export const MODELS = ["veo3", "veo3_fast", "veo3_lite"] as const;
export type VeoModel = (typeof MODELS)[number];

export const MODES = ["text", "image", "reference"] as const;
export type GenerationMode = (typeof MODES)[number];

export const ASPECT_RATIOS = ["16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** A web price in credits and an API price (decimal, charged rounded up). */
export interface Price {
  web: number;
  api: number;
}

export interface ModelEntry {
  label: string;
  /** One line for the form and the price tables. */
  description: string;
  /** The name KIE's /veo/extend uses for this model. */
  extendModel: "quality" | "fast" | "lite";
  /** What a video costs until the admin sets a price. */
  defaultPrice: Price;
}

export const MODEL_CATALOGUE: Record<VeoModel, ModelEntry> = {
  veo3: {
    label: "Veo3 (Quality)",
    description: "The best picture and sound, slower",
    extendModel: "quality",
    defaultPrice: { web: 5, api: 10 },
  },
  veo3_fast: {
    label: "Veo3 Fast",
    description: "Quick, for most videos",
    extendModel: "fast",
    defaultPrice: { web: 1, api: 2 },
  },
  veo3_lite: {
    label: "Veo3 Lite",
    description: "The most affordable, for many videos",
    extendModel: "lite",
    defaultPrice: { web: 1, api: 1 },
  },
};

export interface ModeEntry {
  label: string;
  description: string;
  /** KIE's generationType. */
  generationType: "TEXT_2_VIDEO" | "FIRST_AND_LAST_FRAMES_2_VIDEO" | "REFERENCE_2_VIDEO";
  images: { min: number; max: number };
  /** The label of each image slot, in order. */
  imageLabels: readonly string[];
  /** The models KIE makes this mode with. */
  models: readonly VeoModel[];
}

export const MODE_CATALOGUE: Record<GenerationMode, ModeEntry> = {
  text: {
    label: "Text",
    description: "A video from words alone",
    generationType: "TEXT_2_VIDEO",
    images: { min: 0, max: 0 },
    imageLabels: [],
    models: MODELS,
  },
  image: {
    label: "Image",
    description: "One image the video unfolds around, or two as its first and last frames",
    generationType: "FIRST_AND_LAST_FRAMES_2_VIDEO",
    images: { min: 1, max: 2 },
    imageLabels: ["First frame", "Last frame"],
    models: MODELS,
  },
  reference: {
    label: "Reference",
    description: "Up to 3 images of the people, objects or style the video should show",
    generationType: "REFERENCE_2_VIDEO",
    images: { min: 1, max: 3 },
    imageLabels: ["Reference 1", "Reference 2", "Reference 3"],
    // KIE's docs said Fast only in June 2026 and Fast and Lite in October (decision 0048).
    models: ["veo3_fast", "veo3_lite"],
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
  return (item in MODEL_CATALOGUE ? MODEL_CATALOGUE[item as VeoModel] : SURCHARGE_CATALOGUE[item as Surcharge])
    .defaultPrice;
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
  const { min, max } = mode.images;
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
