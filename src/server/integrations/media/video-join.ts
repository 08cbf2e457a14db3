/**
 * What extending from a last frame needs of FFmpeg (issue 71, decision 0159): the last frame of a
 * video of ours, as a JPEG, and two videos joined into one file. Same rules as the share frame
 * (decision 0083, video-frame.ts): the bundled binary, an argument list (no shell), `-nostdin`, a
 * time limit, files on this machine only. The bundled FFmpeg is a 2018 build (4.1): no options
 * newer than that, and no ffprobe (a file's streams are read from `ffmpeg -i`'s report).
 */
import { execFile } from "node:child_process";
import fsp from "node:fs/promises";
import { jpegSize, type FrameSize } from "./video-frame.js";

const DEFAULT_TIMEOUT_MS = 30_000;
/** Joining re-encodes both parts: a few seconds per clip here, minutes on a slow machine with long videos. */
const DEFAULT_JOIN_TIMEOUT_MS = 5 * 60_000;

export interface VideoFacts {
  width: number;
  height: number;
  /** Frames per second (24 when the report names none). */
  fps: number;
  /** Seconds. */
  durationSeconds: number;
  hasAudio: boolean;
}

function run(ffmpegPath: string, args: string[], timeoutMs: number): Promise<{ ok: boolean; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ffmpegPath,
      ["-hide_banner", "-nostdin", ...args],
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024, windowsHide: true },
      (err, _stdout, stderr) => {
        const text = String(stderr);
        resolve({ ok: !err, stderr: err?.killed ? `took longer than ${timeoutMs} ms` : text });
      },
    );
  });
}

const tail = (text: string) => text.trim().slice(-300);

/** The size, frame rate, length and sound of a video file of ours, from FFmpeg's report on it. */
export async function probeVideo(
  ffmpegPath: string,
  inputPath: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<VideoFacts> {
  // With no output FFmpeg exits 1 after printing what it found: the report is the answer.
  const { stderr } = await run(ffmpegPath, ["-i", inputPath], timeoutMs);
  return parseReport(stderr);
}

/** Reads `Duration:`, the first video stream's size and fps, and whether an audio stream exists. */
function parseReport(report: string): VideoFacts {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  const streams = report.split("\n").filter((line) => line.trimStart().startsWith("Stream #"));
  const video = streams.find((line) => line.includes(": Video: "));
  const size = video ? /, (\d{2,5})x(\d{2,5})[ ,]/.exec(video) : null;
  if (!duration || !size) throw new Error(`FFmpeg found no video in the file: ${tail(report)}`);
  const fps = video ? /, (\d+(?:\.\d+)?) fps/.exec(video) : null;
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    fps: fps ? Number(fps[1]) : 24,
    durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    hasAudio: streams.some((line) => line.includes(": Audio: ")),
  };
}

/**
 * Writes the last frame of the video at `inputPath` to `outputPath` as a JPEG at the video's own
 * size (the next model's first frame), and returns its size. FFmpeg decodes the last half second
 * and keeps overwriting the one picture, so the file holds the final frame.
 */
export async function extractLastFrame(
  ffmpegPath: string,
  inputPath: string,
  outputPath: string,
  opts: { timeoutMs?: number } = {},
): Promise<FrameSize> {
  await fsp.rm(outputPath, { force: true });
  const done = await run(
    ffmpegPath,
    [
      ...["-loglevel", "error", "-y", "-sseof", "-0.5", "-i", inputPath],
      ...["-an", "-update", "1", "-q:v", "2", "-f", "image2", "-c:v", "mjpeg"],
      outputPath,
    ],
    opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  const size = await fsp
    .readFile(outputPath)
    .then(jpegSize)
    .catch(() => undefined);
  if (size) return size;
  await fsp.rm(outputPath, { force: true });
  throw new Error(`FFmpeg could not take the last frame: ${done.ok ? "it wrote no picture" : tail(done.stderr)}`);
}

/** Even numbers (H.264 with 4:2:0 colour needs them). */
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Joins `first` then `second` into one MP4 at `outputPath`, re-encoded to the second part's size
 * and frame rate (the first is scaled into that frame, letterboxed if its shape differs). A part
 * without sound gets silence of its own length, so the joined file always has an audio track.
 * Returns what the joined file is. Throws when FFmpeg fails or writes nothing playable.
 */
export async function joinVideos(
  ffmpegPath: string,
  first: string,
  second: string,
  outputPath: string,
  opts: { timeoutMs?: number } = {},
): Promise<VideoFacts> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_JOIN_TIMEOUT_MS;
  const [a, b] = [await probeVideo(ffmpegPath, first), await probeVideo(ffmpegPath, second)];
  const width = even(b.width);
  const height = even(b.height);
  const fps = b.fps > 0 && b.fps <= 120 ? b.fps : 24;
  const picture = (i: number) =>
    `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p[v${i}]`;
  const sound = "aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo";
  // Input 2 is silence; each part without sound takes as much of it as it lasts.
  const audio = (i: number, facts: VideoFacts) =>
    facts.hasAudio
      ? `[${i}:a]${sound}[a${i}]`
      : `[2:a]atrim=0:${facts.durationSeconds.toFixed(3)},asetpts=PTS-STARTPTS,${sound}[a${i}]`;
  // The silence is split when both parts need it (an input pad is used once).
  const silent = [a, b].filter((f) => !f.hasAudio).length;
  const graph = [
    picture(0),
    picture(1),
    ...(silent === 2
      ? [
          `[2:a]asplit=2[s0][s1]`,
          `[s0]atrim=0:${a.durationSeconds.toFixed(3)},asetpts=PTS-STARTPTS,${sound}[a0]`,
          `[s1]atrim=0:${b.durationSeconds.toFixed(3)},asetpts=PTS-STARTPTS,${sound}[a1]`,
        ]
      : [audio(0, a), audio(1, b)]),
    `[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]`,
  ].join(";");
  await fsp.rm(outputPath, { force: true });
  const done = await run(
    ffmpegPath,
    [
      ...["-loglevel", "error", "-y", "-i", first, "-i", second],
      ...[
        "-f",
        "lavfi",
        "-t",
        String(Math.ceil(a.durationSeconds + b.durationSeconds + 1)),
        "-i",
        "anullsrc=r=44100:cl=stereo",
      ],
      ...["-filter_complex", graph, "-map", "[v]", "-map", "[a]"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-b:a", "128k"],
      ...["-movflags", "+faststart", "-f", "mp4"],
      outputPath,
    ],
    timeoutMs,
  );
  if (!done.ok) {
    await fsp.rm(outputPath, { force: true });
    throw new Error(`FFmpeg could not join the videos: ${tail(done.stderr)}`);
  }
  return probeVideo(ffmpegPath, outputPath);
}
