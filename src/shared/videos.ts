/** Rules about videos that both sides need; what can be made is the catalogue's (catalogue.ts). */
import { MODEL_CATALOGUE, VEO_SEED, type ModelId } from "./catalogue.js";
import { creditsText } from "./credits-text.js";

/** A model's label; a model no longer in the catalogue shows its id. */
export function modelLabel(model: string): string {
  return (MODEL_CATALOGUE as Record<string, { label: string } | undefined>)[model]?.label ?? model;
}

export const SEED_MIN = VEO_SEED.min;
export const SEED_MAX = VEO_SEED.max;
/** The most videos one request makes from one prompt: its variants (decision 0162). */
export const VARIANTS_MAX = 4;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Pixels a reference image may have (25 megapixels: a 24 MP camera's 6000×4000, Seedance's 6000 px
 * side): more is refused by its header, before it is decoded (decisions 0090, 0134).
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
export const PROMPT_MAX = 5_000;

/**
 * Why a video failed, in the words this server stores (a task's `errorMessage`); any other text
 * is the provider's own. The web words these in the person's language (decision 0056).
 */
export const TASK_FAILURES = {
  generic: "An error occurred during video generation",
  interrupted: "The submission was interrupted before the provider accepted it",
  timedOut: "Video generation timed out",
  unknownToProvider: "The provider has no record of this video",
  notSubmitted: "The video could not be submitted",
} as const;

/**
 * Why a failed video failed, beside its message (decision 0082): 'refused' when the provider refused
 * the prompt (or its images) for their content. Its status stays 'failed'.
 */
export const FAILURE_KINDS = ["refused"] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/**
 * A provider's message refusing a request for its content (KIE: "Your prompt was flagged by Website
 * as violating content policies.", "public error unsafe image upload."), at submission or in the task.
 */
const CONTENT_REFUSAL = /flagged|content polic|violat|safety|prohibit|sensitive|unsafe/i;

export function isContentRefusal(message: string | null | undefined): boolean {
  return CONTENT_REFUSAL.test(message ?? "");
}

/**
 * A failure that is the person's request rather than the provider: a refused prompt or image
 * (KIE's content-policy and image-fetch answers), an extension KIE does not allow. Rows before
 * decision 0082 are told by it; newer ones carry failure_kind 'refused'.
 */
export const REQUEST_REFUSAL = /flagged|content polic|violat|safety|prohibit|sensitive|cannot be extended|image/i;

export const TASK_STATUSES = ["generating", "pending", "completed", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** 0 in progress, 1 success, 2 failure (KIE's successFlag, repeated by our video-status). */
export function successFlagOf(status: string): 0 | 1 | 2 {
  if (status === "completed") return 1;
  if (status === "failed") return 2;
  return 0;
}

export function insufficientCreditsMessage(needed: number, model: ModelId, have: number): string {
  return `You need ${creditsText(needed)} to generate a video with ${MODEL_CATALOGUE[model].label}. You have ${creditsText(have)}.`;
}

export type { VideoTaskView } from "./schemas/videos.js";
