/** KIE's file upload API (base64, multipart stream, URL); files come back under /files/uploads/. */
import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { uploadError, type SimContext } from "./context.js";
import { guard } from "./guard.js";
import {
  decodeBase64Data,
  MAX_UPLOAD_BYTES,
  readCapped,
  storeUpload,
  TOO_LARGE_MSG,
  type UploadInput,
} from "./uploads.js";

const URL_UPLOAD_TIMEOUT_MS = 30_000;

const uploaded = (data: unknown) => ({ success: true, code: 200, msg: "File uploaded successfully", data });

const uploadPath = z.string({ error: "uploadPath is required" }).trim().min(1, "uploadPath is required");
const fileName = z.string({ error: "fileName must be a string" }).trim().max(255, "fileName is too long").optional();
const Base64Body = z.object(
  { base64Data: z.string({ error: "base64Data is required" }).min(1, "base64Data is required"), uploadPath, fileName },
  { error: "Request body must be a JSON object" },
);
const UrlBody = z.object(
  { fileUrl: z.string({ error: "fileUrl is required" }).min(1, "fileUrl is required"), uploadPath, fileName },
  { error: "Request body must be a JSON object" },
);

function registerUploadErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === "FST_REQ_FILE_TOO_LARGE")
      return reply.status(200).send(uploadError(400, TOO_LARGE_MSG));
    if (status < 500) return reply.status(200).send(uploadError(400, err.message || "Invalid request"));
    request.log.error({ err }, "simulator upload error");
    return reply.status(200).send(uploadError(500, "Server error, please try again later"));
  });
}

async function fetchUpload(fileUrl: string): Promise<{ bytes: Buffer; mimeType?: string } | string> {
  let url: URL;
  try {
    url = new URL(fileUrl);
  } catch {
    return "fileUrl must be an http(s) URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "fileUrl must be an http(s) URL";
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(URL_UPLOAD_TIMEOUT_MS) });
    if (!res.ok) {
      await res.body?.cancel();
      return `Could not download fileUrl: HTTP ${res.status}`;
    }
    const bytes = await readCapped(res, MAX_UPLOAD_BYTES);
    if (!bytes) return TOO_LARGE_MSG;
    return { bytes, mimeType: res.headers.get("content-type") ?? undefined };
  } catch (err) {
    return (err as Error).name === "TimeoutError" ? "Downloading fileUrl timed out" : "Could not download fileUrl";
  }
}

export function uploadRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    registerUploadErrors(app);
    // The host app may already parse multipart; registering twice in one tree would throw.
    if (!app.hasContentTypeParser("multipart/form-data")) await app.register(fastifyMultipart);

    // base64 inflates by 4/3; the host app's smaller global body limit must not apply here.
    const base64Limit = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;
    app.post("/api/file-base64-upload", { ...guard(ctx, "upload"), bodyLimit: base64Limit }, async (request) => {
      const parsed = Base64Body.safeParse(request.body ?? {});
      if (!parsed.success) return uploadError(400, parsed.error.issues[0]?.message ?? "Invalid request");
      const decoded = decodeBase64Data(parsed.data.base64Data);
      if (!decoded) return uploadError(400, "base64Data is not valid base64");
      if (decoded.bytes.length > MAX_UPLOAD_BYTES) return uploadError(400, TOO_LARGE_MSG);
      return uploaded(await storeUpload(ctx, { ...parsed.data, ...decoded }));
    });

    app.post("/api/file-stream-upload", guard(ctx, "upload"), async (request) => {
      if (!request.isMultipart()) return uploadError(400, "Send multipart/form-data with a file field");
      const fields: Record<string, string> = {};
      let file: { bytes: Buffer; mimeType: string; name: string } | undefined;
      const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
      for await (const part of parts) {
        if (part.type === "file") {
          const bytes = await part.toBuffer();
          if (part.fieldname === "file") file = { bytes, mimeType: part.mimetype, name: part.filename };
        } else if (typeof part.value === "string") {
          fields[part.fieldname] = part.value;
        }
      }
      if (!file || file.bytes.length === 0) return uploadError(400, "file is required");
      const path_ = uploadPath.safeParse(fields.uploadPath);
      if (!path_.success) return uploadError(400, "uploadPath is required");
      const input: UploadInput = {
        bytes: file.bytes,
        uploadPath: path_.data,
        fileName: fields.fileName?.trim() || path.basename(file.name || "") || undefined,
        mimeType: file.mimeType,
      };
      return uploaded(await storeUpload(ctx, input));
    });

    app.post("/api/file-url-upload", guard(ctx, "upload"), async (request) => {
      const parsed = UrlBody.safeParse(request.body ?? {});
      if (!parsed.success) return uploadError(400, parsed.error.issues[0]?.message ?? "Invalid request");
      const fetched = await fetchUpload(parsed.data.fileUrl);
      if (typeof fetched === "string") return uploadError(400, fetched);
      const fromUrl = path.posix.basename(new URL(parsed.data.fileUrl).pathname);
      return uploaded(
        await storeUpload(ctx, { ...parsed.data, fileName: parsed.data.fileName || fromUrl || undefined, ...fetched }),
      );
    });
  };
}
