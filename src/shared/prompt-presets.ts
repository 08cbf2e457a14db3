/**
 * The words the generator's preset chips add to a prompt (issue 71 §3, decision 0160), and how
 * they are added and taken off. English, as video models read prompts best; the chips' names are
 * the web app's, in the person's language (web/features/prompt-help/presets.ts). Veo's sound words
 * are the "SFX:" cue it needs (kie-market-2026-11.md §1.2 row 7); every other model's "Audio:".
 */

export const CAMERA_PRESETS = {
  "dolly-in": "slow dolly-in toward the subject",
  orbit: "the camera orbits slowly around the subject",
  tracking: "smooth tracking shot following the subject",
  aerial: "aerial drone shot from high above",
  handheld: "handheld camera with a natural, gentle shake",
  static: "static camera on a tripod, locked-off shot",
  "close-up": "close-up shot with a shallow depth of field",
} as const;

export const STYLE_PRESETS = {
  cinematic: "cinematic film look, anamorphic lens, rich colour grading",
  photoreal: "photorealistic, natural colours, fine detail",
  "golden-hour": "warm golden-hour light with long soft shadows",
  neon: "neon-lit night scene with vivid reflections",
  anime: "anime style, clean line art, vibrant colours",
  noir: "black-and-white film noir look with hard shadows",
} as const;

/** Each sound preset's words for Veo, then for every other model with sound. */
export const SOUND_PRESETS = {
  ambience: ["SFX: the natural ambient sounds of the scene", "Audio: the natural ambient sounds of the scene"],
  music: ["Audio: a soft cinematic music score", "Audio: a soft cinematic music score"],
  quiet: ["SFX: only the sounds of the scene, no music", "Audio: only the sounds of the scene, no music"],
} as const;

export type CameraPreset = keyof typeof CAMERA_PRESETS;
export type StylePreset = keyof typeof STYLE_PRESETS;
export type SoundPreset = keyof typeof SOUND_PRESETS;

/** Where `words` are in `prompt`, in any case; -1 when not there. */
const indexOf = (prompt: string, words: string) => prompt.toLowerCase().indexOf(words.toLowerCase());

export const isApplied = (prompt: string, words: string): boolean => indexOf(prompt, words) !== -1;

/** A cue ("SFX: ...") is a sentence of its own; other words join the prompt after a comma. */
const isCue = (words: string) => words.includes(":");

/** The prompt with `words` added (unchanged when they are already in it). */
export function applyPreset(prompt: string, words: string): string {
  const text = prompt.trimEnd();
  if (text === "") return isCue(words) ? `${words}.` : words;
  if (isApplied(text, words)) return prompt;
  const last = text.charAt(text.length - 1);
  if (isCue(words)) return `${text}${".!?".includes(last) ? "" : "."} ${words}.`;
  return `${text}${".!?,".includes(last) ? " " : ", "}${words}`;
}

/** The prompt without `words` and the comma or space that joined them. */
export function removePreset(prompt: string, words: string): string {
  const at = indexOf(prompt, words);
  if (at === -1) return prompt;
  let start = at;
  let end = at + words.length;
  if (isCue(words) && prompt.charAt(end) === ".") end += 1;
  if (prompt.slice(Math.max(0, start - 2), start) === ", ") start -= 2;
  else if (prompt.charAt(start - 1) === " ") start -= 1;
  return (prompt.slice(0, start) + prompt.slice(end)).trim();
}
