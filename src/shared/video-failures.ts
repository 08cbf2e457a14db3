/**
 * Why a video could not be made, in the product's words (issue 71 §3, decision 0163). A task keeps
 * the vendor's own message (`errorMessage`, the admin's diagnosis); whatever a person reads is
 * worded from it at read time: a reason (below), told from the vendor's words by patterns that
 * also recognise our own sentences, and an English sentence that says what happened and what to
 * do next. The web renders the same reason in the person's language.
 */
import { TASK_FAILURES } from "./videos.js";

export const VIDEO_FAILURES = [
  /** The vendor refused the prompt under its content rules. */
  "prompt_declined",
  /** The vendor refused an image under its content rules. */
  "image_declined",
  /** The model takes English prompts only (KIE's "Only English prompts are supported"). */
  "english_only",
  /** The vendor could not download an image (KIE's 451 "Failed to fetch the image"). */
  "image_unreachable",
  /** The vendor could not read or use an image (Google's "bad image"). */
  "image_unusable",
  /** The model could not make the sound (Veo image-to-video, kie-market-2026-11.md #7). */
  "audio_failed",
  /** The vendor is down, in maintenance or timed out on its side (500, 455, 408, 503). */
  "vendor_outage",
  /** The vendor was busy (rate limited). */
  "vendor_busy",
  /** The video took longer than we wait. */
  "timed_out",
  /** The submission was interrupted before the vendor accepted it. */
  "interrupted",
  /** The vendor has no record of the task. */
  "unknown_to_vendor",
  /** The video could not be submitted. */
  "not_submitted",
  /** An extension the vendor refused because the video's 1080p version was made. */
  "extend_after_hd",
  /** The vendor no longer offers the model. */
  "model_retired",
  /** The vendor refused the request for another reason (a 400 or 422 we do not know). */
  "request_declined",
  /** Anything else: the generation failed (KIE's 501, Google's operation error). */
  "generation_failed",
] as const;
export type VideoFailure = (typeof VIDEO_FAILURES)[number];

/** The failures that are the person's content refused, titled "Prompt declined" (decision 0082). */
const DECLINED_FAILURES: readonly VideoFailure[] = ["prompt_declined", "image_declined"];

export const isDeclined = (failure: VideoFailure): boolean => DECLINED_FAILURES.includes(failure);

/** Codes that say the vendor itself is out (KIE 408/455/500/505, Google 500/503/504). */
const OUTAGE_CODES = new Set([408, 455, 500, 502, 503, 504, 505]);

/** A vendor's words for refusing content (decision 0082's, and "content rules", ours). */
const REFUSAL_WORDS = /flagged|content polic|content rules|violat|safety|prohibit|sensitive|unsafe/i;
const IMAGE_WORD = /\bimage\b/i;

/**
 * Each reason's test, tried in this order: the vendor's words (kie-2026.md §1.5, §5.2;
 * kie-market-2026-11.md #7, #9; video-vendors-2026.md §1.7; the simulator's) and the start of our
 * own sentence, so a worded message is read back as the same reason. Every pattern is literal
 * alternatives, so a test takes time in proportion to the text (tests/unit/regex-backtracking).
 */
const TESTS: readonly (readonly [VideoFailure, (text: string) => boolean])[] = [
  ["english_only", (t) => /only english|english only|takes prompts in english/i.test(t)],
  ["image_unreachable", (t) => /fetch the image|fetch an image|fetched image|could not download an image/i.test(t)],
  ["audio_failed", (t) => /\baudio\b|could not make the sound/i.test(t)],
  ["image_declined", (t) => /unsafe image/i.test(t) || (IMAGE_WORD.test(t) && REFUSAL_WORDS.test(t))],
  ["prompt_declined", (t) => REFUSAL_WORDS.test(t)],
  ["extend_after_hd", (t) => /cannot be extended|could not be extended/i.test(t)],
  [
    "model_retired",
    (t) => /no longer offers this model|model is no longer offered|not supported for predictLongRunning/i.test(t),
  ],
  ["vendor_busy", (t) => /was busy|too many requests|rate limit/i.test(t)],
  [
    "vendor_outage",
    (t) =>
      /internal error|timeout|maintenance|service issues|unavailable|overloaded|could not be reached|did not answer|problem on its side|try again later/i.test(
        t,
      ),
  ],
  ["image_unusable", (t) => IMAGE_WORD.test(t)],
];

/** Our own stored reasons (TASK_FAILURES), told by their exact text. */
const OWN: Record<string, VideoFailure> = {
  [TASK_FAILURES.generic]: "generation_failed",
  [TASK_FAILURES.interrupted]: "interrupted",
  [TASK_FAILURES.timedOut]: "timed_out",
  [TASK_FAILURES.unknownToProvider]: "unknown_to_vendor",
  [TASK_FAILURES.notSubmitted]: "not_submitted",
};

/** The start of our own sentences for the reasons no vendor pattern finds. */
const OWN_STARTS: readonly (readonly [VideoFailure, RegExp])[] = [
  ["timed_out", /took too long to make/i],
  ["interrupted", /submission was interrupted/i],
  ["unknown_to_vendor", /lost track of this video/i],
  ["not_submitted", /could not be submitted/i],
  ["request_declined", /could not accept this request/i],
];

/**
 * The reason for a failed video: from its message (the vendor's or ours), whether it was stored
 * as refused (failure_kind, decision 0082), and the vendor's code where it is known.
 */
export function videoFailureOf(
  message: string | null | undefined,
  facts: { refused?: boolean; code?: number } = {},
): VideoFailure {
  const text = (message ?? "").trim();
  const own = OWN[text.replace(/\.$/, "")];
  if (own) return own;
  const found = TESTS.find(([, test]) => test(text))?.[0];
  if (found === "image_unusable" && facts.refused) return "image_declined";
  if (found) return found;
  if (facts.refused) return "prompt_declined";
  const start = OWN_STARTS.find(([, pattern]) => pattern.test(text))?.[0];
  if (start) return start;
  if (facts.code !== undefined && OUTAGE_CODES.has(facts.code)) return "vendor_outage";
  if (facts.code === 429) return "vendor_busy";
  if (facts.code === 400 || facts.code === 422) return "request_declined";
  return "generation_failed";
}

/** The subject of a sentence about the model: its label, or "The video model" when not known. */
const subject = (model: string | undefined): string => model?.trim() || "The video model";

/**
 * What happened and what to do next, in English (the API's messages, the refund row). `model` is
 * the model's label ("Veo 3.1 Fast"). The web says the same in the person's language
 * (src/web/features/videos/video-failure-text.ts).
 */
export function videoFailureSentence(failure: VideoFailure, model?: string): string {
  const who = subject(model);
  switch (failure) {
    case "prompt_declined":
      return `${who} declined this prompt under its content rules. Try describing the scene in other words.`;
    case "image_declined":
      return `${who} declined an image of this video under its content rules. Try another image.`;
    case "english_only":
      return `${who} takes prompts in English only. Write the prompt in English and try again.`;
    case "image_unreachable":
      return "The video service could not download an image of this video. Upload the image again, or use another one.";
    case "image_unusable":
      return `${who} could not use an image of this video. Try another image, as a JPG or PNG file.`;
    case "audio_failed":
      return `${who} could not make the sound for this video. Add a sound cue to the prompt, for example “SFX: waves on the shore”, and try again.`;
    case "vendor_outage":
      return "The video service had a problem on its side. Please try again in a few minutes.";
    case "vendor_busy":
      return "The video service was busy. Please try again in a few minutes.";
    case "timed_out":
      return "The video took too long to make and was stopped. Please try again in a few minutes.";
    case "interrupted":
      return "The submission was interrupted before the video service took it. Please try again.";
    case "unknown_to_vendor":
      return "The video service lost track of this video. Please try again.";
    case "not_submitted":
      return "The video could not be submitted. Please try again in a few minutes.";
    case "extend_after_hd":
      return "This video cannot be extended after its 1080p version was made. Make a new video from the prompt instead.";
    case "model_retired":
      return "This model is no longer offered. Choose another model and try again.";
    case "request_declined":
      return `${who} could not accept this request. Check the prompt and the images, then try again.`;
    case "generation_failed":
      return `${who} could not make this video. Try again, or change the prompt a little.`;
  }
}

/** "Your 1 credit was refunded.", "Your 2 credits were refunded." */
export function refundedSentence(credits: number): string {
  return `Your ${credits} credit${credits === 1 ? " was" : "s were"} refunded.`;
}

/**
 * How an automatic refund's row begins: before issue 71 (the vendor's words followed), then for a
 * declined prompt and for any other failure (our sentence follows). The history words them again.
 */
const AUTO_REFUND_PREFIXES = [
  "Refund for failed video: ",
  "Refund for a declined prompt: ",
  "Refund for a video that could not be made: ",
] as const;

/** The refund row of a video that could not be made, in English (the history shows it worded, decision 0163). */
export function refundDescription(failure: VideoFailure, model?: string): string {
  const prefix = isDeclined(failure) ? AUTO_REFUND_PREFIXES[1] : AUTO_REFUND_PREFIXES[2];
  return `${prefix}${videoFailureSentence(failure, model)}`.slice(0, 500);
}

/** The rest of an automatic refund's row after its beginning, or undefined for any other row. */
export function autoRefundDetail(description: string | null | undefined): string | undefined {
  const prefix = AUTO_REFUND_PREFIXES.find((p) => description?.startsWith(p));
  return prefix && description ? description.slice(prefix.length) : undefined;
}
