/** What a person is told when a reference image is refused by its bytes (decision 0090). */
import { AppError } from "../../http/errors.js";
import type { ImageRefused } from "../../integrations/media/image-check.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../../../shared/videos.js";

export const IMAGE_REFUSALS = {
  notImage:
    "This file is not a JPG, PNG or WebP image that can be read (its content was checked, not its name). " +
    "Only JPG, PNG or WebP images can be used.",
  tooManyPixels: `This image has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be used. Please choose a smaller image.`,
  tooLarge: `The image must be ${MAX_IMAGE_BYTES / (1024 * 1024)} MB or smaller. Please choose a smaller image.`,
} as const;

export function imageRefusal(err: ImageRefused): AppError {
  switch (err.problem) {
    case "not_image":
      return new AppError("unsupported_media_type", IMAGE_REFUSALS.notImage, reasoned("image_type"));
    case "too_many_pixels":
      return new AppError(
        "payload_too_large",
        IMAGE_REFUSALS.tooManyPixels,
        reasoned("image_pixels", { megapixels: MAX_IMAGE_PIXELS / 1_000_000 }),
      );
    case "too_large":
      return new AppError("payload_too_large", IMAGE_REFUSALS.tooLarge);
  }
}
