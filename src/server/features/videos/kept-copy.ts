/**
 * The copy of a video we keep (decision 0043) as a file on this machine, for FFmpeg (decision
 * 0159): the last frame an extension starts from, and the two parts the joiner puts together. A
 * task's kept copy is its joined video when it has one, else its archived 720p file.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { videoFiles } from "../../db/schema.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import type { TaskRow } from "./task-state.js";

/** The joined video of a last-frame extension in the video store: one name per task (decision 0159). */
export function joinedBlobName(taskRowId: string): string {
  return `${taskRowId}.joined.mp4`;
}

export type KeptSource =
  | { kind: "kept"; blobName: string }
  /** Finished, its copy not made yet (the archiver is at it): ask again in a minute. */
  | { kind: "saving" }
  /** Nothing of ours to start from: the provider's file died before we copied it, or the copy failed or was deleted. */
  | { kind: "gone" };

/** What a task's video can be read from: its joined video when ready, else its archived 720p file. */
export async function keptSource(
  db: Queryable,
  task: Pick<TaskRow, "id" | "joinStatus" | "joinedVideoUrl" | "videoExpired">,
): Promise<KeptSource> {
  if (task.joinStatus === "ready" && task.joinedVideoUrl) return { kind: "kept", blobName: joinedBlobName(task.id) };
  if (task.videoExpired) return { kind: "gone" };
  const [file] = await db
    .select({ status: videoFiles.status, blobName: videoFiles.blobName })
    .from(videoFiles)
    .where(and(eq(videoFiles.videoTaskId, task.id), eq(videoFiles.quality, "720p")));
  if (file?.status === "archived" && file.blobName) return { kind: "kept", blobName: file.blobName };
  if (!file || file.status === "pending") return { kind: "saving" };
  return { kind: "gone" };
}

/** Reading a kept file from a bucket: a presigned link of our own store, never a URL someone gave. */
const BUCKET_READ_TIMEOUT_MS = 5 * 60_000;

/**
 * Runs `use` with a path on this machine holding the blob: the file itself on disk, or a temporary
 * copy from the bucket (removed afterwards).
 */
export async function withLocalFile<T>(
  store: VideoStore,
  blobName: string,
  use: (filePath: string) => Promise<T>,
): Promise<T> {
  if (store.localDir) return use(path.join(store.localDir, blobName));
  const where = await store.locate(blobName, { expiresInSeconds: 3600 });
  if (!("url" in where)) return use(path.join(where.dir, blobName));
  await fsp.mkdir(store.tempDir, { recursive: true });
  const temp = path.join(store.tempDir, `${crypto.randomUUID()}.read.mp4`);
  try {
    const res = await fetch(where.url, { signal: AbortSignal.timeout(BUCKET_READ_TIMEOUT_MS) });
    if (!res.ok || !res.body) throw new Error(`The video store answered ${res.status} for ${blobName}`);
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(temp));
    return await use(temp);
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
