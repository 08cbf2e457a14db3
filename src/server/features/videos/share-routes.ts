/** Sharing and deleting a video, and the public page of a shared one (decision 0044). */
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import { notFound } from "../../http/errors.js";
import { errors } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { apiErrorSchema } from "../../../shared/schemas/api-error.js";
import { sharingInputSchema, sharingViewSchema, videoDeletedSchema } from "../../../shared/schemas/videos.js";
import { renderSharePage } from "./share-page.js";
import { deleteVideo, setSharing, SHARE_PREFIX } from "./share-service.js";
import type { TaskRow } from "./task-state.js";
import { signedUntil, type VideoUrlSigner } from "./video-files.js";

export interface ShareRouteDeps {
  db: Db;
  caches: { tasks: FreshCache<TaskRow> };
  config: { publicUrl: string };
  videoStore: VideoStore;
  videoUrls: VideoUrlSigner;
}

const taskParam = z.object({ taskId: z.string().min(1).max(200) });
const shareParam = z.object({ shareId: z.string().max(64) });
const html = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });
const NOT_SHARED_MESSAGE = "This video is not shared (any more)";
const NOT_SHARED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Video not found · Veo Studio</title></head><body style="background:#09090b;color:#e4e4e7;font:16px system-ui,sans-serif;text-align:center;padding:15vh 24px"><h1>This video is not shared</h1><p>Its owner may have made it private. <a style="color:#c4b5fd" href="/">Veo Studio</a></p></body></html>`;

export async function shareRoutes(scope: FastifyInstance, deps: ShareRouteDeps): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, config, videoUrls } = deps;

  app.put(
    "/api/videos/:taskId/sharing",
    {
      config: { access: "user" },
      schema: {
        tags: ["Videos"],
        summary: "Share a finished video (a public page), or stop sharing it",
        params: taskParam,
        body: sharingInputSchema,
        response: { 200: sharingViewSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setSharing(deps, requireUser(request).id, request.params.taskId, request.body),
  );

  app.delete(
    "/api/videos/:taskId",
    {
      config: { access: "user" },
      schema: {
        tags: ["Videos"],
        summary: "Delete a video and its files",
        params: taskParam,
        response: { 200: videoDeletedSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteVideo(deps, requireUser(request).id, request.params.taskId, request.log);
      return { message: "Video deleted" };
    },
  );

  app.get(
    `${SHARE_PREFIX}:shareId`,
    {
      config: { access: "public" },
      schema: {
        tags: ["Site"],
        summary: "The public page of a shared video",
        params: shareParam,
        response: {
          200: html("The page, with Open Graph tags."),
          304: html("Unchanged since the ETag sent in If-None-Match."),
          404: {
            description: "Not shared (or no longer): a page for browsers (Accept: text/html), else the error.",
            content: { "text/html": { schema: z.string() }, "application/json": { schema: apiErrorSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const [task] = await db
        .select()
        .from(videoTasks)
        .where(
          and(
            eq(videoTasks.shareId, request.params.shareId),
            eq(videoTasks.isPublic, true),
            isNull(videoTasks.deletedAt),
          ),
        )
        .limit(1);
      const video = task?.status === "completed" && !task.videoExpired ? task.resultUrls?.[0] : undefined;
      if (!task || !video) {
        // A browser gets a page; anything else the API's error shape.
        if (!request.headers.accept?.includes("text/html")) throw notFound(NOT_SHARED_MESSAGE);
        return reply.status(404).type("text/html; charset=utf-8").header("cache-control", "no-store").send(NOT_SHARED);
      }
      // Our copy through a signed URL bound to this share (the viewer is nobody's session): unsharing ends it.
      const videoUrl = videoUrls.sign(video, config.publicUrl, signedUntil(24 * 3600), task.shareId ?? undefined);
      const page = renderSharePage({
        prompt: task.sharePromptHidden ? null : task.prompt,
        model: task.model,
        aspectRatio: task.aspectRatio,
        videoUrl,
        pageUrl: `${config.publicUrl}${SHARE_PREFIX}${task.shareId}`,
        createdAt: task.createdAt,
      });
      // Cacheable, but revalidated on every view (a 304 when unchanged), so making it private ends it at once everywhere.
      const etag = `"${crypto.createHash("sha1").update(page).digest("base64url")}"`;
      reply.header("cache-control", "public, no-cache").header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.type("text/html; charset=utf-8").send(page);
    },
  );
}
