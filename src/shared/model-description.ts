/**
 * What a video model can do, in our words (issue 42): the modes and their image slots, lengths,
 * resolutions, shapes, sound, seed, negative prompt, what can follow a finished video, and how it
 * is priced. No vendor's field names: an adapter (integrations/kie/veo-words.ts and the like)
 * turns a choice into its vendor's request. The catalogue (catalogue.ts) holds one of these per
 * model; the generator form, validation, prices and GET /api/models read them.
 */

export const MODES = ["text", "image", "reference"] as const;
export type GenerationMode = (typeof MODES)[number];

export const ASPECT_RATIOS = ["16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const RESOLUTIONS = ["480p", "720p", "768p", "1080p", "4k"] as const;
type Resolution = (typeof RESOLUTIONS)[number];

/** Sound: in every video, on or off as asked, or never. */
export const AUDIO_SUPPORT = ["always", "on_request", "never"] as const;
type AudioSupport = (typeof AUDIO_SUPPORT)[number];

/** A web price in credits and an API price (decimal, charged rounded up). */
export interface Price {
  web: number;
  api: number;
}

/** How many images a mode takes with this model. */
export interface ModeSupport {
  images: { min: number; max: number };
}

export interface ModelDescription {
  label: string;
  /** One line for the form and the price tables. */
  description: string;
  /** The family the model belongs to (the picker groups by it). */
  family: "veo";
  /** The modes this model makes, each with its image count. */
  modes: Partial<Record<GenerationMode, ModeSupport>>;
  /** The lengths a video can have, in seconds; `chosen` false when the length is fixed and not asked. */
  durations: { options: readonly number[]; default: number; chosen: boolean };
  /** The resolution a video is made in; upgrades (below) may add bigger files afterwards. */
  resolutions: { options: readonly Resolution[]; default: Resolution };
  aspectRatios: { options: readonly AspectRatio[]; default: AspectRatio };
  audio: AudioSupport;
  /** The seed range a person may fix, or null when the model takes none. */
  seed: { min: number; max: number } | null;
  negativePrompt: boolean;
  /** What can follow a finished video: its 1080p file, a 4K version (surcharge), an extension. */
  upgrades: { hd1080: boolean; uhd4k: boolean; extend: boolean };
  /** How a video is priced: `video` is one price per video (the admin's, else `defaultPrice`). */
  pricing: { unit: "video"; defaultPrice: Price };
}
