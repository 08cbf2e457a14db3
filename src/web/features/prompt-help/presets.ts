/**
 * The preset chips' groups for a model (decision 0160): their names in the person's language, their
 * words from shared/prompt-presets.ts. No model in the catalogue has a camera or style control of
 * its own, so every model gets the camera and style words; the sound chips show only for a video
 * with sound, and Veo's are written as its "SFX:" cue.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { MODEL_CATALOGUE, type ModelId } from "../../../shared/catalogue";
import {
  CAMERA_PRESETS,
  isApplied,
  SOUND_PRESETS,
  STYLE_PRESETS,
  type CameraPreset,
  type SoundPreset,
  type StylePreset,
} from "../../../shared/prompt-presets";

export { applyPreset, isApplied, removePreset } from "../../../shared/prompt-presets";

/** The chips' panel, which the Presets toggle controls. */
export const PRESETS_ID = "prompt-presets";

interface Preset {
  id: string;
  label: MessageDescriptor;
  /** What the chip adds to the prompt. */
  words: string;
}

export interface PresetGroup {
  id: "camera" | "style" | "sound";
  label: MessageDescriptor;
  presets: readonly Preset[];
}

const CAMERA_LABELS: Record<CameraPreset, MessageDescriptor> = {
  "dolly-in": msg`Dolly in`,
  orbit: msg`Orbit`,
  tracking: msg`Tracking shot`,
  aerial: msg`Aerial`,
  handheld: msg`Handheld`,
  static: msg`Still camera`,
  "close-up": msg`Close-up`,
};

const STYLE_LABELS: Record<StylePreset, MessageDescriptor> = {
  cinematic: msg`Cinematic`,
  photoreal: msg`Photorealistic`,
  "golden-hour": msg`Golden hour`,
  neon: msg`Neon night`,
  anime: msg`Anime`,
  noir: msg`Film noir`,
};

const SOUND_LABELS: Record<SoundPreset, MessageDescriptor> = {
  ambience: msg`Ambient sound`,
  music: msg`Soft music`,
  quiet: msg`No music`,
};

const presetsOf = <K extends string>(words: Record<K, string>, labels: Record<K, MessageDescriptor>): Preset[] =>
  (Object.keys(words) as K[]).map((id) => ({ id, label: labels[id], words: words[id] }));

/** Whether the model's video will have sound, by its rule and the person's choice. */
export function makesSound(model: ModelId, audio: boolean): boolean {
  const rule = MODEL_CATALOGUE[model].audio;
  return rule === "always" || (rule === "on_request" && audio);
}

/** The chip groups for a model, with sound or without. */
export function presetGroupsFor(model: ModelId, withSound: boolean): PresetGroup[] {
  const groups: PresetGroup[] = [
    { id: "camera", label: msg`Camera`, presets: presetsOf(CAMERA_PRESETS, CAMERA_LABELS) },
    { id: "style", label: msg`Style`, presets: presetsOf(STYLE_PRESETS, STYLE_LABELS) },
  ];
  if (withSound) {
    const veo = MODEL_CATALOGUE[model].family === "veo";
    const words = Object.fromEntries(
      Object.entries(SOUND_PRESETS).map(([id, [veoWords, other]]) => [id, veo ? veoWords : other]),
    ) as Record<SoundPreset, string>;
    groups.push({ id: "sound", label: msg`Sound`, presets: presetsOf(words, SOUND_LABELS) });
  }
  return groups;
}

/** How many of the model's chips the prompt has now. */
export function appliedCount(prompt: string, model: ModelId, withSound: boolean): number {
  return presetGroupsFor(model, withSound)
    .flatMap((group) => group.presets)
    .filter((preset) => isApplied(prompt, preset.words)).length;
}
