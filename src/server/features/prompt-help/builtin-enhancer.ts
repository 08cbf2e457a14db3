/**
 * The built-in prompt enhancer (decision 0160): the rules the owner's default 'builtin' mode and
 * every offline install run, with no outside call. It keeps the person's idea whole and adds, in
 * short labelled lines, what a video model needs and the idea leaves out: the subject's action,
 * the camera, the light, the framing for the shape, and, for a video with sound, a sound line with
 * the cue the model needs (Veo: "SFX:", which took image-to-video from about 20% to 60% success in
 * kie-market-2026-11.md §1.2 row 7; the others: "Audio:").
 *
 * Linear on any input: words are found by one split on a single character class and set look-ups,
 * never by a regular expression that could backtrack (decision 0061); the answer is at most
 * PROMPT_MAX characters, and no longer than the model takes where its prompt is shorter.
 */
import { MODEL_CATALOGUE, type AspectRatio, type GenerationMode, type ModelId } from "../../../shared/catalogue.js";
import { PROMPT_MAX } from "../../../shared/videos.js";

export interface EnhanceInput {
  prompt: string;
  model: ModelId;
  mode: GenerationMode;
  /** Whether the video will have sound: the model's default when not given. */
  audio?: boolean;
  aspectRatio?: AspectRatio;
}

/** The longest prompt each vendor takes, where it is below ours (kie-2026.md §2.5: Kling 2.6 took 1000 in June). */
const MODEL_PROMPT_MAX: Partial<Record<ModelId, number>> = {
  kling26: 1_000,
  kling3: 2_500,
  seedance15_pro: 2_500,
};

export const promptLimitOf = (model: ModelId): number => Math.min(PROMPT_MAX, MODEL_PROMPT_MAX[model] ?? PROMPT_MAX);

/** Whether the video will have sound, by the model's rule (always, on request, never). */
export function hasSound(model: ModelId, audio: boolean | undefined): boolean {
  const rule = MODEL_CATALOGUE[model].audio;
  return rule === "always" || (rule === "on_request" && audio !== false);
}

/** Words that show the idea already covers a part (lower case; a phrase is matched word by word). */
const CAMERA_WORDS = [
  "camera",
  "shot",
  "close-up",
  "closeup",
  "close up",
  "wide",
  "pan",
  "pans",
  "panning",
  "dolly",
  "tracking",
  "track",
  "zoom",
  "zooms",
  "aerial",
  "drone",
  "handheld",
  "orbit",
  "orbits",
  "crane",
  "tilt",
  "pov",
  "angle",
  "macro",
  "push-in",
  "push in",
  "pull back",
  "static",
];
const LIGHT_WORDS = [
  "light",
  "lights",
  "lighting",
  "lit",
  "sunset",
  "sunrise",
  "dawn",
  "dusk",
  "golden hour",
  "night",
  "neon",
  "moonlight",
  "moonlit",
  "shadow",
  "shadows",
  "backlit",
  "sunlight",
  "sunny",
  "candle",
  "candlelight",
  "glow",
  "glowing",
  "overcast",
  "fog",
  "foggy",
  "misty",
];
const SOUND_WORDS = [
  "sound",
  "sounds",
  "audio",
  "sfx",
  "music",
  "song",
  "voice",
  "says",
  "say",
  "said",
  "speaks",
  "dialogue",
  "ambience",
  "ambient",
  "noise",
  "silence",
  "silent",
  "whisper",
  "whispers",
  "sings",
  "singing",
  "soundtrack",
  "narrator",
  "narration",
  "hum",
  "humming",
];
const STYLE_WORDS = [
  "cinematic",
  "photorealistic",
  "realistic",
  "anime",
  "cartoon",
  "animated",
  "watercolor",
  "watercolour",
  "claymation",
  "3d",
  "pixar",
  "noir",
  "vintage",
  "film",
  "documentary",
  "style",
];

/** Sounds a scene's words suggest, first match wins: [words, the sound]. */
const SCENE_SOUNDS: readonly (readonly [readonly string[], string])[] = [
  [["ocean", "sea", "wave", "waves", "beach", "surf", "surfing"], "waves crashing and a soft sea breeze"],
  [["rain", "rainy", "storm", "thunder"], "steady rain and distant thunder"],
  [["forest", "woods", "jungle", "garden", "park"], "birdsong and leaves rustling in the wind"],
  [["city", "street", "traffic", "market", "downtown"], "city traffic and the murmur of a crowd"],
  [["kitchen", "cooking", "cook", "chef", "sizzling", "food", "pancake"], "sizzling pan and kitchen clatter"],
  [["fire", "campfire", "fireplace", "flames"], "crackling fire"],
  [["car", "cars", "race", "racing", "motorcycle", "engine"], "roaring engine and tyres on asphalt"],
  [["dog", "dogs", "puppy"], "playful barks and paws on the ground"],
  [["cat", "cats", "kitten"], "soft purring"],
  [["snow", "winter", "ice"], "crunching snow and a cold wind"],
  [["space", "spaceship", "rocket", "planet"], "a deep low hum and rocket rumble"],
  [["crowd", "concert", "party", "stadium"], "a cheering crowd"],
];

const CAMERA_BY_MODE: Record<GenerationMode, string> = {
  text: "Camera: a smooth, slow dolly-in at eye level, with a shallow depth of field on the subject.",
  image: "Camera: keeps the framing of the image, with a gentle, slow push-in.",
  reference: "Camera: a steady medium shot that keeps the subject in frame, then a slow push-in.",
};

const FRAMING: Partial<Record<AspectRatio, string>> = {
  "9:16": "Framing: vertical, the subject centred for a phone screen.",
  "1:1": "Framing: square, the subject centred.",
  "21:9": "Framing: wide cinematic shot with room around the subject.",
};

/** The idea's words, lower case: one split on one character class, linear on any input. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
}

/** Whether any of `phrases` occurs in the words (a phrase of several words in order). */
function mentions(words: readonly string[], set: ReadonlySet<string>, phrases: readonly string[]): boolean {
  if (words.some((w) => set.has(w))) return true;
  const joined = ` ${words.join(" ")} `;
  return phrases.some((p) => p.includes(" ") && joined.includes(` ${p} `));
}

const asSet = (list: readonly string[]) => new Set(list.filter((w) => !w.includes(" ")));
const CAMERA = asSet(CAMERA_WORDS);
const LIGHT = asSet(LIGHT_WORDS);
const SOUND = asSet(SOUND_WORDS);
const STYLE = asSet(STYLE_WORDS);

/** Whitespace folded to single spaces, without a regular expression. */
function folded(text: string): string {
  let out = "";
  let space = false;
  for (const ch of text) {
    const blank = ch === " " || ch === "\n" || ch === "\t" || ch === "\r" || ch === "\f" || ch === "\v";
    if (blank) space = out.length > 0;
    else {
      if (space) out += " ";
      out += ch;
      space = false;
    }
  }
  return out;
}

/** The first `n` UTF-16 units, without leaving half of a surrogate pair at the end. */
export function cut(text: string, n: number): string {
  if (text.length <= n) return text;
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

/** The idea as the prompt's first sentence: capitalised, ending with a full stop. */
function asSentence(idea: string): string {
  const first = idea.charAt(0).toLocaleUpperCase() + idea.slice(1);
  const last = first.charAt(first.length - 1);
  return ".!?…\"'”".includes(last) ? first : `${first}.`;
}

function sceneSound(words: readonly string[]): string {
  const set = new Set(words);
  for (const [keys, sound] of SCENE_SOUNDS) if (keys.some((k) => set.has(k))) return sound;
  return "natural ambient sound that matches the scene";
}

/** The lines the idea leaves out, in the order a model reads them best. */
function additions(input: EnhanceInput, words: readonly string[]): string[] {
  const family = MODEL_CATALOGUE[input.model].family;
  const lines: string[] = [];
  if (words.length < 6) {
    lines.push(
      input.mode === "image"
        ? "Action: the scene in the image comes to life with natural, continuous motion."
        : "Action: the subject moves naturally through the scene, with clear, continuous motion.",
    );
  }
  if (input.mode === "reference")
    lines.push("Keep the people, objects and style of the reference images exactly as they look.");
  if (!mentions(words, CAMERA, CAMERA_WORDS)) lines.push(CAMERA_BY_MODE[input.mode]);
  if (!mentions(words, LIGHT, LIGHT_WORDS)) lines.push("Lighting: soft, natural light with gentle contrast.");
  if (!mentions(words, STYLE, STYLE_WORDS)) lines.push("Style: cinematic and photorealistic, rich detail.");
  const framing = input.aspectRatio ? FRAMING[input.aspectRatio] : undefined;
  if (framing) lines.push(framing);
  if (hasSound(input.model, input.audio)) {
    const sound = sceneSound(words);
    // Veo needs the cue named even when the idea speaks of sound (kie-market-2026-11.md §1.2 row 7).
    if (family === "veo") {
      if (!words.includes("sfx")) lines.push(`SFX: ${sound}.`);
    } else if (!mentions(words, SOUND, SOUND_WORDS)) lines.push(`Audio: ${sound}.`);
  } else if (family === "kling" || family === "seedance") {
    lines.push("No dialogue or music.");
  }
  return lines;
}

/** The idea turned into a prompt for the model: always a string of 1 to promptLimitOf(model) characters. */
export function enhancePrompt(input: EnhanceInput): string {
  const limit = promptLimitOf(input.model);
  const idea = cut(folded(cut(input.prompt, PROMPT_MAX)), limit);
  const words = wordsOf(idea);
  let prompt = idea === "" ? "A short cinematic scene." : asSentence(idea);
  if (prompt.length > limit) prompt = idea;
  // Each line only while it fits: the person's own words are never cut for ours.
  for (const line of additions(input, words)) {
    if (prompt.length + 1 + line.length <= limit) prompt = `${prompt}\n${line}`;
  }
  return prompt;
}
