/** Rules about videos that both sides need; what can be made is the catalogue's (catalogue.ts). */
import { MODEL_CATALOGUE, type VeoModel } from "./catalogue.js";

/** A model's label; a model no longer in the catalogue shows its id. */
export function modelLabel(model: string): string {
  return (MODEL_CATALOGUE as Record<string, { label: string } | undefined>)[model]?.label ?? model;
}

export const SEED_MIN = 10_000;
export const SEED_MAX = 99_999;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
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

export const TASK_STATUSES = ["generating", "pending", "completed", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** 0 in progress, 1 success, 2 failure (KIE's successFlag, repeated by our video-status). */
export function successFlagOf(status: string): 0 | 1 | 2 {
  if (status === "completed") return 1;
  if (status === "failed") return 2;
  return 0;
}

export function insufficientCreditsMessage(needed: number, model: VeoModel, have: number): string {
  return `You need ${needed} credits to generate a video with ${MODEL_CATALOGUE[model].label}. You have ${have} credits.`;
}

export type { VideoTaskView } from "./schemas/videos.js";

/**
 * The quality label: '4K' once the 4K file exists, '1080p HD' once the 1080p file exists,
 * '720p (Processing HD...)' while that is being made (every aspect ratio gets one now: issue 22), else '720p'.
 */
export function qualityLabel(task: {
  hdVideoUrl: string | null;
  hdStatus: string;
  uhdVideoUrl?: string | null;
}): string {
  if (task.uhdVideoUrl) return "4K";
  if (task.hdVideoUrl) return "1080p HD";
  return task.hdStatus === "pending" ? "720p (Processing HD...)" : "720p";
}
