/**
 * Our jobs in the words of KIE's Market models (kie-2026.md §2.5, kie-market-2026-11.md §1.3):
 * one function per input shape turns a model, mode and options into `{model, input}` for
 * POST /api/v1/jobs/createTask. Veo 3.1 on the Market is market.ts's marketCreateBody. Adding a
 * Market model whose input matches a family here is one catalogue entry and one line below.
 */
import type { ModelId } from "../../../shared/catalogue.js";
import type { VideoJob } from "../video/port.js";

/** A job with its images as the URLs KIE will fetch. */
type MarketJob = Omit<VideoJob, "images" | "callBackUrl"> & { imageUrls: readonly string[] };
type MarketInput = { model: string; input: Record<string, unknown> };

/** Kling 3.0: one id for text and frames; std/pro/4K is its resolution; `sound` on request. */
function kling30(job: MarketJob): MarketInput {
  const mode = { "720p": "std", "1080p": "pro", "4k": "4K" }[job.resolution as "720p" | "1080p" | "4k"] ?? "std";
  return {
    model: "kling-3.0/video",
    input: {
      prompt: job.prompt,
      ...(job.imageUrls.length > 0 ? { image_urls: [...job.imageUrls] } : {}),
      sound: job.audio,
      duration: String(job.durationSeconds),
      aspect_ratio: job.aspectRatio,
      mode,
      multi_shots: false,
    },
  };
}

/** Kling 2.6: one id per mode; the image mode takes no aspect ratio (the video follows the image). */
function kling26(job: MarketJob): MarketInput {
  const image = job.imageUrls.length > 0;
  return {
    model: image ? "kling-2.6/image-to-video" : "kling-2.6/text-to-video",
    input: {
      prompt: job.prompt,
      ...(image ? { image_urls: [job.imageUrls[0]!] } : { aspect_ratio: job.aspectRatio }),
      sound: job.audio,
      duration: String(job.durationSeconds),
    },
  };
}

/** Seedance 2: first and last frame, or up to 9 references; integer seconds; audio on request. */
function seedance2(job: MarketJob): MarketInput {
  const [first, last] = job.imageUrls;
  const frames =
    job.mode === "image"
      ? { ...(first ? { first_frame_url: first } : {}), ...(last ? { last_frame_url: last } : {}) }
      : {};
  return {
    model: "bytedance/seedance-2",
    input: {
      prompt: job.prompt,
      ...frames,
      ...(job.mode === "reference" ? { reference_image_urls: [...job.imageUrls] } : {}),
      generate_audio: job.audio,
      resolution: job.resolution,
      aspect_ratio: job.aspectRatio,
      duration: job.durationSeconds,
    },
  };
}

/** Seedance 1.5 Pro: `input_urls` for its frames; the duration as a number (the October page). */
function seedance15(job: MarketJob): MarketInput {
  return {
    model: "bytedance/seedance-1.5-pro",
    input: {
      prompt: job.prompt,
      ...(job.imageUrls.length > 0 ? { input_urls: [...job.imageUrls] } : {}),
      aspect_ratio: job.aspectRatio,
      resolution: job.resolution,
      duration: job.durationSeconds,
      generate_audio: job.audio,
    },
  };
}

/** Hailuo 2.3 Pro: image to video only, one `image_url`; 768P or 1080P in capitals. */
function hailuo23(job: MarketJob): MarketInput {
  return {
    model: "hailuo/2-3-image-to-video-pro",
    input: {
      prompt: job.prompt,
      image_url: job.imageUrls[0],
      duration: String(job.durationSeconds),
      resolution: job.resolution.toUpperCase(),
    },
  };
}

/** Wan 2.6: one id per mode; no aspect ratio and no sound. */
function wan26(job: MarketJob): MarketInput {
  const image = job.imageUrls.length > 0;
  return {
    model: image ? "wan/2-6-image-to-video" : "wan/2-6-text-to-video",
    input: {
      prompt: job.prompt,
      ...(image ? { image_urls: [job.imageUrls[0]!] } : {}),
      duration: String(job.durationSeconds),
      resolution: job.resolution,
    },
  };
}

/**
 * Wan 2.7 (decision 0179): one id per mode. Text names its shape `ratio`; an image job sends its
 * first frame and an optional last one and follows them. The duration is a number (2-15); sound
 * comes with every video and has no field; `prompt_extend` and `watermark` keep KIE's defaults.
 */
function wan27(job: MarketJob): MarketInput {
  const [first, last] = job.imageUrls;
  return {
    model: first === undefined ? "wan/2-7-text-to-video" : "wan/2-7-image-to-video",
    input: {
      prompt: job.prompt,
      ...(first === undefined
        ? { ratio: job.aspectRatio }
        : { first_frame_url: first, ...(last !== undefined ? { last_frame_url: last } : {}) }),
      duration: job.durationSeconds,
      resolution: job.resolution,
      ...(job.seed !== undefined ? { seed: job.seed } : {}),
    },
  };
}

/** The Market's input for each of our models besides Veo. */
export const MARKET_INPUTS: Partial<Record<ModelId, (job: MarketJob) => MarketInput>> = {
  kling3: kling30,
  kling26,
  seedance2,
  seedance15_pro: seedance15,
  hailuo23_pro: hailuo23,
  wan27,
  wan26,
};
