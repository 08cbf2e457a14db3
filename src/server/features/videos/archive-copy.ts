/**
 * Copies one video file from the provider into a temporary file (decision 0043): streamed (memory
 * does not grow with the file), refused unless it is an MP4 (content type and the `ftyp` box),
 * within a size limit and a time limit, hashed (SHA-256) on the way.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { downloadPublic } from "../../integrations/http/public-download.js";

export interface CopyLimits {
  maxBytes: number;
  timeoutMs: number;
  trustedOrigins: readonly string[];
}

export type CopyResult =
  { kind: "copied"; tempPath: string; sizeBytes: number; sha256: string } | { kind: "gone"; status: number };

/** A copy that failed for now (network, status, not a video, too large): tried again later. */
class CopyError extends Error {}

const VIDEO_TYPES = /^(video\/|application\/octet-stream|binary\/octet-stream)/i;
/** The provider's storage answers these for a file it no longer has. */
const GONE = new Set([403, 404, 410]);

/** Counts, hashes and checks the MP4 signature (bytes 4-7 "ftyp") as the bytes pass. */
class VideoCheck extends Transform {
  size = 0;
  readonly hash = crypto.createHash("sha256");
  private head = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new CopyError(`The file is larger than ${this.maxBytes} bytes`));
    if (this.head.length < 8) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, 8);
      if (this.head.length === 8 && this.head.toString("latin1", 4, 8) !== "ftyp")
        return done(new CopyError("The file is not an MP4 video"));
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.head.length < 8 ? new CopyError("The file is not an MP4 video") : null);
  }
}

export async function copyToTemp(url: string, tempDir: string, limits: CopyLimits): Promise<CopyResult> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let res;
  try {
    res = await downloadPublic(url, { signal, trustedOrigins: limits.trustedOrigins });
  } catch (err) {
    throw new CopyError(`Could not fetch the file: ${err instanceof Error ? err.message : String(err)}`);
  }
  const status = res.statusCode ?? 0;
  if (GONE.has(status)) {
    res.resume();
    return { kind: "gone", status };
  }
  if (status < 200 || status >= 300) {
    res.resume();
    throw new CopyError(`The provider answered ${status}`);
  }
  const type = res.headers["content-type"] ?? "";
  if (!VIDEO_TYPES.test(type)) {
    res.resume();
    throw new CopyError(`The file is not a video (${type || "no content type"})`);
  }
  if (Number(res.headers["content-length"] ?? 0) > limits.maxBytes) {
    res.resume();
    throw new CopyError(`The file is larger than ${limits.maxBytes} bytes`);
  }
  await fsp.mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${crypto.randomUUID()}.partial`);
  const check = new VideoCheck(limits.maxBytes);
  try {
    // flush: the bytes are on the disk (fsync) before the file can be moved into place.
    await pipeline(res, check, fs.createWriteStream(tempPath, { flush: true }), { signal });
  } catch (err) {
    await fsp.rm(tempPath, { force: true });
    if (err instanceof CopyError) throw err;
    throw new CopyError(
      signal.aborted
        ? "The copy took too long"
        : `The copy broke off: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return { kind: "copied", tempPath, sizeBytes: check.size, sha256: check.hash.digest("hex") };
}
