/**
 * Recreate (decision 0012): a task's prompt, mode, model, aspect ratio, length, resolution,
 * sound, watermark, seed and its own images (as many as its model takes in its mode) go back
 * into the generator form.
 */
import {
  ASPECT_RATIOS,
  impliedMode,
  MODELS,
  MODES,
  RESOLUTIONS,
  type AspectRatio,
  type GenerationMode,
  type ModelId,
  type Resolution,
} from "../../../shared/catalogue";
import type { VideoTaskView } from "../../../shared/videos";
import {
  GENERATE_DEFAULTS,
  imagesFor,
  modelFor,
  valuesForModel,
  type GenerateFormValues,
} from "./generate-form-schema";

/** The session-stored entry that prefills /generate once (e.g. Recreate from My Creations). */
const RECREATE_STORAGE_KEY = "recreateVideo";

export type RecreateSource = Pick<
  VideoTaskView,
  | "prompt"
  | "model"
  | "mode"
  | "aspectRatio"
  | "durationSeconds"
  | "resolution"
  | "audio"
  | "watermark"
  | "seeds"
  | "imageUrls"
> & {
  taskId?: string;
};

/** What a video made before issue 42 was (its options are null): 8 seconds, 720p, with sound. */
const BEFORE_OPTIONS = { durationSeconds: 8, resolution: "720p", audio: true } as const;

export function toFormValues(source: RecreateSource): GenerateFormValues {
  const model = modelFor(source.mode, source.model);
  return valuesForModel(
    {
      ...GENERATE_DEFAULTS,
      mode: source.mode,
      prompt: source.prompt,
      imageUrls: imagesFor(source.mode, model, source.imageUrls),
      model,
      aspectRatio: source.aspectRatio,
      durationSeconds: source.durationSeconds ?? BEFORE_OPTIONS.durationSeconds,
      resolution: source.resolution ?? BEFORE_OPTIONS.resolution,
      audio: source.audio ?? BEFORE_OPTIONS.audio,
      watermark: source.watermark ?? "",
      seed: source.seeds ? String(source.seeds) : "",
    },
    model,
  );
}

export function stashRecreate(task: VideoTaskView): void {
  const entry: RecreateSource = {
    taskId: task.taskId,
    prompt: task.prompt,
    model: task.model,
    mode: task.mode,
    aspectRatio: task.aspectRatio,
    durationSeconds: task.durationSeconds,
    resolution: task.resolution,
    audio: task.audio,
    watermark: task.watermark,
    seeds: task.seeds,
    imageUrls: task.imageUrls,
  };
  try {
    window.sessionStorage.setItem(RECREATE_STORAGE_KEY, JSON.stringify(entry));
  } catch {
    // Storage disabled: the generator simply opens empty.
  }
}

function parseEntry(raw: string): RecreateSource | null {
  const v = JSON.parse(raw) as Record<string, unknown> | null;
  if (!v || typeof v !== "object" || typeof v.prompt !== "string" || !v.prompt.trim()) return null;
  const model: ModelId = (MODELS as readonly unknown[]).includes(v.model)
    ? (v.model as ModelId)
    : GENERATE_DEFAULTS.model;
  const aspectRatio: AspectRatio = (ASPECT_RATIOS as readonly unknown[]).includes(v.aspectRatio)
    ? (v.aspectRatio as AspectRatio)
    : GENERATE_DEFAULTS.aspectRatio;
  const imageUrls = Array.isArray(v.imageUrls)
    ? v.imageUrls.filter((u): u is string => typeof u === "string" && /^https?:\/\//.test(u))
    : [];
  const mode: GenerationMode = (MODES as readonly unknown[]).includes(v.mode)
    ? (v.mode as GenerationMode)
    : impliedMode(imageUrls.length);
  return {
    prompt: v.prompt,
    model,
    mode,
    aspectRatio,
    durationSeconds:
      typeof v.durationSeconds === "number" && Number.isInteger(v.durationSeconds) ? v.durationSeconds : null,
    resolution: (RESOLUTIONS as readonly unknown[]).includes(v.resolution) ? (v.resolution as Resolution) : null,
    audio: typeof v.audio === "boolean" ? v.audio : null,
    watermark: typeof v.watermark === "string" ? v.watermark : null,
    seeds: typeof v.seeds === "number" && Number.isInteger(v.seeds) ? v.seeds : null,
    imageUrls,
  };
}

/** Reads and removes the stored entry (it prefills the form once). */
export function takeStashedRecreate(): RecreateSource | null {
  try {
    const raw = window.sessionStorage.getItem(RECREATE_STORAGE_KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(RECREATE_STORAGE_KEY);
    return parseEntry(raw);
  } catch {
    return null;
  }
}

/** The query parameter a link fills the prompt with (the share page's "Make one like this"). */
const PROMPT_PARAM = "prompt";

/**
 * A prompt carried by the address (`/generate?prompt=...`): read once and taken out of the
 * address, so a reload does not fill the form again. Everything else starts at its default.
 */
export function takeLinkedPrompt(): RecreateSource | null {
  const url = new URL(window.location.href);
  const prompt = url.searchParams.get(PROMPT_PARAM)?.trim();
  if (prompt === undefined) return null;
  url.searchParams.delete(PROMPT_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  if (!prompt) return null;
  const { mode, model, aspectRatio, durationSeconds, resolution, audio } = GENERATE_DEFAULTS;
  return {
    prompt,
    mode,
    model,
    aspectRatio,
    durationSeconds,
    resolution,
    audio,
    watermark: null,
    seeds: null,
    imageUrls: [],
  };
}
