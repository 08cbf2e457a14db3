/** How tasks are shown: labels, colours and which file plays. */
import { MODEL_LABELS, type VideoTaskView } from "../../../shared/videos";
import type { BadgeProps } from "@/components/ui/badge";

/** Prompts are cut at 60 characters in cards. */
export const CARD_PROMPT_MAX = 60;

export interface StatusMeta {
  label: string;
  variant: NonNullable<BadgeProps["variant"]>;
}

/** Status colours: completed green, generating/pending yellow, failed red, anything else neutral. */
export function statusMeta(status: string): StatusMeta {
  switch (status) {
    case "completed":
      return { label: "Completed", variant: "success" };
    case "generating":
      return { label: "Generating", variant: "warning" };
    case "pending":
      return { label: "Pending", variant: "warning" };
    case "failed":
      return { label: "Failed", variant: "destructive" };
    default:
      return { label: "Processing...", variant: "secondary" };
  }
}

export function isInProgress(status: string): boolean {
  return status === "generating" || status === "pending";
}

export function modelLabel(model: string): string {
  return (MODEL_LABELS as Record<string, string>)[model] ?? model;
}

export function createdViaLabel(createdVia: string): string {
  return createdVia === "api" ? "API" : "Web";
}

/** The 720p file (first result URL). */
export function sdUrl(task: Pick<VideoTaskView, "resultUrls">): string | null {
  return task.resultUrls[0] ?? null;
}

/** What the player shows: 1080p when it exists, else 720p. */
export function playbackUrl(task: Pick<VideoTaskView, "resultUrls" | "hdVideoUrl">): string | null {
  return task.hdVideoUrl ?? sdUrl(task);
}

export function isPlayable(task: Pick<VideoTaskView, "status" | "resultUrls" | "hdVideoUrl">): boolean {
  return task.status === "completed" && playbackUrl(task) !== null;
}

/** The provider deleted the file before our copy was made (decision 0043). */
export const VIDEO_EXPIRED_MESSAGE = "This video expired before it could be saved";
export const FAILED_FALLBACK_MESSAGE = "An error occurred during video generation";
export const GENERATING_HINT = "This usually takes 30s - 1 minute";
export const HD_NOTE = "1080p HD will be available in the next 2-3 minutes or possibly longer.";
