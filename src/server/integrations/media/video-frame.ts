/**
 * A still frame of a video as a JPEG (decision 0083): the share page's og:image. FFmpeg does the
 * work, run as a child process with an argument list (no shell), a time limit, on a file on this
 * machine. The binary is the one @ffmpeg-installer ships inside its npm package (no download at
 * install or at run time); without one, there is simply no frame.
 */
import { execFile } from "node:child_process";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";

/** The frame fits in this square: 1200 px on its long side (1200×676 for 16:9, 676×1200 for 9:16). */
const LONG_SIDE = 1200;
/** Past the first second (a fade-in's black frame); a shorter clip gives its first frame. */
const FRAME_AT_SECONDS = 1;
const DEFAULT_TIMEOUT_MS = 30_000;

export interface FrameSize {
  width: number;
  height: number;
}

/** The FFmpeg that ships with @ffmpeg-installer for this platform, or undefined (no such package here). */
export function bundledFfmpegPath(): string | undefined {
  try {
    const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path?: unknown };
    return typeof installer.path === "string" ? installer.path : undefined;
  } catch {
    // It throws (a string) on a platform it has no binary for.
    return undefined;
  }
}

function runFfmpeg(ffmpegPath: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath,
      args,
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024, windowsHide: true },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const why = err.killed ? `took longer than ${timeoutMs} ms` : String(stderr).trim().slice(-300) || err.message;
        reject(new Error(`FFmpeg could not take a frame: ${why}`));
      },
    );
  });
}

/**
 * Writes one frame of the video at `inputPath` (a file of ours) to `outputPath` as a JPEG and
 * returns its size. Throws when FFmpeg fails, is missing, or writes no picture.
 */
export async function extractFrame(
  ffmpegPath: string,
  inputPath: string,
  outputPath: string,
  opts: { timeoutMs?: number } = {},
): Promise<FrameSize> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const scale = `scale=w='if(gte(iw,ih),${LONG_SIDE},-2)':h='if(gte(iw,ih),-2,${LONG_SIDE})'`;
  for (const at of [FRAME_AT_SECONDS, 0]) {
    // Seeking past a short clip's end writes nothing (and exits 0): then the first frame.
    await fsp.rm(outputPath, { force: true });
    await runFfmpeg(
      ffmpegPath,
      [
        ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y"],
        ...["-ss", String(at), "-i", inputPath],
        ...["-frames:v", "1", "-an", "-vf", scale, "-q:v", "3", "-f", "image2", "-c:v", "mjpeg"],
        outputPath,
      ],
      timeoutMs,
    );
    const size = await fsp
      .readFile(outputPath)
      .then(jpegSize)
      .catch(() => undefined);
    if (size) return size;
  }
  await fsp.rm(outputPath, { force: true });
  throw new Error("FFmpeg wrote no picture");
}

/**
 * The width and height in a JPEG's frame header (SOFn), or undefined when `data` is not a JPEG.
 * Reads the marker segments from the start (SOI) until the first frame header.
 */
export function jpegSize(data: Uint8Array): FrameSize | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return undefined;
  let at = 2;
  while (at + 9 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = (data[at + 2]! << 8) | data[at + 3]!;
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (data[at + 5]! << 8) | data[at + 6]!;
      const width = (data[at + 7]! << 8) | data[at + 8]!;
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    if (length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}
