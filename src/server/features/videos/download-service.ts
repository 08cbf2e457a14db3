/**
 * GET /api/videos/{taskId}/download: the owner's video file with a file name. An archived file is
 * our own (a redirect to its media URL); until then it is streamed from the provider, fetched
 * only from public addresses (or our simulator, or the operator's KIE_BASE_URL).
 */
import type { Readable } from "node:stream";
import { AppError } from "../../http/errors.js";
import { downloadPublic } from "../../integrations/http/public-download.js";
import { getOwnTask } from "./queries.js";
import type { VideoQuality } from "../../../shared/schemas/videos.js";
import { internalFileUrl, type SimulatorFiles, type TaskReads } from "./video-deps.js";
import { archivedFileId, archivedVideoPath, videoFileName } from "./video-files.js";
import { reasoned } from "../../../shared/error-reasons.js";

const DOWNLOAD_TIMEOUT_MS = 60_000;

export type Download = { headers: Record<string, string>; body: Readable } | { archived: string };

export async function openDownload(
  ctx: TaskReads & SimulatorFiles & { trustedFileOrigins: readonly string[] },
  userId: string,
  taskId: string,
  quality: VideoQuality,
): Promise<Download> {
  const task = await getOwnTask(ctx.db, ctx.caches.tasks, userId, taskId);
  const url = { "720p": task.resultUrls?.[0], "1080p": task.hdVideoUrl, "4k": task.uhdVideoUrl }[quality];
  if (!url)
    throw new AppError(
      "not_found",
      quality === "720p"
        ? "This video is not ready yet"
        : `The ${quality === "4k" ? "4K" : quality} version of this video is not available`,
      reasoned("video_not_ready", { quality }),
    );
  const fileId = archivedFileId(url);
  if (fileId) return { archived: `${archivedVideoPath(fileId)}?download=1` };
  let upstream;
  try {
    upstream = await downloadPublic(internalFileUrl(ctx, url), {
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      trustedOrigins: ctx.trustedFileOrigins,
    });
  } catch {
    throw new AppError("upstream_error", "The video file could not be fetched. Please try again.");
  }
  const status = upstream.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    upstream.resume();
    throw new AppError("upstream_error", "The video file is no longer available from the provider.");
  }
  const name = videoFileName(task.model, task.taskId, quality);
  const length = upstream.headers["content-length"];
  return {
    headers: {
      "content-type": upstream.headers["content-type"] ?? "video/mp4",
      "content-disposition": `attachment; filename="${name}"`,
      ...(length ? { "content-length": length } : {}),
    },
    body: upstream,
  };
}
