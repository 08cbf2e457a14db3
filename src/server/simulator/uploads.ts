/**
 * Storing uploaded files. Names are random (the caller's fileName is only echoed back) and only
 * media extensions are kept: uploads are served from the product's own origin, so an uploaded
 * .html or .svg must never come back as a page.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { trimChars } from "../../shared/trim.js";
import type { SimContext } from "./context.js";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_MSG = "File is too large (max 10 MB)";

const MEDIA_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  mp3: "audio/mpeg",
  wav: "audio/wav",
};

/** Recognises the common media formats from their first bytes. */
function sniffExtension(bytes: Buffer): string | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (ascii(0, 4) === "GIF8") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") return "mp4";
  return undefined;
}

function extensionFor(fileName: string | undefined, mimeType: string | undefined, bytes: Buffer): string {
  const fromName = fileName ? path.extname(fileName).slice(1).toLowerCase() : "";
  if (fromName in MEDIA_TYPES) return fromName;
  const fromMime = Object.keys(MEDIA_TYPES).find(
    (ext) => MEDIA_TYPES[ext] === mimeType?.split(";")[0]?.trim().toLowerCase(),
  );
  return fromMime ?? sniffExtension(bytes) ?? "bin";
}

export interface UploadInput {
  bytes: Buffer;
  uploadPath: string;
  fileName?: string;
  mimeType?: string;
}

/** Writes the file and returns the upload API's `data` object. */
export async function storeUpload(ctx: SimContext, input: UploadInput) {
  const ext = extensionFor(input.fileName, input.mimeType, input.bytes);
  const storedName = `${crypto.randomBytes(12).toString("hex")}.${ext}`;
  await fs.mkdir(ctx.uploadDir, { recursive: true });
  await fs.writeFile(path.join(ctx.uploadDir, storedName), input.bytes);
  const fileName = input.fileName || storedName;
  return {
    fileName,
    filePath: `${trimChars(input.uploadPath, "/")}/${fileName}`,
    downloadUrl: `${ctx.publicBaseUrl}/files/uploads/${storedName}`,
    fileSize: input.bytes.length,
    mimeType: MEDIA_TYPES[ext] ?? "application/octet-stream",
    uploadedAt: new Date(ctx.now()).toISOString(),
  };
}

/** Decodes plain base64 or a data: URL; undefined when it is neither. */
export function decodeBase64Data(value: string): { bytes: Buffer; mimeType?: string } | undefined {
  // Read by position, not by a pattern over the whole value: a quantified pattern over a 13 MB
  // string overflowed V8's regexp stack now and then (a 500 in CI; automation/reference-image.ts
  // met the same).
  let mimeType: string | undefined;
  let data = value;
  if (value.startsWith("data:")) {
    const comma = value.indexOf(",");
    const meta = comma === -1 ? "" : value.slice(5, comma);
    if (!meta.endsWith(";base64")) return undefined;
    mimeType = meta.split(";")[0] || undefined;
    data = value.slice(comma + 1);
  }
  const raw = data.replace(/\s+/g, "");
  let end = raw.length;
  while (end > 0 && raw[end - 1] === "=") end--;
  const body = raw.slice(0, end);
  if (body === "" || raw.length - end > 2 || /[^A-Za-z0-9+/_-]/.test(body)) return undefined;
  const bytes = Buffer.from(raw, raw.includes("-") || raw.includes("_") ? "base64url" : "base64");
  return bytes.length > 0 ? { bytes, mimeType } : undefined;
}

/** Reads a fetch response body, giving up past `max` bytes. */
export async function readCapped(res: Response, max: number): Promise<Buffer | undefined> {
  if (Number(res.headers.get("content-length") ?? 0) > max) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max) {
      await res.body?.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
