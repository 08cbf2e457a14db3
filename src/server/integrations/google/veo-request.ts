/**
 * What Veo's predictLongRunning is sent and answers on both of Google's surfaces, the Gemini API
 * (veo-maker.ts) and Vertex AI (vertex-maker.ts): the same instance and parameters
 * (video-vendors-2026.md §1.3, §1.4), and the same way of saying a video was held back.
 */
import { asNumber } from "../kie/parse.js";
import { VendorError } from "../video/errors.js";
import type { VideoJob } from "../video/port.js";
import { encodeImage, type ImageEncoding, type InlineImage } from "./veo-images.js";

/** How many images each mode sends: a first (and last) frame, or up to three references. */
const IMAGE_COUNTS = { text: [0, 0], image: [1, 2], reference: [1, 3] } as const;

export const SAFETY_BLOCK = "The video was blocked by the vendor's safety filters";

/** Refuses a job whose images do not fit its mode, before anything is read or sent. */
export function assertImageCount(job: Pick<VideoJob, "mode" | "images">): void {
  const [min, max] = IMAGE_COUNTS[job.mode];
  if (job.images.length < min || job.images.length > max)
    throw new VendorError("rejected", `The ${job.mode} mode takes ${min} to ${max} images, not ${job.images.length}`);
}

/**
 * One video's request: the prompt and images in the instance, our Veo models' fixed options as
 * parameters (8-second 720p videos, catalogue.ts; 1080p and 4K are KIE's upgrades), and what a
 * surface adds: Vertex's `generateAudio`, a seed where it is sent.
 */
export function veoRequestBody(
  job: VideoJob,
  images: InlineImage[],
  encoding: ImageEncoding,
  extra: { generateAudio?: boolean; seed?: number | undefined } = {},
) {
  const wrap = (image: InlineImage) => encodeImage(image, encoding);
  const instance: Record<string, unknown> = { prompt: job.prompt };
  if (job.mode === "image") {
    instance.image = wrap(images[0]!);
    if (images[1]) instance.lastFrame = wrap(images[1]);
  } else if (job.mode === "reference") {
    instance.referenceImages = images.map((image) => ({ image: wrap(image), referenceType: "asset" }));
  }
  const parameters = {
    aspectRatio: job.aspectRatio,
    resolution: "720p",
    durationSeconds: 8,
    ...(extra.generateAudio !== undefined ? { generateAudio: extra.generateAudio } : {}),
    // Veo 3.1 takes only allow_all for text and only allow_adult with images (§1.3).
    personGeneration: job.mode === "text" ? "allow_all" : "allow_adult",
    sampleCount: 1,
    ...(extra.seed !== undefined ? { seed: extra.seed } : {}),
  };
  return { instances: [instance], parameters };
}

/**
 * A finished operation's safety block, as Google reports it (no video, a filtered count or
 * reasons): the reasons given in words, or undefined when nothing was held back.
 */
export function filteredReasons(result: Record<string, unknown> | undefined): string[] | undefined {
  const reasons = Array.isArray(result?.raiMediaFilteredReasons)
    ? result.raiMediaFilteredReasons.filter((r): r is string => typeof r === "string" && r.trim() !== "")
    : [];
  return (asNumber(result?.raiMediaFilteredCount) ?? 0) > 0 || reasons.length > 0 ? reasons : undefined;
}
