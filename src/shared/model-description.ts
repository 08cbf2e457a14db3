/**
 * What a video model can do, in our words (issue 42): the modes and their image slots, lengths,
 * resolutions, shapes, sound, seed, negative prompt, what can follow a finished video, and how it
 * is priced. No vendor's field names: an adapter (integrations/kie/veo-words.ts, market-inputs.ts,
 * integrations/google/veo-maker.ts) turns a choice into its vendor's request. The catalogue
 * (catalogue.ts) holds one of these per model; the generator form, validation, prices and
 * GET /api/models read them.
 */

import type { ModelId } from "./catalogue.js";

export const MODES = ["text", "image", "reference"] as const;
export type GenerationMode = (typeof MODES)[number];

export const ASPECT_RATIOS = ["16:9", "9:16", "1:1", "4:3", "3:4", "21:9"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const RESOLUTIONS = ["360p", "480p", "720p", "768p", "1080p", "4k"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Sound: in every video, on or off as asked, or never. */
export const AUDIO_SUPPORT = ["always", "on_request", "never"] as const;
type AudioSupport = (typeof AUDIO_SUPPORT)[number];

/** Who makes videos: KIE (its Veo API and its Market), Google's own Gemini API and Google's Vertex AI. */
export const VENDORS = ["kie", "google", "vertex"] as const;
export type Vendor = (typeof VENDORS)[number];

export const MODEL_FAMILIES = ["veo", "kling", "seedance", "hailuo", "wan", "omni"] as const;
type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** A web price in credits and an API price (decimal, charged rounded up). */
export interface Price {
  web: number;
  api: number;
}

/** How many images a mode takes with this model. */
export interface ModeSupport {
  images: { min: number; max: number };
  /** The video takes its image's shape in this mode and no aspect ratio is sent (Kling 2.6's image mode). */
  shapeFollowsImage?: true;
}

/**
 * One line of a model's price table: a video (or a second of one) at this resolution, with or
 * without sound. `vendorCost` is what the vendor charges for the same, in its own unit (KIE
 * credits), for the owner's unit economics where a vendor reports no cost.
 */
export interface PriceCell {
  resolution: Resolution;
  audio: boolean;
  defaultPrice: Price;
  vendorCost: number;
}

export interface ModelDescription {
  label: string;
  /** One line for the form and the price tables. */
  description: string;
  /** The family the model belongs to (the picker groups by it). */
  family: ModelFamily;
  /** The vendors that make it, in the order tried unless the admin orders them otherwise. */
  vendors: readonly Vendor[];
  /** The modes this model makes, each with its image count. */
  modes: Partial<Record<GenerationMode, ModeSupport>>;
  /** The lengths a video can have, in seconds; `chosen` false when the length is fixed and not asked. */
  durations: { options: readonly number[]; default: number; chosen: boolean };
  /** The resolution a video is made in; upgrades (below) may add bigger files afterwards. */
  resolutions: { options: readonly Resolution[]; default: Resolution };
  /** `chosen` false: the video follows its image (or the model's own shape) and none is sent. */
  aspectRatios: { options: readonly AspectRatio[]; default: AspectRatio; chosen: boolean };
  audio: AudioSupport;
  /** The seed range a person may fix, or null when the model takes none. */
  seed: { min: number; max: number } | null;
  negativePrompt: boolean;
  /** The vendor writes a person's watermark text on the video (KIE's Veo does; the Market's models take none). */
  watermark: boolean;
  /** What can follow a finished video: its 1080p file, a 4K version (surcharge), an extension. */
  upgrades: { hd1080: boolean; uhd4k: boolean; extend: boolean };
  /** Lengths allowed only at some resolutions (Hailuo 2.3 makes no 10-second 1080p video). */
  limits: readonly { resolution: Resolution; durations: readonly number[] }[];
  /**
   * How a video is priced: per video or per second of it (× its length), one cell per resolution
   * and sound the model makes. The admin's price for a cell replaces its default (prices.ts).
   */
  pricing: { unit: "video" | "second"; cells: readonly PriceCell[] };
  /**
   * How a cheap, fast draft of a video of this model is made (issue 74 §3, decision 0178): the
   * same model at a lower resolution, or a cheaper sibling with the same options. Absent: no draft.
   * A draft must cost less than its final (tests/repo/drafts.test.ts; shared/drafts.ts).
   */
  draft?: DraftWay;
}

/** A model's draft: the same model at `resolution`, or `model` (a cheaper sibling taking the same options). */
type DraftWay = { resolution: Resolution } | { model: ModelId };
