/**
 * An image from text on KIE's Market (decision 0161): the first frame of a video. Nano Banana 2's
 * input (https://docs.kie.ai/market/google/nanobanana2; the family's pages and clients agree):
 * `prompt`, `aspect_ratio` (1:1, 2:3, 3:2, 3:4, 4:3, 4:5, 5:4, 9:16, 16:9, 21:9, auto),
 * `resolution` (1K, 2K, 4K), `output_format` (jpg, png) and `image_input` (reference images, none
 * here). The task is read back like any Market job (client.jobRecord): `resultJson.resultUrls`.
 */
import type { AspectRatio } from "../../../shared/catalogue.js";

/** A video's first frame does not need more than 1K: the video models take it as their start. */
const FIRST_FRAME_RESOLUTION = "1K";

export function imageJobBody(
  model: string,
  asked: { prompt: string; aspectRatio: AspectRatio },
): { model: string; input: Record<string, unknown> } {
  return {
    model,
    input: {
      prompt: asked.prompt,
      aspect_ratio: asked.aspectRatio,
      resolution: FIRST_FRAME_RESOLUTION,
      output_format: "jpg",
      image_input: [],
    },
  };
}
