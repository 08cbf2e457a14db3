/**
 * A job's images as the Gemini API takes them: bytes inline in base64, never a URL (the AI SDK's
 * Google provider ignores URLs), PNG or JPEG only (video-vendors-2026.md §1.3; the simulator plays
 * the same narrow reading). Anything else (our uploads may be WebP) is converted to PNG.
 *
 * How the bytes are wrapped is unconfirmed: Google's REST samples write `{inlineData: {mimeType,
 * data}}`, its Gen AI SDK sends `{bytesBase64Encoded, mimeType}`. Both shapes are built here; the
 * maker picks one and switches when Google names the other as an unknown field.
 */
import sharp from "sharp";
import type { JobImage } from "../video/port.js";
import { withDecodeSlot } from "../media/decode-slots.js";
import { MAX_IMAGE_PIXELS } from "../../../shared/videos.js";
import { VendorError } from "../video/errors.js";

const IMAGE_ENCODINGS = ["inlineData", "bytesBase64Encoded"] as const;
export type ImageEncoding = (typeof IMAGE_ENCODINGS)[number];

/** An image ready to send: its type and its bytes in base64. */
export interface InlineImage {
  mimeType: "image/png" | "image/jpeg";
  data: string;
}

const DECODE_SECONDS = 20;

/** Reads the image and converts it to PNG unless it is PNG or JPEG already. */
export async function inlineImage(image: JobImage): Promise<InlineImage> {
  const file = await image.read();
  // The bytes are all Google can take: without them there is nothing to send (and no URL to fall back on).
  if (!file) throw new VendorError("rejected", "An image could not be read, so it cannot be sent to Google");
  const mime = file.mime.toLowerCase();
  if (mime === "image/png" || mime === "image/jpeg") return { mimeType: mime, data: file.data.toString("base64") };
  let png: Buffer;
  try {
    // One of the process's decode slots, like every decode (decision 0134).
    png = await withDecodeSlot(() =>
      sharp(file.data, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
        .timeout({ seconds: DECODE_SECONDS })
        .png()
        .toBuffer(),
    );
  } catch {
    throw new VendorError("rejected", `An image (${mime}) could not be converted to PNG for Google`);
  }
  return { mimeType: "image/png", data: png.toString("base64") };
}

/** The image in the given wrapping, as an instance's `image`, `lastFrame` or a reference's `image`. */
export function encodeImage(image: InlineImage, encoding: ImageEncoding): Record<string, unknown> {
  return encoding === "inlineData"
    ? { inlineData: { mimeType: image.mimeType, data: image.data } }
    : { bytesBase64Encoded: image.data, mimeType: image.mimeType };
}

/** The encoding a 400 says Google does not know (`Unknown name "inlineData" at …`), if that is what it says. */
export function refusedEncoding(message: string | undefined): ImageEncoding | undefined {
  return IMAGE_ENCODINGS.find((encoding) => message?.includes(`Unknown name "${encoding}"`));
}
