/**
 * The image model's result kept as the person's upload (decision 0161): fetched through the
 * server-side request forgery guard (public addresses only, unless the origin is our simulator or
 * the operator's KIE_BASE_URL), at most MAX_IMAGE_BYTES, checked to be an image by its bytes and
 * re-encoded without metadata (decision 0090), then stored within the person's upload quota like a
 * browser upload (decision 0034): unused, it is swept a day later; a video that uses it keeps it.
 */
import type { IncomingMessage } from "node:http";
import type { Db } from "../../db/connect.js";
import { downloadPublic } from "../../integrations/http/public-download.js";
import { cleanImage } from "../../integrations/media/image-check.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import { MAX_IMAGE_BYTES } from "../../../shared/videos.js";
import { storeUpload } from "../videos/upload-service.js";

const FETCH_TIMEOUT_MS = 30_000;

export class ImageNotFetched extends Error {}

export interface KeepImageDeps {
  db: Db;
  uploads: UploadStore;
  /** Origins fetched though not on the public internet: the simulator, KIE_BASE_URL. */
  trustedOrigins: readonly string[];
  /** Where this process fetches a provider URL from (the simulator's internal address). */
  fetchUrlFor(url: string): string;
  uploadQuotaBytes: number;
}

/** Fetches, checks and stores the image; its upload's name. Throws ImageRefused, ImageNotFetched or the quota's AppError. */
export async function keepImage(deps: KeepImageDeps, userId: string, url: string): Promise<string> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let data: Buffer;
  try {
    const res = await downloadPublic(deps.fetchUrlFor(url), { signal, trustedOrigins: deps.trustedOrigins });
    if (res.statusCode !== 200) {
      res.resume();
      throw new ImageNotFetched(`the image's link answered HTTP ${res.statusCode}`);
    }
    data = await readLimited(res, MAX_IMAGE_BYTES);
  } catch (err) {
    throw err instanceof ImageNotFetched ? err : new ImageNotFetched((err as Error).message);
  }
  const image = await cleanImage(data);
  const saved = await storeUpload(deps.db, deps.uploads, {
    userId,
    data: image.data,
    type: image.type,
    quotaBytes: deps.uploadQuotaBytes,
  });
  return saved.name;
}

async function readLimited(res: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > max) {
      res.destroy();
      throw new ImageNotFetched(`the image is over ${max} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
