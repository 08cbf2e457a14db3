/**
 * A reference image checked by its bytes and cleaned before we keep it or hand it to a provider
 * (decision 0090). sharp (libvips) decodes it: what it decodes to is the format, whatever the file
 * was called or declared to be. It is then drawn upright by its EXIF orientation and encoded
 * again in that format with no metadata at all (EXIF with GPS positions and device names, XMP,
 * IPTC, ICC profiles, comments, trailing bytes), so only its pixels leave this server. The decode
 * takes one of the process's few decode slots (decode-slots.ts, decision 0134).
 */
import sharp, { type OutputInfo } from "sharp";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../../../shared/videos.js";
import type { ImageType } from "../storage/uploads.js";
import { withDecodeSlot } from "./decode-slots.js";

// Each image is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

export type ImageFormat = "jpeg" | "png" | "webp";

const TYPES: Record<ImageFormat, ImageType> = {
  jpeg: { ext: "jpg", mime: "image/jpeg" },
  png: { ext: "png", mime: "image/png" },
  webp: { ext: "webp", mime: "image/webp" },
};

/** Why an image was refused: not a decodable image of an allowed format, too many pixels, too large once cleaned. */
export type ImageProblem = "not_image" | "too_many_pixels" | "too_large";

export class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`image refused: ${problem}`);
    this.name = "ImageRefused";
  }
}

export interface CleanImage {
  data: Buffer;
  type: ImageType;
  width: number;
  height: number;
}

const DECODE_SECONDS = 20;

/**
 * Decodes `input` and encodes it again without metadata. Throws ImageRefused when it is not a
 * JPEG, PNG or WebP (of `allowed`) that decodes without error, has more than MAX_IMAGE_PIXELS
 * pixels (a decompression bomb stops there, before its pixels are allocated, and without waiting
 * for a decode slot), or comes out over MAX_IMAGE_BYTES. An animated image keeps its first frame.
 */
export async function cleanImage(
  input: Buffer,
  allowed: readonly ImageFormat[] = ["jpeg", "png", "webp"],
): Promise<CleanImage> {
  const options = { failOn: "error", limitInputPixels: false } as const;
  let format: ImageFormat;
  try {
    // The header alone: the format and size, before a pixel is decoded.
    const meta = await sharp(input, options).metadata();
    if (!isAllowed(meta.format, allowed)) throw new ImageRefused("not_image");
    if (!meta.width || !meta.height) throw new ImageRefused("not_image");
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageRefused("too_many_pixels");
    format = meta.format;
  } catch (err) {
    if (err instanceof ImageRefused) throw err;
    throw new ImageRefused("not_image");
  }
  let out: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(input, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
      .timeout({ seconds: DECODE_SECONDS })
      .autoOrient();
    // No keepMetadata()/withMetadata(): sharp writes none of the input's metadata.
    const encoded =
      format === "jpeg" ? image.jpeg({ quality: 92 }) : format === "png" ? image.png() : image.webp({ quality: 92 });
    out = await withDecodeSlot(() => encoded.toBuffer({ resolveWithObject: true }));
  } catch (err) {
    if (/pixel limit/i.test(String(err))) throw new ImageRefused("too_many_pixels");
    throw new ImageRefused("not_image");
  }
  if (out.data.length > MAX_IMAGE_BYTES) throw new ImageRefused("too_large");
  return { data: out.data, type: TYPES[format], width: out.info.width, height: out.info.height };
}

function isAllowed(format: string | undefined, allowed: readonly ImageFormat[]): format is ImageFormat {
  return (allowed as readonly string[]).includes(format ?? "");
}
