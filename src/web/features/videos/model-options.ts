/**
 * What the generator offers with each model (issue 42), read from its description in the shared
 * catalogue: which option fields it shows, the lengths a resolution allows, the options kept when
 * the model changes, and the options a request sends.
 */
import {
  MODEL_CATALOGUE,
  type GenerationMode,
  type ModelId,
  type Resolution,
  type VideoOptions,
} from "../../../shared/catalogue";

/** The option fields a person can choose with a model in a mode: the generator shows only these. */
export interface OptionFields {
  length: boolean;
  resolution: boolean;
  aspectRatio: boolean;
  sound: boolean;
}

export function optionFieldsOf(model: ModelId, mode: GenerationMode): OptionFields {
  const m = MODEL_CATALOGUE[model];
  return {
    length: m.durations.chosen,
    resolution: m.resolutions.options.length > 1,
    aspectRatio: m.aspectRatios.chosen && !m.modes[mode]?.shapeFollowsImage,
    sound: m.audio === "on_request",
  };
}

/** The lengths a model makes at `resolution` (Hailuo 2.3 Pro makes 1080p videos of 6 seconds only). */
export function durationsAt(model: ModelId, resolution: Resolution): readonly number[] {
  const m = MODEL_CATALOGUE[model];
  return m.limits.find((limit) => limit.resolution === resolution)?.durations ?? m.durations.options;
}

/** The lengths a model makes at `resolution` when that resolution limits them, else undefined. */
export function limitAt(model: ModelId, resolution: Resolution): readonly number[] | undefined {
  return MODEL_CATALOGUE[model].limits.find((limit) => limit.resolution === resolution)?.durations;
}

/**
 * The options as `model` can have them: each it offers is kept, any other goes back to its
 * default, and a length its resolution does not allow becomes one it does (the default if it can).
 * Sound stays the person's choice: only a model that makes it on request reads it.
 */
export function fitOptions(model: ModelId, options: VideoOptions): VideoOptions {
  const m = MODEL_CATALOGUE[model];
  const offered = <T>(list: readonly T[], value: T, fallback: T) => (list.includes(value) ? value : fallback);
  const resolution = offered(m.resolutions.options, options.resolution, m.resolutions.default);
  const allowed = durationsAt(model, resolution);
  const duration = offered(m.durations.options, options.durationSeconds, m.durations.default);
  const durationSeconds = allowed.includes(duration)
    ? duration
    : offered(allowed, m.durations.default, allowed[0] ?? m.durations.default);
  return {
    durationSeconds,
    resolution,
    aspectRatio: offered(m.aspectRatios.options, options.aspectRatio, m.aspectRatios.default),
    audio: options.audio,
  };
}

/** The options a request sends: only those the model takes (the server's defaults stand for the rest). */
export function requestOptions(model: ModelId, mode: GenerationMode, options: VideoOptions): Partial<VideoOptions> {
  const fields = optionFieldsOf(model, mode);
  return {
    ...(fields.length ? { durationSeconds: options.durationSeconds } : {}),
    ...(fields.resolution ? { resolution: options.resolution } : {}),
    ...(fields.aspectRatio ? { aspectRatio: options.aspectRatio } : {}),
    ...(fields.sound ? { audio: options.audio } : {}),
  };
}

/** The most images `model` takes in `mode` (none when it does not make the mode). */
export const imageSlotsOf = (model: ModelId, mode: GenerationMode): { min: number; max: number } =>
  MODEL_CATALOGUE[model].modes[mode]?.images ?? { min: 0, max: 0 };

/** What can follow a finished video of this model: a 4K version, an extension (decision 0049, 0050). */
export const offers4k = (model: ModelId): boolean => MODEL_CATALOGUE[model].upgrades.uhd4k;
export const offersExtend = (model: ModelId): boolean => MODEL_CATALOGUE[model].upgrades.extend;
/** Whether a 1080p file follows the video (Veo), so the 1080p actions apply. */
export const offers1080p = (model: ModelId): boolean => MODEL_CATALOGUE[model].upgrades.hd1080;
/** Whether a person may fix the seed with this model. */
export const takesSeed = (model: ModelId): boolean => MODEL_CATALOGUE[model].seed !== null;
export const takesWatermark = (model: ModelId): boolean => MODEL_CATALOGUE[model].watermark;
