/** Sharing and deleting a video, and the public page of a shared one (decision 0044). */
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { videoFiles, videoTasks } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { pageLocale } from "../../http/page-documents.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { mediaApi } from "../../../shared/api/media.js";
import type { ExploreMode } from "../../../shared/schemas/explore.js";
import { videosApi } from "../../../shared/api/videos.js";
import { renderSharePage } from "./share-page.js";
import { deleteVideo, deleteVideos, setSharing, SHARE_PREFIX, type SharingDeps } from "./share-service.js";
import { isListedInExplore } from "./explore-visibility.js";
import { sharePosterPath, signedUntil, type VideoUrlSigner } from "./video-files.js";

export interface ShareRouteDeps extends SharingDeps {
  videoStore: VideoStore;
  videoUrls: VideoUrlSigner;
}

const NOT_SHARED_MESSAGE = "This video is not shared (any more)";
const NOT_SHARED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Video not found · Veo Studio</title></head><body style="background:#09090b;color:#e4e4e7;font:16px system-ui,sans-serif;text-align:center;padding:15vh 24px"><h1>This video is not shared</h1><p>Its owner may have made it private. <a style="color:#c4b5fd" href="/">Veo Studio</a></p></body></html>`;

/** The brand's picture (src/web/public), for a video without a frame of its own: 1200×630. */
const BRAND_IMAGE = { path: "/og-image.jpg", width: 1200, height: 630 };

/**
 * The site's address as this request reached it (decision 0083), for the og:image link: PUBLIC_URL
 * when the request came by its host name (with its scheme, whatever a proxy in front spoke), else
 * the scheme and host the request was sent to (as route-access.ts takes them for "our own
 * origin"; TRUST_PROXY decides whether X-Forwarded-* count). A host that is not a plain host[:port]
 * falls back to PUBLIC_URL.
 */
function requestOrigin(request: Pick<FastifyRequest, "host" | "protocol">, publicUrl: string): string {
  const ours = new URL(publicUrl);
  const host = request.host.toLowerCase();
  if (!host || host === ours.host) return ours.origin;
  if (!URL.canParse(`${request.protocol}://${host}`)) return ours.origin;
  const reached = new URL(`${request.protocol}://${host}`);
  return reached.host === host && !reached.username && !reached.password ? reached.origin : ours.origin;
}

export async function shareRoutes(scope: FastifyInstance, deps: ShareRouteDeps): Promise<void> {
  const { db, config, videoUrls } = deps;

  serve(scope, videosApi.setSharing, { access: "user" }, async (request) =>
    setSharing(deps, requireUser(request).id, request.params.taskId, request.body),
  );

  serve(scope, videosApi.delete, { access: "user" }, async (request) => {
    await deleteVideo(deps, requireUser(request).id, request.params.taskId, request.log);
    return { message: "Video deleted" };
  });

  serve(scope, videosApi.bulkDelete, { access: "user" }, async (request) =>
    deleteVideos(deps, requireUser(request).id, request.body.taskIds, request.log),
  );

  serve(scope, mediaApi.sharePage, { access: "public" }, async (request, reply) => {
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
    const [file] = await db
      .select({ blobName: videoFiles.posterBlobName, width: videoFiles.posterWidth, height: videoFiles.posterHeight })
      .from(videoFiles)
      .where(
        and(eq(videoFiles.videoTaskId, task.id), eq(videoFiles.quality, "720p"), eq(videoFiles.status, "archived")),
      )
      .limit(1);
    const origin = requestOrigin(request, config.publicUrl);
    const image =
      file?.blobName && file.width && file.height && task.shareId
        ? { url: `${origin}${sharePosterPath(task.shareId)}`, width: file.width, height: file.height }
        : { url: `${origin}${BRAND_IMAGE.path}`, width: BRAND_IMAGE.width, height: BRAND_IMAGE.height };
    // Our copy through a signed URL bound to this share (the viewer is nobody's session): unsharing ends it.
    const videoUrl = videoUrls.sign(video, config.publicUrl, signedUntil(24 * 3600), task.shareId ?? undefined);
    // In Explore now (decision 0164): the page offers Remix and Report; an unlisted one keeps its link to itself.
    const inExplore = await isListedInExplore(db, task.id, (await deps.readSettings()).exploreMode as ExploreMode);
    const page = renderSharePage({
      prompt: task.sharePromptHidden ? null : task.prompt,
      model: task.model,
      aspectRatio: task.aspectRatio,
      durationSeconds: task.durationSeconds,
      resolution: task.resolution,
      audio: task.audio,
      shareId: task.shareId!,
      inExplore,
      videoUrl,
      image,
      pageUrl: `${config.publicUrl}${SHARE_PREFIX}${task.shareId}`,
      createdAt: task.createdAt,
      locale: pageLocale(request),
    });
    // Cacheable, but revalidated on every view (a 304 when unchanged), so making it private ends it at once everywhere.
    const etag = `"${crypto.createHash("sha1").update(page).digest("base64url")}"`;
    // In the person's language (their choice, else their browser's): caches keep one copy per language.
    reply.header("cache-control", "public, no-cache").header("etag", etag).header("vary", "accept-language, cookie");
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.type("text/html; charset=utf-8").send(page);
  });
}
