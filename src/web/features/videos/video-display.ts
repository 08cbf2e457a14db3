/** How tasks are shown: labels, colours and which file plays. */
import { MODE_CATALOGUE } from "../../../shared/catalogue";
import type { VideoTaskView } from "../../../shared/videos";
import type { BadgeProps } from "@/components/ui/badge";
import { formatCredits } from "@/lib/format";

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

export { modelLabel } from "../../../shared/videos";

/** "1 credit", "1,200 credits". */
export function creditsText(n: number): string {
  return `${formatCredits(n)} ${n === 1 ? "credit" : "credits"}`;
}

/** 'Text', 'Image' or 'Reference'; a mode no longer in the catalogue shows its id. */
export function modeLabel(mode: string): string {
  return (MODE_CATALOGUE as Record<string, { label: string } | undefined>)[mode]?.label ?? mode;
}

/** The label of each of a task's images: its mode's slot labels ('First frame', 'Reference 2'), else 'Image n'. */
export function imageLabels(task: Pick<VideoTaskView, "mode" | "imageUrls">): string[] {
  const labels = (MODE_CATALOGUE as Record<string, { imageLabels: readonly string[] } | undefined>)[task.mode]?.imageLabels ?? [];
  return task.imageUrls.map((_, i) => labels[i] ?? `Image ${i + 1}`);
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
export const UHD_NOTE = "The 4K version takes 5-10 minutes.";

/** Extending (decision 0050): KIE cannot extend a video once its 1080p version was made. */
export const KEEP_EXTENDABLE_HINT = "Extend it later with a new prompt; a video can no longer be extended once its 1080p version is made.";
export const NOT_EXTENDABLE_REASON = "Videos can be extended only before their 1080p version is made";
export const HD_HELD_NOTE = "1080p is held so you can extend this video.";

/** A finished video KIE can still extend: its 1080p version held or never asked for. */
export function isExtendable(task: Pick<VideoTaskView, "status" | "videoExpired" | "hdStatus" | "hdVideoUrl">): boolean {
  return task.status === "completed" && !task.videoExpired && !task.hdVideoUrl && (task.hdStatus === "held" || task.hdStatus === "none");
}

/** A finished video that can no longer be extended because its 1080p version exists or was asked for. */
export function isPastExtending(task: Pick<VideoTaskView, "status" | "videoExpired" | "hdStatus" | "hdVideoUrl">): boolean {
  return task.status === "completed" && !task.videoExpired && !isExtendable(task);
}

/** The last 8 characters of a task id (as in download file names). */
export function shortTaskId(taskId: string): string {
  return taskId.length > 8 ? taskId.slice(-8) : taskId;
}
