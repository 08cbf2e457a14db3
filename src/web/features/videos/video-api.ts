/** One function per video endpoint (generation, status, lists, 1080p, 4K, download); answers read with the shared schemas (decision 0040). */
import {
  generateVideoResultSchema,
  hdVideoSchema,
  sharingViewSchema,
  upgradeResultSchema,
  uploadImageResultSchema,
  videoDeletedSchema,
  type SharingView,
  type GenerateVideoResult,
  type HdVideoResponse,
  type VideoQuality,
} from "../../../shared/schemas/videos";
import type { AspectRatio, GenerationMode, VeoModel } from "../../../shared/catalogue";
import type { z } from "zod";
import { apiCall, apiFormData, apiRequest } from "@/lib/api";

export type { TaskList, VideoStatusResponse } from "../../../shared/schemas/videos";

export const RECENT_DAYS = 14;
export const GALLERY_PAGE_SIZE = 20;

export interface GenerateVideoRequest {
  prompt: string;
  /** The images of the mode, in its slots' order. */
  imageUrls: string[];
  model: VeoModel;
  mode: GenerationMode;
  aspectRatio: AspectRatio;
  watermark?: string | undefined;
  seeds?: number | undefined;
  /** Also make the 4K version (decision 0049). */
  upgrade4k?: boolean;
  /** Hold the 1080p version until asked for, so the video can be extended (decision 0050). */
  keepExtendable?: boolean;
  enableFallback: false;
}

/** POST /api/videos/{taskId}/extend: what happens next in the video (decision 0050). */
export interface ExtendVideoRequest {
  prompt: string;
  seeds?: number | undefined;
  watermark?: string | undefined;
  /** Hold the extension's 1080p version too, to extend it again. */
  keepExtendable: boolean;
}

/** `idempotencyKey`: the same key for the same request sent again (decision 0046), so it never makes two videos. */
export function generateVideo(body: GenerateVideoRequest, idempotencyKey: string): Promise<GenerateVideoResult> {
  return apiCall(generateVideoResultSchema, "POST", "/api/generate-video", body, { "Idempotency-Key": idempotencyKey });
}

/** A new video continuing a finished one (decision 0050); answers like generation. `idempotencyKey` as for generateVideo. */
export function extendVideo(
  taskId: string,
  body: ExtendVideoRequest,
  idempotencyKey: string,
): Promise<GenerateVideoResult> {
  return apiCall(generateVideoResultSchema, "POST", `/api/videos/${encodeURIComponent(taskId)}/extend`, body, {
    "Idempotency-Key": idempotencyKey,
  });
}

/** POST /api/images/upload (multipart field `image`); a refusal is an ApiError with the server's message. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  return (await apiFormData(uploadImageResultSchema, "/api/images/upload", form)).imageUrl;
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

/** POST /api/force-update-hd/{taskId}: asks the provider for the 1080p file now (and releases a held one: decision 0050). */
export function forceUpdateHd(taskId: string): Promise<HdVideoResponse> {
  return apiCall(hdVideoSchema, "POST", `/api/force-update-hd/${encodeURIComponent(taskId)}`, {});
}

/** POST /api/videos/{taskId}/upgrade-4k: charges the 4K surcharge and starts the 4K version (decision 0049). */
export function upgradeTo4k(taskId: string): Promise<UpgradeResult> {
  return apiCall(upgradeResultSchema, "POST", `/api/videos/${encodeURIComponent(taskId)}/upgrade-4k`);
}

export type UpgradeResult = z.infer<typeof upgradeResultSchema>;

export type DownloadQuality = VideoQuality;

export function downloadUrl(taskId: string, quality: DownloadQuality): string {
  return `/api/videos/${encodeURIComponent(taskId)}/download?quality=${quality}`;
}

/** The file name from a Content-Disposition header, if any. */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/**
 * Saves a video through the server's attachment endpoint: the file is fetched, then handed to the
 * browser as a download with the server's file name.
 */
export async function downloadVideo(taskId: string, quality: DownloadQuality): Promise<void> {
  const response = await apiRequest("GET", downloadUrl(taskId, quality));
  const name =
    attachmentName(response.headers.get("content-disposition")) ?? `video-${taskId.slice(-8)}-${quality}.mp4`;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = href;
    link.download = name;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  }
}

/** PUT /api/videos/{taskId}/sharing: share publicly (a page at /v/...) or stop; with or without the prompt. */
export function setVideoSharing(
  taskId: string,
  body: { isPublic: boolean; hidePrompt?: boolean },
): Promise<SharingView> {
  return apiCall(sharingViewSchema, "PUT", `/api/videos/${encodeURIComponent(taskId)}/sharing`, body);
}

/** DELETE /api/videos/{taskId}: the video and its files go (the credits history keeps its rows). */
export function deleteVideo(taskId: string): Promise<{ message: string }> {
  return apiCall(videoDeletedSchema, "DELETE", `/api/videos/${encodeURIComponent(taskId)}`);
}
