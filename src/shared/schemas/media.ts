/** The files the server serves outside the JSON API: archived videos, shared videos' pages, uploaded images. */
import { z } from "zod";
import { apiErrorSchema } from "./api-error.js";

const binary = z.string().meta({ format: "binary" });

/** GET /media/videos/{file}: `<file id>.mp4`, for its owner or with a signed URL's query. */
export const videoFileParams = z.object({ file: z.string().max(100) });
export const videoFileQuery = z.object({
  expires: z.coerce.number({ error: "expires must be a number" }).int().optional(),
  signature: z.string().max(200).optional(),
  share: z.string().max(64).optional(),
  download: z.literal("1").optional(),
});
export const videoFileAnswer = {
  description: "The MP4 file (206 for a range).",
  content: { "video/mp4": { schema: binary } },
};
export const bucketRedirect = {
  description: "With S3 storage: a presigned URL of the bucket.",
  content: { "text/plain": { schema: z.string() } },
};

/** GET /v/{shareId}: a shared video's public page. */
export const shareIdParams = z.object({ shareId: z.string().max(64) });
export const htmlPage = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });
export const notSharedAnswer = {
  description: "Not shared (or no longer): a page for browsers (Accept: text/html), else the error.",
  content: { "text/html": { schema: z.string() }, "application/json": { schema: apiErrorSchema } },
};

/** GET /media/shares/{file}: `<shareId>.jpg`, a shared video's frame (its og:image; decision 0083). */
export const sharePosterParams = z.object({ file: z.string().max(100) });
export const posterAnswer = {
  description: "The frame, a JPEG (304 when unchanged since the ETag or date sent).",
  content: { "image/jpeg": { schema: binary } },
};

/** GET /media/posters/{file}: `<720p file id>.jpg`, a kept video's frame, for its owner or signed (decision 0166). */
export const videoPosterParams = z.object({ file: z.string().max(100) });
export const videoPosterQuery = videoFileQuery.omit({ download: true });

/** GET /uploads/{name}: a reference image uploaded with POST /api/images/upload. */
export const uploadNameParams = z.object({ name: z.string() });
export const imageFileAnswer = { description: "The image.", content: { "image/*": { schema: binary } } };
