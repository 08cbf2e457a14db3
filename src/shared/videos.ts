/** Models, aspect ratios and the rules about them that both sides need. */
export const MODELS = ["veo3", "veo3_fast"] as const;
export type VeoModel = (typeof MODELS)[number];
export const ASPECT_RATIOS = ["16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const MODEL_LABELS: Record<VeoModel, string> = { veo3: "Veo3 (Quality)", veo3_fast: "Veo3 Fast" };

/** What a video costs until the admin changes it (the default prices): credits on the website and through the API. */
export const DEFAULT_PRICES = {
  veo3: { web: 5, api: 10 },
  veo3_fast: { web: 1, api: 2 },
} as const satisfies Record<VeoModel, { web: number; api: number }>;

export const SEED_MIN = 10_000;
export const SEED_MAX = 99_999;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const PROMPT_MAX = 5_000;

export const TASK_STATUSES = ["generating", "pending", "completed", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** 0 in progress, 1 success, 2 failure (KIE's successFlag, repeated by our video-status). */
export function successFlagOf(status: string): 0 | 1 | 2 {
  if (status === "completed") return 1;
  if (status === "failed") return 2;
  return 0;
}

export function insufficientCreditsMessage(needed: number, model: VeoModel, have: number): string {
  return `You need ${needed} credits to generate a video with ${MODEL_LABELS[model]}. You have ${have} credits.`;
}

/** Only 16:9 videos get a 1080p version. */
export const HD_ASPECT_RATIO = "16:9";
export function supportsHd(aspectRatio: string): boolean {
  return aspectRatio === HD_ASPECT_RATIO;
}

export type { VideoTaskView } from "./schemas/videos.js";

/** The quality label: '1080p HD' once the 1080p file exists, '720p (Processing HD...)' for 16:9 without it, else '720p'. */
export function qualityLabel(task: { hdVideoUrl: string | null; aspectRatio: string }): string {
  if (task.hdVideoUrl) return "1080p HD";
  return supportsHd(task.aspectRatio) ? "720p (Processing HD...)" : "720p";
}
