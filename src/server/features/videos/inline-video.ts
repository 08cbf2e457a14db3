/**
 * A finished video handed over inline (decision 0176: the Interactions API's base64 video part,
 * Vertex AI's bytesBase64Encoded) is kept in our video store before its task completes, so the
 * task's result is our own `/media/videos/<file id>.mp4` from the first moment and no vendor link
 * to it ever exists. Used by the task worker and the admin's re-check alike; the frame for the
 * share page is taken as the archiver takes it (takePoster, shared with jobs/video-archiver.ts).
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { videoFiles } from "../../db/schema.js";
import { extractFrame } from "../../integrations/media/video-frame.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import type { InlineVideo, VendorStatus } from "../../integrations/video/port.js";
import type { FastifyBaseLogger } from "fastify";
import { archivedVideoPath } from "./video-files.js";

export interface Poster {
  blobName: string;
  width: number;
  height: number;
}

export interface PosterOptions {
  /** The FFmpeg that takes the frame (decision 0083); undefined: no frame (the share page shows the brand's picture). */
  ffmpegPath: string | undefined;
  frameTimeoutMs: number;
}

/**
 * Takes the video's frame (decision 0083) and stores it beside the video: its name and size, or
 * undefined when there is no FFmpeg or it failed (logged; the video is kept all the same).
 */
export async function takePoster(
  store: VideoStore,
  opts: PosterOptions,
  fileId: string,
  videoPath: string,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<Poster | undefined> {
  if (!opts.ffmpegPath) return undefined;
  const tempPath = path.join(store.tempDir, `${crypto.randomUUID()}.jpg`);
  try {
    const size = await extractFrame(opts.ffmpegPath, videoPath, tempPath, { timeoutMs: opts.frameTimeoutMs });
    const blobName = `${fileId}.${crypto.randomBytes(6).toString("hex")}.jpg`;
    const { size: bytes } = await fsp.stat(tempPath);
    await store.putFile(tempPath, blobName, bytes, "image/jpeg");
    return { blobName, ...size };
  } catch (err) {
    await fsp.rm(tempPath, { force: true });
    log.warn({ fileId, err }, "no frame could be taken from the video; its share page shows the brand");
    return undefined;
  }
}

/** A video that will never be kept as it is (too large, not an MP4): its task fails with this message. */
export class InlineVideoRefused extends Error {}

export interface InlineVideoKeeperDeps {
  db: Db;
  videoStore: VideoStore;
  log: Pick<FastifyBaseLogger, "warn">;
}

/** The archiver's limits that apply to a video handed over inline too. */
export interface InlineVideoLimits extends PosterOptions {
  maxBytes: number;
}

export class InlineVideoKeeper {
  constructor(
    private readonly deps: InlineVideoKeeperDeps,
    private readonly limits: InlineVideoLimits,
  ) {}

  /**
   * The result URLs to complete a task with: the vendor's links, or (a video handed over inline)
   * our own link to it once kept. Throws InlineVideoRefused for a video that cannot be kept.
   */
  async resultUrlsOf(
    task: { id: string; taskId: string },
    record: Extract<VendorStatus, { state: "succeeded" }>,
  ): Promise<string[]> {
    if (record.resultUrls.length > 0 || !record.video) return record.resultUrls;
    return [await this.keep(task, record.video)];
  }

  /**
   * Stores the video and its 720p file row as archived; returns our URL for it. Two workers keeping
   * the same task's video keep one row: the second finds the first's and removes its own blob.
   */
  async keep(task: { id: string; taskId: string }, video: InlineVideo): Promise<string> {
    const { db, videoStore: store, log } = this.deps;
    const { maxBytes } = this.limits;
    if (video.data.length > maxBytes)
      throw new InlineVideoRefused(`The finished video is larger than ${maxBytes} bytes and could not be kept`);
    if (video.data.length < 8 || video.data.toString("latin1", 4, 8) !== "ftyp")
      throw new InlineVideoRefused("The finished video is not an MP4 video and could not be kept");
    const fileId = crypto.randomUUID();
    await fsp.mkdir(store.tempDir, { recursive: true });
    const tempPath = path.join(store.tempDir, `${crypto.randomUUID()}.partial`);
    const blobName = `${fileId}.${crypto.randomBytes(6).toString("hex")}.mp4`;
    let poster: Poster | undefined;
    try {
      await fsp.writeFile(tempPath, video.data, { flush: true });
      // Taken from the temporary file, before it moves into the store (which may be a bucket).
      poster = await takePoster(store, this.limits, fileId, tempPath, log);
      await store.putFile(tempPath, blobName, video.data.length);
    } finally {
      await fsp.rm(tempPath, { force: true });
    }
    const kept = {
      status: "archived",
      blobName,
      sizeBytes: video.data.length,
      sha256: crypto.createHash("sha256").update(video.data).digest("hex"),
      posterBlobName: poster?.blobName ?? null,
      posterWidth: poster?.width ?? null,
      posterHeight: poster?.height ?? null,
      archivedAt: new Date(),
      leaseUntil: null,
      lastError: null,
    };
    // A row left pending or failed (nothing stored) takes this copy; an archived one is kept as it is.
    const [row] = await db
      .insert(videoFiles)
      .values({ id: fileId, videoTaskId: task.id, quality: "720p", sourceUrl: `inline:${task.taskId}`, ...kept })
      .onConflictDoUpdate({
        target: [videoFiles.videoTaskId, videoFiles.quality],
        set: kept,
        setWhere: notInArray(videoFiles.status, ["archived", "deleted"]),
      })
      .returning({ id: videoFiles.id, blobName: videoFiles.blobName });
    if (row?.blobName === blobName) return archivedVideoPath(row.id);
    // Another worker kept it first (or its owner deleted it meanwhile): only this copy's files go.
    await store.delete(blobName);
    if (poster) await store.delete(poster.blobName);
    const [other] = await db
      .select({ id: videoFiles.id })
      .from(videoFiles)
      .where(
        and(eq(videoFiles.videoTaskId, task.id), eq(videoFiles.quality, "720p"), eq(videoFiles.status, "archived")),
      );
    if (!other) throw new Error(`The video of task ${task.taskId} was deleted while it was being kept`);
    return archivedVideoPath(other.id);
  }
}
