/**
 * Reference images given as links (decision 0094). A link is never handed to a provider as it is:
 * the server fetches it (public internet addresses only, each redirect checked again), checks it
 * by its bytes and re-encodes it without metadata (decision 0090), and stores it as a temporary
 * upload whose URL the provider gets instead. Our own upload URLs are kept as they are.
 *
 * Each link counts as one of the person's image uploads, before any is fetched, and a link that
 * cannot be fetched is answered the same way whether its host refused, stayed silent or answered
 * an error: the server is not a port scanner's probe (decision 0134).
 */
import type { IncomingMessage } from "node:http";
import { AppError } from "../../http/errors.js";
import { cleanImage, ImageRefused, type CleanImage } from "../../integrations/media/image-check.js";
import { BlockedAddressError, downloadPublic } from "../../integrations/http/public-download.js";
import { tooManyRequests, type RateLimiter } from "../../http/rate-limit.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { MAX_IMAGE_BYTES } from "../../../shared/videos.js";
import { imageRefusal } from "./image-refusal.js";
import { IMAGE_GONE } from "./upload-service.js";

export interface LinkedImageOptions {
  /** Loopback addresses may be fetched too (IMAGE_URLS_ALLOW_LOCAL). */
  allowLocal: boolean;
  /** The whole fetch of one image, redirects included. */
  timeoutMs?: number;
  /** The person's image uploads (imageUploadLimiter): each linked image is one (decision 0134). */
  uploadLimiter: Pick<RateLimiter, "hit">;
}

const FETCH_TIMEOUT_MS = 20_000;

/** The person's links, replaced by stored copies; `stored` names the copies made for this request. */
export interface KeptImages {
  urls: string[];
  stored: string[];
}

/**
 * Each link that is not one of our own uploads takes one of the person's image uploads, all counted
 * before any is fetched: over the limit, 429 and nothing is fetched (decision 0134).
 */
export async function countLinkedImages(
  uploads: UploadStore,
  userId: string,
  urls: readonly string[],
  opts: Pick<LinkedImageOptions, "uploadLimiter">,
): Promise<void> {
  for (const url of urls) {
    if (uploads.nameOf(url) !== undefined) continue;
    const wait = await opts.uploadLimiter.hit(userId);
    if (wait) throw tooManyRequests(wait, "images uploaded or linked");
  }
}

/**
 * Each link fetched, checked and stored (in order; a refused one stops the rest and removes the
 * copies already made). Our own uploads pass as they are, unless the file behind one is gone.
 */
export async function keepLinkedImages(
  uploads: UploadStore,
  urls: readonly string[],
  opts: LinkedImageOptions,
): Promise<KeptImages> {
  const kept: KeptImages = { urls: [], stored: [] };
  try {
    for (const url of urls) {
      const own = uploads.nameOf(url);
      if (own !== undefined) {
        if (!(await uploads.exists(own))) throw new AppError("invalid_input", IMAGE_GONE, reasoned("image_gone"));
        kept.urls.push(url);
        continue;
      }
      const image = await fetchLinkedImage(url, opts);
      const saved = await uploads.save(image.data, image.type, { temporary: true });
      kept.stored.push(saved.name);
      kept.urls.push(saved.url);
    }
  } catch (err) {
    await discardImages(uploads, kept.stored);
    throw err;
  }
  return kept;
}

/** Removes copies no task will show (the request was refused before anything was recorded). */
export async function discardImages(uploads: UploadStore, names: readonly string[]): Promise<void> {
  for (const name of names) await uploads.remove(name).catch(() => undefined);
}

/** One linked image, fetched and cleaned; a 4xx a person can act on when it cannot be. */
export async function fetchLinkedImage(
  url: string,
  opts: Pick<LinkedImageOptions, "allowLocal" | "timeoutMs">,
): Promise<CleanImage> {
  const signal = AbortSignal.timeout(opts.timeoutMs ?? FETCH_TIMEOUT_MS);
  let data: Buffer;
  try {
    const res = await downloadPublic(url, { signal, trustedOrigins: [], allowLoopback: opts.allowLocal });
    if (res.statusCode !== 200) {
      res.resume();
      throw unreachable(url);
    }
    data = await readLimited(res, MAX_IMAGE_BYTES);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Our own rule, not the host's answer: saying so tells a prober nothing about the host.
    if (err instanceof BlockedAddressError) throw notPublic(url);
    // Refused, timed out, reset, an HTTP error: one answer (decision 0134).
    throw unreachable(url);
  }
  try {
    return await cleanImage(data);
  } catch (err) {
    throw err instanceof ImageRefused ? imageRefusal(err) : err;
  }
}

class TooLarge extends Error {}

/** The body, refused as soon as it passes `max` bytes (a declared length is believed only when it is already too much). */
async function readLimited(res: IncomingMessage, max: number): Promise<Buffer> {
  if (Number(res.headers["content-length"] ?? 0) > max) {
    res.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      size += (chunk as Buffer).length;
      if (size > max) throw new TooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    res.destroy();
    if (err instanceof TooLarge) throw tooLarge();
    throw err;
  }
  return Buffer.concat(chunks);
}

function tooLarge(): AppError {
  return imageRefusal(new ImageRefused("too_large"));
}

/** The link as the person wrote it, cut short. */
const shown = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

/** The same words whatever the host did (decision 0134). */
function unreachable(url: string): AppError {
  return new AppError(
    "invalid_input",
    `The image at ${shown(url)} could not be fetched. Check that the link opens the image itself and is public, or upload the image instead.`,
    reasoned("image_unreachable"),
  );
}

function notPublic(url: string): AppError {
  return new AppError(
    "invalid_input",
    `The image at ${shown(url)} could not be used: it is not on the public internet (private and local addresses are not fetched). Upload the image instead.`,
    reasoned("image_unreachable"),
  );
}
