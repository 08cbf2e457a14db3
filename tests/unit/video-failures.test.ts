/**
 * Vendor refusals and failures in our words (issue 71 §3, decision 0163): every message a vendor
 * is known to send (kie-2026.md §1.5, §1.10, §5.2; kie-market-2026-11.md #7, #9;
 * video-vendors-2026.md §1.7; the simulator's) has a reason, and the reason's sentence says what
 * happened and what to do next, never in the vendor's words.
 */
import { describe, expect, it } from "vitest";
import {
  autoRefundDetail,
  isDeclined,
  refundDescription,
  refundedSentence,
  VIDEO_FAILURES,
  videoFailureOf,
  videoFailureSentence,
  type VideoFailure,
} from "../../src/shared/video-failures.js";
import { isContentRefusal, TASK_FAILURES } from "../../src/shared/videos.js";
import { GENERATE_ERRORS, REJECT_MSG } from "../../src/server/simulator/markers.js";
import { FAILURE_MSG } from "../../src/server/simulator/task-state.js";

/** The vendor's message, its code where the vendor gives one, and the reason it must read as. */
const VENDOR_MESSAGES: [string, number | undefined, VideoFailure][] = [
  // KIE's Veo API: record-info errorCode 400/500/501 and the callbacks' msg (kie-2026.md §1.5, §1.10).
  ["Your prompt was flagged by Website as violating content policies.", 400, "prompt_declined"],
  ["Only English prompts are supported at this time.", 400, "english_only"],
  [
    "Failed to fetch the image. Kindly verify any access limits set by you or your service provider.",
    400,
    "image_unreachable",
  ],
  ["public error unsafe image upload.", 400, "image_declined"],
  ["Internal Error, Please try again later.", 500, "vendor_outage"],
  ["Internal Error - Timeout", 500, "vendor_outage"],
  ["Failed - Video generation task failed", 501, "generation_failed"],
  // KIE's generate answers (§5.2), as the simulator's [sim:code-NNN] sends them.
  [GENERATE_ERRORS[408], 408, "vendor_outage"],
  [GENERATE_ERRORS[451], 451, "image_unreachable"],
  [GENERATE_ERRORS[455], 455, "vendor_outage"],
  [GENERATE_ERRORS[500], 500, "vendor_outage"],
  [GENERATE_ERRORS[501], 501, "generation_failed"],
  [GENERATE_ERRORS[505], 505, "vendor_outage"],
  ["Videos after 1080P generation cannot be extended", 422, "extend_after_hd"],
  // Veo image-to-video without a sound (kie-market-2026-11.md #7).
  ["The Google model was unable to generate audio", undefined, "audio_failed"],
  // The Market's failCode (a numeric string, read as a number) with its failMsg (§2.2, §2.3).
  ["Internal Error", 500, "vendor_outage"],
  ["<error detail>", 500, "vendor_outage"],
  ["<error detail>", 400, "request_declined"],
  ["<error detail>", 501, "generation_failed"],
  ["The content may violate our content policy.", 400, "prompt_declined"],
  // Google's Gemini API (video-vendors-2026.md §1.7) and its simulator.
  ["The video was blocked by the vendor's safety filters", undefined, "prompt_declined"],
  [
    "The video could not be generated because it may violate our safety policies (simulated). Please try a different prompt. You will not be charged for this request.",
    undefined,
    "prompt_declined",
  ],
  ["Video generation failed due to an internal error (simulated).", 13, "vendor_outage"],
  ["bad image", 3, "image_unusable"],
  ["Google finished the operation without a video", undefined, "generation_failed"],
  ["Google did not answer in time", undefined, "vendor_outage"],
  ["The video service could not be reached.", undefined, "vendor_outage"],
  ["The model is overloaded. Please try again later.", 503, "vendor_outage"],
  // KIE's simulator.
  [REJECT_MSG, 400, "prompt_declined"],
  [FAILURE_MSG, 501, "generation_failed"],
];

describe("a vendor's message as its reason", () => {
  it.each(VENDOR_MESSAGES)("%s (%s) reads as %s", (message, code, reason) => {
    expect(videoFailureOf(message, { code, refused: isContentRefusal(message) })).toBe(reason);
  });

  it("tells a refusal stored as refused (failure_kind) even in words it does not know", () => {
    expect(videoFailureOf("Rejected by the upstream moderation", { refused: true })).toBe("prompt_declined");
    expect(videoFailureOf("This image is not allowed", { refused: true })).toBe("image_declined");
    expect(videoFailureOf("Rejected by the upstream moderation")).toBe("generation_failed");
  });

  it("reads our own stored reasons by their text", () => {
    expect(videoFailureOf(TASK_FAILURES.generic)).toBe("generation_failed");
    expect(videoFailureOf(TASK_FAILURES.interrupted)).toBe("interrupted");
    expect(videoFailureOf(TASK_FAILURES.timedOut)).toBe("timed_out");
    expect(videoFailureOf(TASK_FAILURES.unknownToProvider)).toBe("unknown_to_vendor");
    expect(videoFailureOf(TASK_FAILURES.notSubmitted)).toBe("not_submitted");
    expect(videoFailureOf(null)).toBe("generation_failed");
    expect(videoFailureOf("   ")).toBe("generation_failed");
  });
});

describe("the reason's sentence", () => {
  it("says a declined prompt in the product's voice with a next step, never the vendor's words", () => {
    const said = videoFailureSentence(videoFailureOf(REJECT_MSG), "Veo3 Fast");
    expect(said).toBe(
      "Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words.",
    );
    expect(said).not.toMatch(/Website|flagged|KIE/);
  });

  it("suggests a sound cue for a missing sound and a few minutes' wait for an outage", () => {
    expect(videoFailureSentence("audio_failed", "Veo3 Lite")).toMatch(
      /Add a sound cue to the prompt, for example “SFX: /,
    );
    expect(videoFailureSentence("vendor_outage")).toBe(
      "The video service had a problem on its side. Please try again in a few minutes.",
    );
    expect(videoFailureSentence("generation_failed")).toMatch(/^The video model could not make this video\./);
  });

  it.each(VIDEO_FAILURES)("%s: whole sentences, read back as the same reason", (failure) => {
    for (const model of ["Veo3 Fast", "Kling 3.0", "Hailuo 2.3 Pro", undefined]) {
      const said = videoFailureSentence(failure, model);
      // At least two sentences: what happened, then what to do; each ends with its full stop.
      expect(said).toMatch(/^\S.*[.!?] \S.*[.!?]$/);
      expect(said).not.toMatch(/\bKIE\b|Website|undefined/);
      expect(videoFailureOf(said, { refused: isDeclined(failure) })).toBe(failure);
      // The web reads it back from the sentence alone too (a status answer carries no failure kind).
      expect(videoFailureOf(said)).toBe(failure);
    }
  });
});

describe("the refund row", () => {
  it("says why in our words and is told apart from every other row", () => {
    const row = refundDescription("prompt_declined", "Veo3 (Quality)");
    expect(row).toBe(
      "Refund for a declined prompt: Veo3 (Quality) declined this prompt under its content rules. Try describing the scene in other words.",
    );
    expect(autoRefundDetail(row)).toBe(videoFailureSentence("prompt_declined", "Veo3 (Quality)"));
    expect(autoRefundDetail(`Refund for failed video: ${REJECT_MSG}`)).toBe(REJECT_MSG);
    expect(refundDescription("vendor_outage")).toMatch(/^Refund for a video that could not be made: The video service/);
    expect(autoRefundDetail("Refund of video “a cat” (12345678) by admin: broken")).toBeUndefined();
    expect(autoRefundDetail(null)).toBeUndefined();
  });

  it("counts the refunded credits in a sentence", () => {
    expect(refundedSentence(1)).toBe("Your 1 credit was refunded.");
    expect(refundedSentence(2)).toBe("Your 2 credits were refunded.");
  });
});
