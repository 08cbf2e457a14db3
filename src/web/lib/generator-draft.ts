/**
 * The generator's prompt while nobody is signed in (issue 38): kept in session storage so that it
 * survives the sign-in, restored once on /generate by the signed-in person, then removed. It lives
 * here, not in the videos feature, because signing in (the auth feature) asks whether one waits.
 */
const DRAFT_STORAGE_KEY = "generatorDraft";

export interface GeneratorDraft {
  prompt: string;
  /** Text, image or reference (a remix's mode comes back too; issue 72). */
  mode?: string;
  model?: string;
  aspectRatio?: string;
  durationSeconds?: number;
  resolution?: string;
  audio?: boolean;
}

/** Keeps the draft, or forgets it when the prompt is empty. */
export function saveGeneratorDraft(draft: GeneratorDraft): void {
  try {
    if (draft.prompt.trim()) window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    else window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Storage disabled: the prompt is simply not kept.
  }
}

/** Whether a prompt typed before signing in waits on /generate. */
export function hasGeneratorDraft(): boolean {
  try {
    return window.sessionStorage.getItem(DRAFT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Reads and removes the draft (it is restored once). */
export function takeGeneratorDraft(): GeneratorDraft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_STORAGE_KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (!value || typeof value.prompt !== "string" || !value.prompt.trim()) return null;
    return {
      prompt: value.prompt,
      mode: typeof value.mode === "string" ? value.mode : undefined,
      model: typeof value.model === "string" ? value.model : undefined,
      aspectRatio: typeof value.aspectRatio === "string" ? value.aspectRatio : undefined,
      durationSeconds: typeof value.durationSeconds === "number" ? value.durationSeconds : undefined,
      resolution: typeof value.resolution === "string" ? value.resolution : undefined,
      audio: typeof value.audio === "boolean" ? value.audio : undefined,
    };
  } catch {
    return null;
  }
}
