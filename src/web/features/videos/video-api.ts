/** One function per video call the hooks make (generation, 1080p, 4K, uploads, downloads, sharing), each through its shared contract. */
import { videosApi } from "../../../shared/api/videos";
import type { BodyInput } from "../../../shared/api/contract";
import type { ExtendVideoInput, GenerateVideoResult, VideoQuality } from "../../../shared/schemas/videos";
import { call, callForm, callRaw } from "@/lib/api";
import { saveDownload } from "@/lib/save-download";
import "./welcome-reason-texts";
import "./extend-reason-texts";
import "./video-failure-text";

export type { TaskList, VideoStatusResponse } from "../../../shared/schemas/videos";

export const RECENT_DAYS = 14;
export const GALLERY_PAGE_SIZE = 20;

/** A generation request as sent: the options a model does not take are left out (the server's defaults). */
export type GenerateVideoRequest = BodyInput<typeof videosApi.generate>;

/** `idempotencyKey`: the same key for the same request sent again (decision 0046), so it never makes two videos. */
export function generateVideo(body: GenerateVideoRequest, idempotencyKey: string): Promise<GenerateVideoResult> {
  return call(videosApi.generate, { body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** A new video continuing a finished one (decision 0050); answers like generation. `idempotencyKey` as for generateVideo. */
export function extendVideo(
  taskId: string,
  body: ExtendVideoInput,
  idempotencyKey: string,
): Promise<GenerateVideoResult> {
  return call(videosApi.extend, { params: { taskId }, body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** "Make it final" (decision 0178): a finished draft's final, charged as a new video; `idempotencyKey` as for generateVideo. */
export function makeFinal(taskId: string, idempotencyKey: string): Promise<GenerateVideoResult> {
  return call(videosApi.final, { params: { taskId }, body: undefined, headers: { "Idempotency-Key": idempotencyKey } });
}

/** The image in the multipart field `image`; a refusal is an ApiError with the server's message. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  return (await callForm(videosApi.uploadImage, { form })).imageUrl;
}

export function parseResultUrls(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === "string" && u.length > 0) : [];
  } catch {
    return [];
  }
}

/** Asks the provider for the 1080p file now (and releases a held one: decision 0050). */
export const forceUpdateHd = (taskId: string) => call(videosApi.forceHd, { params: { taskId } });

/** Charges the 4K surcharge and starts the 4K version (decision 0049). */
export const upgradeTo4k = (taskId: string) => call(videosApi.upgrade4k, { params: { taskId } });

export type DownloadQuality = VideoQuality;

/**
 * Saves a video through the server's attachment endpoint: the file is fetched, then handed to the
 * browser as a download with the server's file name.
 */
export async function downloadVideo(taskId: string, quality: DownloadQuality): Promise<void> {
  const response = await callRaw(videosApi.download, { params: { taskId }, query: { quality } });
  await saveDownload(response, `video-${taskId.slice(-8)}-${quality}.mp4`);
}

/** A change of who may watch a video: private, its link, or Explore too (issue 72); its prompt shown or not. */
export type SharingChange = { isPublic: boolean; hidePrompt?: boolean; explore?: boolean };

/** Shares publicly (a page at /v/...), publishes to Explore, or stops; with or without the prompt. */
export const setVideoSharing = (taskId: string, body: SharingChange) =>
  call(videosApi.setSharing, { params: { taskId }, body });

/** The video and its files go (the credits history keeps its rows). */
export const deleteVideo = (taskId: string) => call(videosApi.delete, { params: { taskId } });

/** Several videos at once (at most 100), each as deleteVideo would; answers what happened to each. */
export const deleteVideos = (taskIds: string[]) => call(videosApi.bulkDelete, { body: { taskIds } });
