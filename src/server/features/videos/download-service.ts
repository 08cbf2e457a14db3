/** GET /api/videos/{taskId}/download: the owner's video file, streamed from where the provider keeps it, with a file name. */
import { Readable } from "node:stream";
import { AppError, notFound } from "../../http/errors.js";
import { getOwnTask } from "./queries.js";
import { internalFileUrl, type SimulatorFiles, type TaskReads } from "./video-deps.js";

const DOWNLOAD_TIMEOUT_MS = 60_000;

export interface Download {
  headers: Record<string, string>;
  body: Readable;
}

export async function openDownload(ctx: TaskReads & SimulatorFiles, userId: string, taskId: string, quality: "720p" | "1080p"): Promise<Download> {
  const task = await getOwnTask(ctx.db, ctx.caches.tasks, userId, taskId);
  const url = quality === "1080p" ? task.hdVideoUrl : task.resultUrls?.[0];
  if (!url) throw notFound(quality === "1080p" ? "The 1080p version of this video is not available" : "This video is not ready yet");
  let upstream: Response;
  try {
    upstream = await fetch(internalFileUrl(ctx, url), { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  } catch {
    throw new AppError("upstream_error", "The video file could not be fetched. Please try again.");
  }
  if (!upstream.ok || !upstream.body) throw new AppError("upstream_error", "The video file is no longer available from the provider");
  const name = `veo-${task.model.replace("_", "-")}-${task.taskId.slice(-8)}-${quality}.mp4`;
  const length = upstream.headers.get("content-length");
  return {
    headers: {
      "content-type": upstream.headers.get("content-type") ?? "video/mp4",
      "content-disposition": `attachment; filename="${name}"`,
      ...(length ? { "content-length": length } : {}),
    },
    body: Readable.fromWeb(upstream.body),
  };
}
