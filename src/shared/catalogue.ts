/**
 * What can be made (issue 22, decision 0048): models, modes, aspect ratios, what each combination
 * allows afterwards, labels and default prices. Each model is described by what it can do, in our
 * words (model-description.ts, decision 0095); a vendor's field names live only in its adapter
 * (integrations/kie/veo-words.ts). Server validation, the generator form, the price tables,
 * GET /api/models, the automation guide, the OpenAPI document and the n8n workflow all read this
 * module: adding a model is one entry here (plus, if wanted, its prices in the admin settings).
 */

import type {
  AspectRatio,
  GenerationMode,
  ModelDescription,
  ModeSupport,
  Price,
  PriceCell,
  Resolution,
} from "./model-description.js";
import { MODES } from "./model-description.js";
import {
  apiPriceFor,
  DEFAULT_CREDIT_VALUE_USD,
  DEFAULT_KIE_CREDIT_USD,
  DEFAULT_MARGIN_PERCENT,
  webPriceFor,
  webPriceStep,
} from "./price-rule.js";

export {
  ASPECT_RATIOS,
  MODES,
  RESOLUTIONS,
  type AspectRatio,
  type GenerationMode,
  type Price,
  type Resolution,
  type Vendor,
  VENDORS,
} from "./model-description.js";

export const MODELS = [
  "veo3",
  "veo3_fast",
  "veo3_lite",
  "kling3",
  "kling26",
  "seedance2",
  "seedance15_pro",
  "hailuo23_pro",
  "wan27",
  "wan26",
  "omni_flash",
] as const;
export type ModelId = (typeof MODELS)[number];

/** The seed range KIE's Veo takes. */
export const VEO_SEED = { min: 10_000, max: 99_999 } as const;

/**
 * A price cell from KIE's price for it (kie-2026.md §1.12, §2.6): the default keeps the default
 * margin over KIE's cost at the default credit value (price-rule.ts, decision 0144), and the API
 * price is the rule's multiple of the web price. The ladder below then puts each better model above
 * the one it improves on.
 */
function kiePriced(resolution: Resolution, audio: boolean, kieCredits: number, unit: "video" | "second"): PriceCell {
  const web = webPriceFor(kieCredits * DEFAULT_KIE_CREDIT_USD, {
    marginPercent: DEFAULT_MARGIN_PERCENT,
    creditValueUsd: DEFAULT_CREDIT_VALUE_USD,
    unit,
  });
  return { resolution, audio, vendorCost: kieCredits, defaultPrice: { web, api: apiPriceFor(web) } };
}

/** Cells for each resolution without and with sound: [resolution, KIE credits silent, with sound]. */
const withAndWithoutSound = (rows: readonly (readonly [Resolution, number, number])[]): PriceCell[] =>
  rows.flatMap(([res, silent, sound]) => [
    kiePriced(res, false, silent, "second"),
    kiePriced(res, true, sound, "second"),
  ]);
/**
 * A cell priced in US dollars by a vendor that does not sell in KIE credits (Google's Gemini API):
 * the cost in KIE credits at the default credit price, so the price rule and the owner's unit
 * economics read it like any other cell.
 */
const usdPriced = (resolution: Resolution, audio: boolean, usd: number, unit: "video" | "second"): PriceCell =>
  kiePriced(resolution, audio, Number((usd / DEFAULT_KIE_CREDIT_USD).toFixed(2)), unit);

const silentOnly = (rows: readonly (readonly [Resolution, number])[]): PriceCell[] =>
  rows.map(([res, cost]) => kiePriced(res, false, cost, "second"));

const VEO_MODES = {
  text: { images: { min: 0, max: 0 } },
  image: { images: { min: 1, max: 2 } },
  reference: { images: { min: 1, max: 3 } },
} satisfies Record<GenerationMode, ModeSupport>;

const TEXT = { images: { min: 0, max: 0 } } as const;
const FRAMES = { images: { min: 1, max: 2 } } as const;
const ONE_IMAGE = { images: { min: 1, max: 1 } } as const;

/** What every Veo 3.1 model shares: an 8-second 720p video with sound, then its 1080p file, 4K and extensions. */
const VEO = {
  family: "veo",
  // Google's own Gemini API makes Veo too: the second vendor when KIE is down (decision 0098), and
  // Vertex AI (a service account's project) the third (decision 0177).
  vendors: ["kie", "google", "vertex"],
  durations: { options: [8], default: 8, chosen: false },
  resolutions: { options: ["720p"], default: "720p" },
  aspectRatios: { options: ["16:9", "9:16"], default: "16:9", chosen: true },
  audio: "always",
  seed: VEO_SEED,
  negativePrompt: false,
  watermark: true,
  upgrades: { hd1080: true, uhd4k: true, extend: true },
  limits: [],
} as const satisfies Partial<ModelDescription>;

/** A Veo model's one cell: KIE's cost of a 720p video with sound. */
const veoPrice = (kieCredits: number): ModelDescription["pricing"] => ({
  unit: "video",
  cells: [kiePriced("720p", true, kieCredits, "video")],
});

/** What the Market's models share: no seed, nothing after the video (kie-2026.md §2.5). */
const MARKET = {
  vendors: ["kie"],
  seed: null,
  negativePrompt: false,
  watermark: false,
  upgrades: { hd1080: false, uhd4k: false, extend: false },
  limits: [],
} as const satisfies Partial<ModelDescription>;

export const MODEL_CATALOGUE: Record<ModelId, ModelDescription> = {
  veo3: {
    ...VEO,
    label: "Veo3 (Quality)",
    description: "The best picture and sound, slower",
    // KIE's docs said Fast only for references in June 2026 and Fast and Lite in October (decision 0048).
    modes: { text: VEO_MODES.text, image: VEO_MODES.image },
    pricing: veoPrice(250),
    draft: { model: "veo3_lite" },
  },
  veo3_fast: {
    ...VEO,
    label: "Veo3 Fast",
    description: "Quick, for most videos",
    modes: VEO_MODES,
    pricing: veoPrice(60),
    draft: { model: "veo3_lite" },
  },
  veo3_lite: {
    ...VEO,
    label: "Veo3 Lite",
    description: "The most affordable, for many videos",
    modes: VEO_MODES,
    pricing: veoPrice(30),
  },
  kling3: {
    ...MARKET,
    family: "kling",
    label: "Kling 3.0",
    description: "Lifelike motion, up to 15 seconds, sound on request",
    modes: { text: TEXT, image: FRAMES },
    durations: { options: [5, 10, 15], default: 5, chosen: true },
    resolutions: { options: ["720p", "1080p", "4k"], default: "720p" },
    aspectRatios: { options: ["16:9", "9:16", "1:1"], default: "16:9", chosen: true },
    audio: "on_request",
    pricing: {
      unit: "second",
      cells: withAndWithoutSound([
        ["720p", 14, 20],
        ["1080p", 18, 27],
        ["4k", 67, 67],
      ]),
    },
  },
  kling26: {
    ...MARKET,
    family: "kling",
    label: "Kling 2.6",
    description: "Steady 5 or 10-second clips, sound on request",
    // Image mode follows the image (the Market takes no aspect ratio there).
    modes: { text: TEXT, image: { ...ONE_IMAGE, shapeFollowsImage: true } },
    durations: { options: [5, 10], default: 5, chosen: true },
    resolutions: { options: ["720p"], default: "720p" },
    aspectRatios: { options: ["16:9", "9:16", "1:1"], default: "16:9", chosen: true },
    audio: "on_request",
    pricing: { unit: "second", cells: withAndWithoutSound([["720p", 11, 22]]) },
  },
  seedance2: {
    ...MARKET,
    family: "seedance",
    label: "Seedance 2",
    description: "First and last frames or up to 9 references, sound on request",
    modes: { text: TEXT, image: FRAMES, reference: { images: { min: 1, max: 9 } } },
    durations: { options: [5, 10, 15], default: 5, chosen: true },
    resolutions: { options: ["480p", "720p", "1080p"], default: "720p" },
    aspectRatios: { options: ["16:9", "9:16", "1:1", "4:3", "3:4", "21:9"], default: "16:9", chosen: true },
    audio: "on_request",
    // KIE prices Seedance 2 by resolution alone (kie-2026.md §2.6).
    pricing: {
      unit: "second",
      cells: withAndWithoutSound([
        ["480p", 19, 19],
        ["720p", 41, 41],
        ["1080p", 102, 102],
      ]),
    },
    draft: { resolution: "480p" },
  },
  seedance15_pro: {
    ...MARKET,
    family: "seedance",
    label: "Seedance 1.5 Pro",
    description: "Affordable 4 to 12-second clips, sound on request",
    modes: { text: TEXT, image: FRAMES },
    durations: { options: [4, 8, 12], default: 8, chosen: true },
    resolutions: { options: ["480p", "720p", "1080p"], default: "720p" },
    aspectRatios: { options: ["16:9", "9:16", "1:1", "4:3", "3:4", "21:9"], default: "16:9", chosen: true },
    audio: "on_request",
    pricing: {
      unit: "second",
      cells: withAndWithoutSound([
        ["480p", 1.75, 3.5],
        ["720p", 3.5, 7],
        ["1080p", 7.5, 15],
      ]),
    },
    draft: { resolution: "480p" },
  },
  hailuo23_pro: {
    ...MARKET,
    family: "hailuo",
    label: "Hailuo 2.3 Pro",
    description: "Brings one image to life, without sound",
    // Image to video only (kie-2026.md §2.5.6).
    modes: { image: ONE_IMAGE },
    durations: { options: [6, 10], default: 6, chosen: true },
    resolutions: { options: ["768p", "1080p"], default: "768p" },
    aspectRatios: { options: ["16:9"], default: "16:9", chosen: false },
    audio: "never",
    limits: [{ resolution: "1080p", durations: [6] }],
    // KIE prices a clip (768p 6 s 45, 10 s 90; 1080p 6 s 80): per second, the dearer rate.
    pricing: {
      unit: "second",
      cells: silentOnly([
        ["768p", 9],
        ["1080p", 13.34],
      ]),
    },
  },
  wan27: {
    ...MARKET,
    family: "wan",
    label: "Wan 2.7",
    description: "2 to 15-second clips with sound, from a first and last frame too",
    // The Market's 2.7 (decision 0179): text takes a shape (`ratio`), image a first and an optional
    // last frame and follows them; sound is made with every video (no switch); a seed may be fixed.
    modes: { text: TEXT, image: { ...FRAMES, shapeFollowsImage: true } },
    durations: { options: [2, 5, 10, 15], default: 5, chosen: true },
    resolutions: { options: ["720p", "1080p"], default: "1080p" },
    aspectRatios: { options: ["16:9", "9:16", "1:1", "4:3", "3:4"], default: "16:9", chosen: true },
    audio: "always",
    // The product's one seed range (schemas/videos.ts), inside the 0-2147483647 that 2.7 takes.
    seed: VEO_SEED,
    // KIE: $0.08 a second at 720p, $0.12 at 1080p (a third party's measured price, decision 0179).
    pricing: {
      unit: "second",
      cells: [kiePriced("720p", true, 16, "second"), kiePriced("1080p", true, 24, "second")],
    },
  },
  wan26: {
    ...MARKET,
    family: "wan",
    label: "Wan 2.6",
    description: "5 to 15-second clips in 720p or 1080p, without sound",
    modes: { text: TEXT, image: ONE_IMAGE },
    durations: { options: [5, 10, 15], default: 5, chosen: true },
    resolutions: { options: ["720p", "1080p"], default: "1080p" },
    aspectRatios: { options: ["16:9"], default: "16:9", chosen: false },
    audio: "never",
    // KIE: 70 credits per 5 s at 720p, 104.5 at 1080p.
    pricing: {
      unit: "second",
      cells: silentOnly([
        ["720p", 14],
        ["1080p", 20.9],
      ]),
    },
  },
  // Google's Gemini Omni Flash through the Gemini API's Interactions API (decision 0176).
  omni_flash: {
    family: "omni",
    vendors: ["google"],
    label: "Gemini Omni Flash",
    description: "Quick drafts at 360p or finished 1080p clips, with sound",
    modes: { text: TEXT, image: FRAMES },
    durations: { options: [4, 6, 8, 10], default: 8, chosen: true },
    resolutions: { options: ["360p", "720p", "1080p"], default: "720p" },
    // Omni's own draft mode (video-vendors-2026.md addendum): a third of 720p's cost.
    draft: { resolution: "360p" },
    aspectRatios: { options: ["16:9", "9:16"], default: "16:9", chosen: true },
    audio: "always",
    seed: null,
    negativePrompt: false,
    watermark: false,
    upgrades: { hd1080: false, uhd4k: false, extend: false },
    limits: [],
    // Google bills output tokens; resellers' per-second figures (video-vendors-2026.md, addendum 4), with sound.
    pricing: {
      unit: "second",
      cells: [
        usdPriced("360p", true, 0.03, "second"),
        usdPriced("720p", true, 0.1, "second"),
        usdPriced("1080p", true, 0.15, "second"),
      ],
    },
  },
};

/**
 * Models that improve on another of their family, the cheaper first (issue 68): a better model's
 * cell always costs more than the same cell of the one below it, even where KIE charges less for it
 * (Kling 3.0 with sound).
 */
export const MODEL_LADDERS: readonly (readonly ModelId[])[] = [
  ["veo3_lite", "veo3_fast", "veo3"],
  ["kling26", "kling3"],
  ["seedance15_pro", "seedance2"],
  ["wan26", "wan27"],
];

/**
 * The cell of `below` that `cell` of the model above it must cost more than: the same resolution
 * and sound, or, where the model below makes no sound, its silent cell (Wan 2.7 always has sound).
 */
export function ladderCellBelow(below: ModelId, cell: Pick<PriceCell, "resolution" | "audio">): PriceCell | undefined {
  const cells = MODEL_CATALOGUE[below].pricing.cells;
  const same = cells.find((c) => c.resolution === cell.resolution && c.audio === cell.audio);
  if (same || MODEL_CATALOGUE[below].audio !== "never") return same;
  return cells.find((c) => c.resolution === cell.resolution);
}

/**
 * Raises, in `table`, each better model's cell above the same cell of the model below it on its
 * ladder, by one price step where it is not already above (the API price follows the rule).
 */
export function climbLadders(table: Record<PriceItem, Price>): void {
  for (const ladder of MODEL_LADDERS) {
    for (let i = 1; i < ladder.length; i++) {
      const below = ladder[i - 1]!;
      const above = ladder[i]!;
      for (const cell of MODEL_CATALOGUE[above].pricing.cells) {
        const lower = ladderCellBelow(below, cell);
        const own = table[priceKeyOf(above, cell)];
        const under = lower ? table[priceKeyOf(below, lower)] : undefined;
        if (!own || !under || own.web > under.web) continue;
        const web = Number((under.web + webPriceStep(MODEL_CATALOGUE[above].pricing.unit)).toFixed(2));
        table[priceKeyOf(above, cell)] = { web, api: apiPriceFor(web) };
      }
    }
  }
}

export interface ModeEntry {
  label: string;
  description: string;
  /** The most images any model takes in this mode, and the fewest it needs (each model's own are in its entry). */
  images: { min: number; max: number };
  /** The label of each image slot, in order. */
  imageLabels: readonly string[];
  /** The models that make this mode (from their entries). */
  models: readonly ModelId[];
}

const modelsMaking = (mode: GenerationMode): ModelId[] => MODELS.filter((m) => MODEL_CATALOGUE[m].modes[mode]);
const mostImages = (mode: GenerationMode): number =>
  Math.max(...modelsMaking(mode).map((m) => MODEL_CATALOGUE[m].modes[mode]!.images.max));

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
    description: "Images of the people, objects or style the video should show",
    images: { min: 1, max: mostImages("reference") },
    imageLabels: Array.from({ length: mostImages("reference") }, (_, i) => `Reference ${i + 1}`),
    models: modelsMaking("reference"),
  },
};

/** Extras with a price of their own, on top of the model's. */
export const SURCHARGES = ["4k", "extend", "first_frame", "prompt_help"] as const;
export type Surcharge = (typeof SURCHARGES)[number];

/** KIE's price of a 4K version asked for after the video (kie-2026.md §1.12). */
const KIE_4K_CREDITS = 120;

/**
 * KIE's price of one nano-banana-2 image at 1K (decision 0161): not in the references, so assumed
 * at 12 KIE credits ($0.06 at $0.005 a credit), near Google's own 1K price, so the default price
 * covers it with the owner's margin; the admin's price table reckons it like any other cost.
 */
const KIE_FIRST_FRAME_CREDITS = 12;

/** `vendorCost`: what the vendor charges for it, in KIE credits (an extension is a new video, priced as one). */
export const SURCHARGE_CATALOGUE: Record<
  Surcharge,
  { label: string; description: string; defaultPrice: Price; vendorCost: number }
> = {
  "4k": {
    label: "4K upgrade",
    description: "A 4K version of a finished video",
    defaultPrice: kiePriced("720p", true, KIE_4K_CREDITS, "video").defaultPrice,
    vendorCost: KIE_4K_CREDITS,
  },
  extend: {
    label: "Extension",
    description: "Added to the model's price when a video is extended",
    defaultPrice: { web: 0, api: 0 },
    vendorCost: 0,
  },
  first_frame: {
    label: "First frame from text",
    description: "An image made from a prompt for a video's first frame",
    defaultPrice: kiePriced("720p", false, KIE_FIRST_FRAME_CREDITS, "video").defaultPrice,
    vendorCost: KIE_FIRST_FRAME_CREDITS,
  },
  // Free by default: the built-in rules cost nothing; an owner on a paid chat model prices it (decision 0160).
  prompt_help: {
    label: "Prompt help",
    description: "One improved prompt from the generator's Improve prompt button",
    defaultPrice: { web: 0, api: 0 },
    vendorCost: 0,
  },
};

/**
 * A price cell's name in the admin's prices: the model's id for a model with one cell (the Veo
 * models, as before issue 42), else `model:resolution`, `+sound` for the cell with sound.
 */
export function priceKeyOf(model: ModelId, cell: Pick<PriceCell, "resolution" | "audio">): string {
  return MODEL_CATALOGUE[model].pricing.cells.length === 1
    ? model
    : `${model}:${cell.resolution}${cell.audio ? "+sound" : ""}`;
}

/** Every price cell by its name, with its model. */
export const PRICE_CELLS: ReadonlyMap<string, { model: ModelId; cell: PriceCell }> = new Map(
  MODELS.flatMap((model) =>
    MODEL_CATALOGUE[model].pricing.cells.map((cell) => [priceKeyOf(model, cell), { model, cell }]),
  ),
);

// The defaults climb their ladders once, as the catalogue is made.
{
  const defaults = Object.fromEntries([...PRICE_CELLS].map(([item, { cell }]) => [item, cell.defaultPrice]));
  climbLadders(defaults);
  for (const [item, { cell }] of PRICE_CELLS) cell.defaultPrice = defaults[item]!;
}

/** Everything with a price: each model's cells and the surcharges. */
export type PriceItem = string;
export const PRICE_ITEMS: readonly PriceItem[] = [...PRICE_CELLS.keys(), ...SURCHARGES];

export function defaultPriceOf(item: PriceItem): Price {
  const cell = PRICE_CELLS.get(item);
  if (cell) return cell.cell.defaultPrice;
  return SURCHARGE_CATALOGUE[item as Surcharge].defaultPrice;
}

/** A price cell's words for the admin and the price tables: "Kling 3.0 · 1080p · with sound · per second". */
export function priceItemLabel(item: PriceItem): string {
  const found = PRICE_CELLS.get(item);
  if (!found) return SURCHARGE_CATALOGUE[item as Surcharge].label;
  const m = MODEL_CATALOGUE[found.model];
  if (m.pricing.cells.length === 1) return m.label;
  const sound = m.audio === "never" ? "" : found.cell.audio ? " · with sound" : " · without sound";
  return `${m.label} · ${found.cell.resolution}${sound} · per second`;
}

/** What a person chooses beside the prompt and images: everything a price and a vendor's request need. */
export interface VideoOptions {
  durationSeconds: number;
  resolution: Resolution;
  aspectRatio: AspectRatio;
  audio: boolean;
}

/** The options a request means: what it said, else the model's defaults (sound on where it can be). */
export function optionsFor(
  model: ModelId,
  asked: { durationSeconds?: number; resolution?: Resolution; aspectRatio?: AspectRatio; audio?: boolean },
): VideoOptions {
  const m = MODEL_CATALOGUE[model];
  return {
    durationSeconds: asked.durationSeconds ?? m.durations.default,
    resolution: asked.resolution ?? m.resolutions.default,
    aspectRatio: asked.aspectRatio ?? m.aspectRatios.default,
    audio: m.audio === "always" ? true : m.audio === "never" ? false : (asked.audio ?? true),
  };
}

/** The cell a video's price is read from. */
export function priceCellFor(model: ModelId, options: Pick<VideoOptions, "resolution" | "audio">): PriceCell {
  const cells = MODEL_CATALOGUE[model].pricing.cells;
  return (
    cells.find((c) => c.resolution === options.resolution && c.audio === options.audio) ??
    cells.find((c) => c.resolution === options.resolution) ??
    cells[0]!
  );
}

/** How many of the price's unit a video is: 1 per video, or its seconds. */
export const unitsOf = (model: ModelId, options: Pick<VideoOptions, "durationSeconds">): number =>
  MODEL_CATALOGUE[model].pricing.unit === "second" ? options.durationSeconds : 1;

/**
 * Why these options cannot be had with this model (field and words a person can act on), or
 * undefined. Options the model does not ask for (a fixed length, a shape that follows the image)
 * are refused only when they differ from what the model makes.
 */
export function optionsProblem(
  model: ModelId,
  asked: { durationSeconds?: number; resolution?: Resolution; aspectRatio?: AspectRatio; audio?: boolean },
): { field: "durationSeconds" | "resolution" | "aspectRatio" | "audio"; message: string } | undefined {
  const m = MODEL_CATALOGUE[model];
  const seconds = (n: number) => `${n} seconds`;
  if (asked.durationSeconds !== undefined && !m.durations.options.includes(asked.durationSeconds))
    return {
      field: "durationSeconds",
      message: `${m.label} makes videos of ${list(m.durations.options.map(seconds))}, not ${seconds(asked.durationSeconds)}`,
    };
  if (asked.resolution !== undefined && !m.resolutions.options.includes(asked.resolution))
    return {
      field: "resolution",
      message: `${m.label} makes ${list([...m.resolutions.options])} videos, not ${asked.resolution}`,
    };
  if (asked.aspectRatio !== undefined && !m.aspectRatios.options.includes(asked.aspectRatio))
    return {
      field: "aspectRatio",
      message: m.aspectRatios.chosen
        ? `${m.label} makes ${list([...m.aspectRatios.options])} videos, not ${asked.aspectRatio}`
        : `${m.label} takes no aspect ratio: the video follows its image`,
    };
  if (asked.audio === false && m.audio === "always")
    return { field: "audio", message: `${m.label} always makes its videos with sound` };
  if (asked.audio === true && m.audio === "never")
    return { field: "audio", message: `${m.label} makes videos without sound` };
  const options = optionsFor(model, asked);
  const limit = m.limits.find((l) => l.resolution === options.resolution);
  if (limit && !limit.durations.includes(options.durationSeconds))
    return {
      field: "durationSeconds",
      message: `${m.label} makes ${options.resolution} videos of ${list(limit.durations.map(seconds))} only`,
    };
  return undefined;
}

/** The mode a request without one means: text without images, image with them (old clients). */
export function impliedMode(imageCount: number): GenerationMode {
  return imageCount === 0 ? "text" : "image";
}

export const modesFor = (model: ModelId): GenerationMode[] =>
  MODES.filter((mode) => MODE_CATALOGUE[mode].models.includes(model));
export const modelsFor = (mode: GenerationMode): readonly ModelId[] => MODE_CATALOGUE[mode].models;

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/**
 * Why this combination cannot be made, in words a person can act on, and the field to change;
 * undefined when it can be made.
 */
export function combinationProblem(c: {
  model: ModelId;
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
