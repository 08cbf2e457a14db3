import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { MAX_IMAGE_BYTES } from "../../../shared/videos.js";
import { AppError, badRequest, notFound, parseInput } from "../../http/errors.js";
import { requireUser } from "../../http/session-auth.js";
import { detectImageType, type UploadStore } from "../../integrations/storage/uploads.js";

const TOO_LARGE = "The image must be 10 MB or smaller";

/** Reference images: POST /api/images/upload (multipart field `image`), served at /uploads/<name>. */
export async function uploadRoutes(app: FastifyInstance, opts: { uploads: UploadStore }): Promise<void> {
  const { uploads } = opts;
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  app.post("/api/images/upload", async (request, reply) => {
    requireUser(request);
    if (!request.isMultipart()) throw badRequest("Send the image as multipart/form-data in the field 'image'");
    const file = await request.file().catch((err: unknown) => {
      if ((err as { statusCode?: number }).statusCode === 413) throw new AppError(413, TOO_LARGE);
      throw badRequest("The upload could not be read");
    });
    if (!file || file.fieldname !== "image") throw badRequest("Send the image in the field 'image'");
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 413) throw new AppError(413, TOO_LARGE);
      throw err;
    }
    const type = detectImageType(data);
    if (!type) throw new AppError(415, "Only JPG, PNG or WebP images can be used");
    const saved = await uploads.save(data, type);
    return reply.status(201).send({ success: true, imageUrl: saved.url });
  });

  app.get("/uploads/:name", async (request, reply) => {
    const { name } = parseInput(z.object({ name: z.string() }), request.params);
    const file = await uploads.read(name);
    if (!file) throw notFound("Image not found");
    return reply.header("content-type", file.mime).header("cache-control", "public, max-age=86400").send(file.data);
  });
}
