import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { mediaApi } from "../../../shared/api/media.js";
import { videosApi } from "../../../shared/api/videos.js";
import { MAX_IMAGE_BYTES } from "../../../shared/videos.js";
import { IMAGE_REFUSALS, imageRefusal } from "./image-refusal.js";
import { cleanImage, ImageRefused } from "../../integrations/media/image-check.js";
import { AppError, badRequest, notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { Db } from "../../db/connect.js";
import { tooManyRequests, type RateLimitStore } from "../../http/rate-limit.js";
import { imageUploadLimiter, storeUpload, type UploadLimits } from "./upload-service.js";

interface UploadRouteOptions {
  db: Db;
  uploads: UploadStore;
  /** sweepIntervalMs: how often unused uploads are swept; a refused upload says when it can fit. */
  limits: { uploads: UploadLimits & { sweepIntervalMs: number } };
  rateLimitStore: RateLimitStore;
}

/** Registers the routes (unused uploads are swept by jobs/background-jobs.ts; decision 0034). */
export async function registerUploads(app: FastifyInstance, opts: UploadRouteOptions): Promise<void> {
  await app.register(uploadRoutes, opts);
}

const TOO_LARGE = IMAGE_REFUSALS.tooLarge;

/** Reference images: POST /api/images/upload (multipart field `image`), served at /uploads/<name>. */
async function uploadRoutes(scope: FastifyInstance, opts: UploadRouteOptions): Promise<void> {
  const { uploads } = opts;
  const limiter = imageUploadLimiter(opts.limits.uploads.perUser, opts.rateLimitStore);
  await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  serve(scope, videosApi.uploadImage, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    // Counted before the body is read: refused and failed uploads cost the same effort.
    const wait = await limiter.hit(user.id);
    if (wait) throw tooManyRequests(wait, "image uploads");
    if (!request.isMultipart()) throw badRequest("Send the image as multipart/form-data in the field 'image'");
    const file = await request.file().catch((err: unknown) => {
      if ((err as { statusCode?: number }).statusCode === 413) throw new AppError("payload_too_large", TOO_LARGE);
      throw badRequest("The upload could not be read");
    });
    if (!file || file.fieldname !== "image") throw badRequest("Send the image in the field 'image'");
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 413) throw new AppError("payload_too_large", TOO_LARGE);
      throw err;
    }
    // Checked by its bytes and stored re-encoded without metadata, under its real type (decision 0090).
    const image = await cleanImage(data).catch((err: unknown) => {
      throw err instanceof ImageRefused ? imageRefusal(err) : err;
    });
    const saved = await storeUpload(opts.db, uploads, {
      userId: user.id,
      data: image.data,
      type: image.type,
      quotaBytes: opts.limits.uploads.quotaBytes,
      sweepDelayMs: opts.limits.uploads.sweepIntervalMs,
    });
    return reply.status(201).send({ success: true, imageUrl: saved.url });
  });

  serve(scope, mediaApi.uploadedImage, { access: "public" }, async (request, reply) => {
    const { name } = request.params;
    const file = await uploads.read(name);
    if (!file) throw notFound("Image not found");
    return reply
      .header("content-type", file.mime)
      .header("cache-control", "public, max-age=86400")
      .send(file.data as never); // bytes: never serialised
  });
}
