/** How tasks are shown: labels, colours and which file plays. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { MODE_CATALOGUE, MODES, type GenerationMode } from "../../../shared/catalogue";
import type { VideoTaskView } from "../../../shared/videos";
import type { BadgeProps } from "@/components/ui/badge";
import { imageSlotLabel, modeLabel as catalogueModeLabel } from "@/lib/catalogue-text";
import { sameSiteUrl } from "@/lib/media-url";
import { isDeclinedTask, taskFailure, taskFailureText, videoFailureText } from "./video-failure-text";

/** Prompts are cut at 60 characters in cards. */
export const CARD_PROMPT_MAX = 60;

export interface StatusMeta {
  /** Rendered with `t(label)` (useLingui), so it follows the language. */
  label: MessageDescriptor;
  variant: NonNullable<BadgeProps["variant"]>;
}

/**
 * A failed video the provider refused for its content (decision 0082): shown as a declined prompt,
 * not as a failure. Stored as refused, or told so by its message (a task followed by its status).
 */
export function isRefused(
  task: Pick<VideoTaskView, "status" | "failureKind"> & { errorMessage?: string | null },
): boolean {
  return isDeclinedTask({ ...task, errorMessage: task.errorMessage ?? null });
}

/**
 * Status colours: completed green, generating/pending yellow, failed red, refused (a failed video
 * whose failureKind is 'refused', decision 0082) amber, anything else neutral.
 */
export function statusMeta(status: string, failureKind?: string | null): StatusMeta {
  if (status === "failed" && failureKind === "refused") return { label: msg`Declined`, variant: "warning" };
  switch (status) {
    case "completed":
      return { label: msg`Completed`, variant: "success" };
    case "generating":
      return { label: msg`Generating`, variant: "warning" };
    case "pending":
      return { label: msg`Pending`, variant: "warning" };
    case "failed":
      return { label: msg`Failed`, variant: "destructive" };
    default:
      return { label: msg`Processing...`, variant: "secondary" };
  }
}

export function isInProgress(status: string): boolean {
  return status === "generating" || status === "pending";
}

/** "1 credit", "1,200 credits", in the active language. */
export function creditsText(n: number): string {
  return plural(n, { one: "# credit", other: "# credits" });
}

const isMode = (mode: string): mode is GenerationMode => (MODES as readonly string[]).includes(mode);

/** 'Text', 'Image' or 'Reference' in the active language; a mode no longer in the catalogue shows its id. */
export function modeLabel(mode: string): string {
  return isMode(mode) ? catalogueModeLabel(mode) : mode;
}

/** The label of each of a task's images: its mode's slot labels ('First frame', 'Reference 2'), else 'Image n'. */
export function imageLabels(task: Pick<VideoTaskView, "mode" | "imageUrls">): string[] {
  const { mode } = task;
  const slots = isMode(mode) ? MODE_CATALOGUE[mode].images.max : 0;
  return task.imageUrls.map((_, i) => {
    if (isMode(mode) && i < slots) return imageSlotLabel(mode, i);
    const position = i + 1;
    return t`Image ${position}`;
  });
}

export function createdViaLabel(createdVia: string): string {
  return createdVia === "api" ? "API" : t`Web`;
}

/**
 * The quality label: '4K' once the 4K file exists, '1080p HD' once the 1080p file exists,
 * '720p (Processing HD...)' while that is being made, else the resolution the video was made in
 * ('720p' for Veo; shared/videos.ts' qualityLabel in the active language).
 */
export function qualityLabel(
  task: Pick<VideoTaskView, "hdVideoUrl" | "hdStatus" | "uhdVideoUrl">,
  madeResolution = "720p",
): string {
  if (task.uhdVideoUrl) return "4K";
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a video format's name, the same in every language
  if (task.hdVideoUrl) return "1080p HD";
  return task.hdStatus === "pending" ? t`720p (Processing HD...)` : madeResolution;
}

/** The 720p file (first result URL), on this page's origin when it is ours. */
export function sdUrl(task: Pick<VideoTaskView, "resultUrls">): string | null {
  return sameSiteUrl(task.resultUrls[0]);
}

/**
 * What the player shows: a last-frame extension's joined video (both parts, decision 0159) once
 * ready, else 1080p when it exists, else 720p.
 */
export function playbackUrl(
  task: Pick<VideoTaskView, "resultUrls" | "hdVideoUrl"> &
    Partial<Pick<VideoTaskView, "joinStatus" | "joinedVideoUrl">>,
): string | null {
  const joined = task.joinStatus === "ready" ? sameSiteUrl(task.joinedVideoUrl) : null;
  return joined ?? sameSiteUrl(task.hdVideoUrl) ?? sdUrl(task);
}

export function isPlayable(task: Pick<VideoTaskView, "status" | "resultUrls" | "hdVideoUrl">): boolean {
  return task.status === "completed" && playbackUrl(task) !== null;
}

// Texts shared by several files: render them with `t(...)` from useLingui(), or `i18n._(...)` in callbacks.

/** The provider deleted the file before our copy was made (decision 0043). */
export const VIDEO_EXPIRED_MESSAGE = msg`This video expired before it could be saved.`;

/**
 * Why a video failed, in the active language and the product's words with what to do next
 * (decision 0163): never the vendor's own sentence. `model` (the task's model id) names the model.
 */
export function failureText(errorMessage: string | null, model?: string, failureKind?: string | null): string {
  return model
    ? taskFailureText({ errorMessage, model, failureKind })
    : videoFailureText(taskFailure({ errorMessage, failureKind }));
}
export const HD_NOTE = msg`1080p HD will be available in the next 2-3 minutes or possibly longer.`;
export const UHD_NOTE = msg`The 4K version takes 5-10 minutes.`;

/**
 * What "Keep extendable" does now that every finished video can be extended (decision 0159): Veo
 * continues a held video itself, and its 1080p version waits until asked for.
 */
export const KEEP_EXTENDABLE_HINT = msg`Lets Veo continue the video itself when you extend it: its 1080p version waits until you ask for it. Without it, the video is still extended, from its last frame.`;

/** The last 8 characters of a task id (as in download file names). */
export function shortTaskId(taskId: string): string {
  return taskId.length > 8 ? taskId.slice(-8) : taskId;
}
