/**
 * Our own video URLs (decision 0043). A task's URL becomes `/media/videos/<file id>.mp4` once its
 * file is archived; the owner's session or API token opens it, and so does a signed URL with an
 * expiry (`?expires=<unix seconds>&signature=<HMAC>`), for `<video src>` elsewhere and n8n's downloader.
 */
import crypto from "node:crypto";

const VIDEO_MEDIA_PREFIX = "/media/videos/";
/** `<file id>.mp4`, the id a UUID. */
const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.mp4$/;

export function archivedVideoPath(fileId: string): string {
  return `${VIDEO_MEDIA_PREFIX}${fileId}.mp4`;
}

/** The file id in a file name of ours (`<id>.mp4`), or undefined. */
export function fileIdOfName(name: string): string | undefined {
  return FILE_NAME.exec(name)?.[1];
}

/** The file id of one of our video URLs (absolute or not), or undefined for a provider URL. */
export function archivedFileId(url: string): string | undefined {
  const pathname = url.startsWith("/") ? url.split("?")[0]! : URL.canParse(url) ? new URL(url).pathname : url;
  return pathname.startsWith(VIDEO_MEDIA_PREFIX) ? fileIdOfName(pathname.slice(VIDEO_MEDIA_PREFIX.length)) : undefined;
}

const SHARE_POSTER_PREFIX = "/media/shares/";
/** `<share id>.jpg`, the id base64url. */
const POSTER_NAME = /^([\w-]{1,64})\.jpg$/;

/** A shared video's frame, by its share id (decision 0083): the link dies with the share. */
export function sharePosterPath(shareId: string): string {
  return `${SHARE_POSTER_PREFIX}${shareId}.jpg`;
}

/** The share id in a frame's file name (`<share id>.jpg`), or undefined. */
export function shareIdOfPosterName(name: string): string | undefined {
  return POSTER_NAME.exec(name)?.[1];
}

const POSTER_PREFIX = "/media/posters/";

/** The file id in a kept video's frame name (`<720p file id>.jpg`), or undefined. */
export function fileIdOfPosterName(name: string): string | undefined {
  return /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/.exec(name)?.[1];
}

/** The name a downloaded video gets: `veo-<model>-<end of the task id>-<quality>.mp4`. */
export function videoFileName(model: string, taskId: string, quality: string): string {
  return `veo-${model.replace("_", "-")}-${taskId.slice(-8)}-${quality}.mp4`;
}

export class VideoUrlSigner {
  constructor(private readonly key: string) {}

  /** A frame's signature is its own (`poster:`): a poster's link never opens the video. */
  private mac(
    fileId: string,
    expires: number,
    shareId: string | undefined,
    what: "video" | "poster" = "video",
  ): string {
    return crypto
      .createHmac("sha256", this.key)
      .update(`${what === "poster" ? "poster:" : ""}${fileId}.${expires}${shareId === undefined ? "" : `.${shareId}`}`)
      .digest("base64url");
  }

  /**
   * Our URL on `baseUrl`, signed until `expires` (unix seconds); provider URLs are returned as they
   * are. With `shareId`, the URL also stops working as soon as the video stops being shared.
   */
  sign(url: string, baseUrl: string, expires: number, shareId?: string): string {
    const fileId = archivedFileId(url);
    if (!fileId) return url;
    const share = shareId === undefined ? "" : `&share=${encodeURIComponent(shareId)}`;
    return `${baseUrl}${archivedVideoPath(fileId)}?expires=${expires}${share}&signature=${this.mac(fileId, expires, shareId)}`;
  }

  /**
   * A kept video's frame (decision 0166), by its 720p file's id: a path on this site signed until
   * `expires`, bound to the share like the video's link when `shareId` is given.
   */
  signPoster(fileId: string, expires: number, shareId?: string): string {
    const share = shareId === undefined ? "" : `&share=${encodeURIComponent(shareId)}`;
    return `${POSTER_PREFIX}${fileId}.jpg?expires=${expires}${share}&signature=${this.mac(fileId, expires, shareId, "poster")}`;
  }

  /** Whether the signature is ours for this file (and share; a video's or a frame's) and has not expired. */
  verify(
    fileId: string,
    expires: number,
    signature: string,
    shareId?: string,
    now = Date.now(),
    what: "video" | "poster" = "video",
  ): "valid" | "expired" | "invalid" {
    const expected = Buffer.from(this.mac(fileId, expires, shareId, what));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return "invalid";
    return expires * 1000 > now ? "valid" : "expired";
  }
}

/** Signed URLs end at the next whole hour after `ttlSeconds`, so one file's URL stays the same for a while (caches, ETags). */
export function signedUntil(ttlSeconds: number, now = Date.now()): number {
  return Math.ceil((now / 1000 + ttlSeconds) / 3600) * 3600;
}
