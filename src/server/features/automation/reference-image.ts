/**
 * The reference image of an automation request: an http(s) URL, fetched and checked like every
 * linked image when the video is made (videos/linked-images.ts, decision 0094), or base64 data, plain or as a data: URL, decoded and checked to be a JPG or PNG
 * of at most MAX_IMAGE_BYTES, then decoded and re-encoded without metadata (checkedImage, decision
 * 0090) before it is stored as a temporary upload.
 */
import { badRequest } from "../../http/errors.js";
import { cleanImage, ImageRefused } from "../../integrations/media/image-check.js";
import { detectImageType, type ImageType } from "../../integrations/storage/uploads.js";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../../../shared/videos.js";

export type ImageInput = { kind: "url"; url: string } | { kind: "base64"; data: Buffer; type: ImageType };

const MAX_MB = MAX_IMAGE_BYTES / (1024 * 1024);

export const IMAGE_MESSAGES = {
  badUrl: "The image URL is not a valid http(s) URL.",
  otherScheme: "Image URLs must start with http:// or https://.",
  dataNotBase64: "Data URLs must be base64 encoded, like data:image/png;base64,iVBORw0...",
  badBase64:
    "The image is neither an http(s) URL nor valid base64 data. Send a JPG/PNG URL, base64 image data or a data:image/png;base64,... URL.",
  notImage: "The base64 data is not a JPG or PNG image.",
  unreadable: "The base64 data is not a JPG or PNG image that can be read (its content was checked, not its type).",
  tooManyPixels: `The base64 image has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be used.`,
  tooLarge: `The base64 image must be ${MAX_MB} MB or smaller once decoded.`,
} as const;

// Standard or URL-safe alphabet. Checked by searching for one character outside it: a pattern
// with a quantifier over the whole string (`^[...]+={0,2}$`, with or without an alternation)
// overflowed V8's regexp stack on a 13 MB image now and then (a flaky RangeError in CI); a search
// for a single character keeps no backtracking state.
const OUTSIDE_STANDARD = /[^A-Za-z0-9+/]/;
const OUTSIDE_URL_SAFE = /[^A-Za-z0-9_-]/;
const inOneAlphabet = (text: string) => !OUTSIDE_STANDARD.test(text) || !OUTSIDE_URL_SAFE.test(text);

export function parseImageInput(value: string): ImageInput {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return { kind: "url", url: httpUrl(text) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) throw badRequest(IMAGE_MESSAGES.otherScheme);
  if (/^data:/i.test(text)) {
    const comma = text.indexOf(",");
    const meta = comma === -1 ? "" : text.slice(5, comma);
    if (!/;base64$/i.test(meta)) throw badRequest(IMAGE_MESSAGES.dataNotBase64);
    return decodeBase64Image(text.slice(comma + 1));
  }
  return decodeBase64Image(text);
}

function httpUrl(text: string): string {
  try {
    const url = new URL(text);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) return text;
  } catch {
    // falls through to the message
  }
  throw badRequest(IMAGE_MESSAGES.badUrl);
}

/** Standard or URL-safe base64, line breaks allowed, padding optional. */
function decodeBase64Image(encoded: string): ImageInput {
  const compact = encoded.replace(/\s+/g, "");
  let end = compact.length;
  while (end > 0 && compact[end - 1] === "=") end--;
  const unpadded = compact.slice(0, end);
  const padding = compact.length - end;
  if (
    !unpadded ||
    !inOneAlphabet(unpadded) ||
    padding > 2 ||
    unpadded.length % 4 === 1 ||
    (padding > 0 && compact.length % 4 !== 0)
  ) {
    throw badRequest(IMAGE_MESSAGES.badBase64);
  }
  if (Math.floor((unpadded.length * 3) / 4) > MAX_IMAGE_BYTES) throw badRequest(IMAGE_MESSAGES.tooLarge);
  const data = Buffer.from(unpadded, /[-_]/.test(unpadded) ? "base64url" : "base64");
  const type = detectImageType(data);
  if (!type || (type.ext !== "jpg" && type.ext !== "png")) throw badRequest(IMAGE_MESSAGES.notImage);
  return { kind: "base64", data, type };
}

/** A base64 image decoded for real and re-encoded without metadata, under the type it really is (decision 0090). */
export async function checkedImage(image: ImageInput): Promise<ImageInput> {
  if (image.kind === "url") return image;
  try {
    const clean = await cleanImage(image.data, ["jpeg", "png"]);
    return { kind: "base64", data: clean.data, type: clean.type };
  } catch (err) {
    if (!(err instanceof ImageRefused)) throw err;
    if (err.problem === "too_many_pixels") throw badRequest(IMAGE_MESSAGES.tooManyPixels);
    if (err.problem === "too_large") throw badRequest(IMAGE_MESSAGES.tooLarge);
    throw badRequest(IMAGE_MESSAGES.unreadable);
  }
}
