/**
 * The committed sample clips (made by scripts/make-sample-clips.sh). Resolved next to this file so
 * the same code works from src/ (tsx, Vitest) and from dist/node (the build copies the folder).
 */
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";

export const CLIPS_DIR = fileURLToPath(new URL("./clips/", import.meta.url));
export const CLIP_VARIANTS = 3;

/** A variant chosen from the prompt, so a demo does not always show the same video. */
export function clipVariant(prompt: string): number {
  const digest = crypto.createHash("sha256").update(prompt).digest();
  return (digest.readUInt32BE(0) % CLIP_VARIANTS) + 1;
}

/**
 * A clip's file name. There are no 4K clips (multi-MB files we do not want in the repo): the `4k`
 * name is only used in result links, which serve the 1080p clip's bytes under it (servedClip).
 */
export function clipFileName(variant: number, aspect: "16:9" | "9:16", resolution: "720p" | "1080p" | "4k"): string {
  return `sample-${variant}-${aspect === "16:9" ? "16x9" : "9x16"}-${resolution}.mp4`;
}

/**
 * The name of an extension's "full video" link (record-info fullResultUrls): there are no longer
 * clips, so it serves the 720p clip's bytes (servedClip with 720p), the same 8 s as the segment.
 */
export function extendedClipFileName(variant: number, aspect: "16:9" | "9:16"): string {
  return clipFileName(variant, aspect, "720p").replace(/\.mp4$/, "-extended.mp4");
}

/** The file on disk behind a clip name: 4K links serve the 1080p clip. */
export function servedClip(variant: number, aspect: "16:9" | "9:16", resolution: "720p" | "1080p" | "4k"): string {
  return clipFileName(variant, aspect, resolution === "4k" ? "1080p" : resolution);
}

/**
 * The clip that stands for a Market model's video: portrait ratios (9:16, 3:4) get the 9:16 clip
 * and every other shape (16:9, 1:1, 4:3, 21:9, adaptive, none named) the 16:9 one; 1080p and 4K
 * the 1080p clip, smaller resolutions (480p, 720p, 768p) the 720p one.
 */
export function nearestClipFileName(variant: number, aspect: string | undefined, resolution: string): string {
  const portrait = aspect === "9:16" || aspect === "3:4";
  const hd = resolution === "1080p" || resolution === "4k";
  return clipFileName(variant, portrait ? "9:16" : "16:9", hd ? "1080p" : "720p");
}
