/**
 * GET /media/videos/<file id>.mp4: an archived video (decision 0043), for its owner (session or API
 * token) or a signed URL. From disk with Range requests, ETag and caching (@fastify/static's
 * sendFile); from the bucket as a redirect to a presigned URL. `?download=1` names the file.
 */
import fs from "node:fs";
import fastifyStatic, { type SendOptions } from "@fastify/static";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.js";
import { videoFiles, videoTasks } from "../../db/schema.js";
import { requireUserOrToken } from "../../http/bearer-auth.js";
import { AppError, notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { mediaApi } from "../../../shared/api/media.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { joinedBlobName } from "./kept-copy.js";
import {
  fileIdOfName,
  fileIdOfPosterName,
  shareIdOfPosterName,
  videoFileName,
  type VideoUrlSigner,
} from "./video-files.js";

const VIDEO_NOT_FOUND = "Video not found";
const PICTURE_NOT_FOUND = "Picture not found";
/**
 * A shared video's frame is fetched by chat apps and social sites (and kept by them); ours is
 * revalidated after 10 minutes, so a video made private stops showing it soon everywhere.
 */
const POSTER_CACHE = "public, max-age=600";
const LINK_EXPIRED = "This video link has expired. Open the video again for a new link.";
const LINK_INVALID = "This video link is not valid. Open the video again for a new link.";

/** Larger reads than the file streams' 64 KiB: 1 MB ranges served ~1.5x faster (npm run bench, decision 0043). */
const READ_CHUNK_BYTES = 256 * 1024;

declare module "fastify" {
  interface FastifyReply {
    // @fastify/send reads highWaterMark (its read size); @fastify/static's types leave it out.
    sendFile(filename: string, rootPath: string, options: SendOptions & { highWaterMark?: number }): FastifyReply;
  }
}

export interface MediaRouteDeps {
  db: Db;
  videoStore: VideoStore;
  videoUrls: VideoUrlSigner;
}

/**
 * A last-frame extension's joined video (decision 0159): its URL names the task's own id, so it is
 * served, signed and shared exactly like an archived file of the task.
 */
async function joinedFile(db: Db, taskRowId: string) {
  const [task] = await db
    .select({
      userId: videoTasks.userId,
      taskId: videoTasks.taskId,
      model: videoTasks.model,
      isPublic: videoTasks.isPublic,
      shareId: videoTasks.shareId,
      joinStatus: videoTasks.joinStatus,
      deletedAt: videoTasks.deletedAt,
    })
    .from(videoTasks)
    .where(eq(videoTasks.id, taskRowId));
  if (!task || task.joinStatus !== "ready" || task.deletedAt) return [];
  const { joinStatus: _j, deletedAt: _d, ...owner } = task;
  return [{ ...owner, blobName: joinedBlobName(taskRowId), status: "archived", quality: "joined" }];
}

export async function videoMediaRoutes(scope: FastifyInstance, deps: MediaRouteDeps): Promise<void> {
  const { db, videoStore, videoUrls } = deps;
  if (videoStore.localDir) {
    fs.mkdirSync(videoStore.localDir, { recursive: true });
    // Only sendFile: no route serves the folder by itself.
    await scope.register(fastifyStatic, {
      root: videoStore.localDir,
      serve: false,
      cacheControl: false,
      dotfiles: "deny",
      index: false,
    });
  }

  serve(scope, mediaApi.videoFile, { access: "user-or-token" }, async (request, reply) => {
    const fileId = fileIdOfName(request.params.file);
    if (!fileId) throw notFound(VIDEO_NOT_FOUND);
    const [row] = (
      await db
        .select({
          blobName: videoFiles.blobName,
          status: videoFiles.status,
          quality: videoFiles.quality,
          userId: videoTasks.userId,
          taskId: videoTasks.taskId,
          model: videoTasks.model,
          isPublic: videoTasks.isPublic,
          shareId: videoTasks.shareId,
        })
        .from(videoFiles)
        .innerJoin(videoTasks, eq(videoTasks.id, videoFiles.videoTaskId))
        .where(eq(videoFiles.id, fileId))
    ).concat(await joinedFile(db, fileId));
    const { expires, signature, share, download } = request.query;
    if (expires !== undefined || signature !== undefined) {
      const verdict = videoUrls.verify(fileId, expires ?? 0, signature ?? "", share);
      if (verdict !== "valid") throw new AppError("forbidden", verdict === "expired" ? LINK_EXPIRED : LINK_INVALID);
      // A share page's link lives only while the video is shared under that link.
      if (share !== undefined && !(row?.isPublic && row.shareId === share)) throw notFound(VIDEO_NOT_FOUND);
    } else {
      const user = await requireUserOrToken(request, db);
      if (row?.userId !== user.id) throw notFound(VIDEO_NOT_FOUND);
    }
    if (!row || row.status !== "archived" || !row.blobName) throw notFound(VIDEO_NOT_FOUND);

    const downloadName = download ? videoFileName(row.model, row.taskId, row.quality) : undefined;
    const where = await videoStore.locate(row.blobName, { expiresInSeconds: 3600, downloadName });
    reply.header("cache-control", "private, max-age=3600");
    if ("url" in where) return reply.redirect(where.url, 302);
    if (downloadName) reply.header("content-disposition", `attachment; filename="${downloadName}"`);
    return reply.type("video/mp4").sendFile(row.blobName, where.dir, { highWaterMark: READ_CHUNK_BYTES });
  });

  // A shared video's frame (decision 0083): only while the video is shared under this id.
  serve(scope, mediaApi.sharePoster, { access: "public" }, async (request, reply) => {
    const shareId = shareIdOfPosterName(request.params.file);
    if (!shareId) throw notFound(PICTURE_NOT_FOUND);
    const [row] = await db
      .select({ posterBlobName: videoFiles.posterBlobName })
      .from(videoTasks)
      .innerJoin(videoFiles, and(eq(videoFiles.videoTaskId, videoTasks.id), eq(videoFiles.quality, "720p")))
      .where(
        and(
          eq(videoTasks.shareId, shareId),
          eq(videoTasks.isPublic, true),
          isNull(videoTasks.deletedAt),
          eq(videoFiles.status, "archived"),
        ),
      )
      .limit(1);
    if (!row?.posterBlobName) throw notFound(PICTURE_NOT_FOUND);
    const where = await videoStore.locate(row.posterBlobName, { expiresInSeconds: 3600 });
    reply.header("cache-control", POSTER_CACHE);
    if ("url" in where) return reply.redirect(where.url, 302);
    return reply.type("image/jpeg").sendFile(row.posterBlobName, where.dir);
  });

  // A kept video's frame by its 720p file (decision 0166): the owner, or a link signed for it.
  serve(scope, mediaApi.videoPoster, { access: "user-or-token" }, async (request, reply) => {
    const fileId = fileIdOfPosterName(request.params.file);
    if (!fileId) throw notFound(PICTURE_NOT_FOUND);
    const [row] = await db
      .select({
        posterBlobName: videoFiles.posterBlobName,
        status: videoFiles.status,
        quality: videoFiles.quality,
        userId: videoTasks.userId,
        isPublic: videoTasks.isPublic,
        shareId: videoTasks.shareId,
        deletedAt: videoTasks.deletedAt,
      })
      .from(videoFiles)
      .innerJoin(videoTasks, eq(videoTasks.id, videoFiles.videoTaskId))
      .where(eq(videoFiles.id, fileId));
    const { expires, signature, share } = request.query;
    if (expires !== undefined || signature !== undefined) {
      const verdict = videoUrls.verify(fileId, expires ?? 0, signature ?? "", share, Date.now(), "poster");
      if (verdict !== "valid") throw new AppError("forbidden", verdict === "expired" ? LINK_EXPIRED : LINK_INVALID);
      if (share !== undefined && !(row?.isPublic && row.shareId === share)) throw notFound(PICTURE_NOT_FOUND);
    } else {
      const user = await requireUserOrToken(request, db);
      if (row?.userId !== user.id) throw notFound(PICTURE_NOT_FOUND);
    }
    if (!row?.posterBlobName || row.status !== "archived" || row.deletedAt) throw notFound(PICTURE_NOT_FOUND);
    const where = await videoStore.locate(row.posterBlobName, { expiresInSeconds: 3600 });
    reply.header("cache-control", "private, max-age=3600");
    if ("url" in where) return reply.redirect(where.url, 302);
    return reply.type("image/jpeg").sendFile(row.posterBlobName, where.dir);
  });
}
