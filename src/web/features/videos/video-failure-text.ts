/**
 * Why a video could not be made, in the person's language (issue 71 §3, decision 0163): the reason
 * is told from the task's stored message (the vendor's, or the server's own worded sentence) by
 * shared/video-failures.ts; the words, with what to do next, are here. A declined prompt is titled
 * as one, never as a failure.
 */
import { plural, t } from "@lingui/core/macro";
import type { ErrorParams } from "../../../shared/error-reasons";
import { isDeclined, VIDEO_FAILURES, videoFailureOf, type VideoFailure } from "../../../shared/video-failures";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { addReasonTexts } from "@/lib/error-text";

/** The reason of a failed task: its message, and its failure kind when the server stored one. */
export function taskFailure(task: Pick<VideoTaskView, "errorMessage"> & { failureKind?: string | null }): VideoFailure {
  return videoFailureOf(task.errorMessage, { refused: task.failureKind === "refused" });
}

/** A failed task the vendor declined for its content: stored as refused, or told so by its message. */
export function isDeclinedTask(
  task: Pick<VideoTaskView, "status" | "errorMessage"> & { failureKind?: string | null },
): boolean {
  return task.status === "failed" && (task.failureKind === "refused" || isDeclined(taskFailure(task)));
}

/** What happened and what to do next; `model` is the model's label, or empty when not known. */
export function videoFailureText(failure: VideoFailure, model?: string): string {
  const name = model?.trim();
  switch (failure) {
    case "prompt_declined":
      return name
        ? t`${name} declined this prompt under its content rules. Try describing the scene in other words.`
        : t`The video model declined this prompt under its content rules. Try describing the scene in other words.`;
    case "image_declined":
      return name
        ? t`${name} declined an image of this video under its content rules. Try another image.`
        : t`The video model declined an image of this video under its content rules. Try another image.`;
    case "english_only":
      return name
        ? t`${name} takes prompts in English only. Write the prompt in English and try again.`
        : t`The video model takes prompts in English only. Write the prompt in English and try again.`;
    case "image_unreachable":
      return t`The video service could not download an image of this video. Upload the image again, or use another one.`;
    case "image_unusable":
      return name
        ? t`${name} could not use an image of this video. Try another image, as a JPG or PNG file.`
        : t`The video model could not use an image of this video. Try another image, as a JPG or PNG file.`;
    case "audio_failed":
      return name
        ? t`${name} could not make the sound for this video. Add a sound cue to the prompt, for example “SFX: waves on the shore”, and try again.`
        : t`The video model could not make the sound for this video. Add a sound cue to the prompt, for example “SFX: waves on the shore”, and try again.`;
    case "vendor_outage":
      return t`The video service had a problem on its side. Please try again in a few minutes.`;
    case "vendor_busy":
      return t`The video service was busy. Please try again in a few minutes.`;
    case "timed_out":
      return t`The video took too long to make and was stopped. Please try again in a few minutes.`;
    case "interrupted":
      return t`The submission was interrupted before the video service took it. Please try again.`;
    case "unknown_to_vendor":
      return t`The video service lost track of this video. Please try again.`;
    case "not_submitted":
      return t`The video could not be submitted. Please try again in a few minutes.`;
    case "extend_after_hd":
      return t`This video cannot be extended after its 1080p version was made. Make a new video from the prompt instead.`;
    case "model_retired":
      return t`This model is no longer offered. Choose another model and try again.`;
    case "request_declined":
      return name
        ? t`${name} could not accept this request. Check the prompt and the images, then try again.`
        : t`The video model could not accept this request. Check the prompt and the images, then try again.`;
    case "generation_failed":
      return name
        ? t`${name} could not make this video. Try again, or change the prompt a little.`
        : t`The video model could not make this video. Try again, or change the prompt a little.`;
  }
}

/** A failed task's reason in the person's language. */
export function taskFailureText(
  task: Pick<VideoTaskView, "errorMessage"> & { model: string; failureKind?: string | null },
): string {
  return videoFailureText(taskFailure(task), modelLabel(task.model));
}

/** The title over a video that could not be made: a declined prompt is said as such. */
export function failureTitle(declined: boolean): string {
  return declined ? t`Prompt declined` : t`Video could not be made`;
}

/** An automatic refund's row in the history (the server's `failure` beside its English description). */
export function refundRowText(failure: { reason: VideoFailure; model: string }): string {
  const why = videoFailureText(failure.reason, failure.model);
  return isDeclined(failure.reason)
    ? t`Refund for a declined prompt: ${why}`
    : t`Refund for a video that could not be made: ${why}`;
}

const isFailure = (value: unknown): value is VideoFailure => (VIDEO_FAILURES as readonly unknown[]).includes(value);

/** "Your 2 credits were refunded." after the reason, when the server said how many. */
function refundedText(params: ErrorParams): string {
  const credits = params.credits === undefined ? undefined : Number(params.credits);
  return credits === undefined || !Number.isFinite(credits)
    ? t`Your credits were refunded.`
    : plural(credits, { one: "Your # credit was refunded.", other: "Your # credits were refunded." });
}

// A video the vendor refused when it was submitted (generate-submit.ts): the reason and the refund.
addReasonTexts((reason, params) => {
  if (reason !== "video_refused" || !isFailure(params.failure)) return undefined;
  return `${videoFailureText(params.failure, String(params.model ?? ""))} ${refundedText(params)}`;
});
