/**
 * The KIE simulator's Market video models besides Veo (Kling, Seedance, Wan, Hailuo) over real
 * HTTP: each model's valid requests through waiting → success with a real MP4 and KIE's price in
 * creditsConsumed, each documented refusal as code 422 naming the field, failures, markers,
 * callbacks, and Veo ids stored before version 3 still decoding. A fake clock drives the timing.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLIPS_DIR, clipFileName, clipVariant } from "../../src/server/simulator/clips.js";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";

const KEY = "test-key";
const DELAY = 1000;
const IMG = "https://example.com/a.png";
const IMG2 = "https://example.com/b.png";

let clock = Date.UTC(2026, 10, 25, 10, 0, 0);
const uploadDir = path.join(os.tmpdir(), `kie-sim-models-${crypto.randomBytes(4).toString("hex")}`);
let sim: StandaloneKieSimulator;

interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
}

async function call(method: string, url: string, body?: unknown, base = sim.baseUrl) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Envelope };
}
const createTask = async (body: unknown, base = sim.baseUrl) =>
  (await call("POST", "/api/v1/jobs/createTask", body, base)).json;
const jobsRecord = async (taskId: string) =>
  (await call("GET", `/api/v1/jobs/recordInfo?taskId=${encodeURIComponent(taskId)}`)).json;
const veoRecord = async (taskId: string) =>
  (await call("GET", `/api/v1/veo/record-info?taskId=${encodeURIComponent(taskId)}`)).json;
async function newTask(model: string, input: Record<string, unknown>): Promise<string> {
  const res = await createTask({ model, input });
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200, msg: "success" });
  return (res.data as { taskId: string }).taskId;
}

beforeAll(async () => {
  sim = await startKieSimulator({ uploadDir, delayMs: DELAY, now: () => clock });
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.faults.clear();
  sim.stats.reset();
  sim.accounts.clear();
});

interface Valid {
  model: string;
  input: Record<string, unknown> & { prompt: string };
  /** KIE credits (kie-2026.md §2.6). */
  credits: number;
  /** The clip the result link serves. */
  clip: ["16:9" | "9:16", "720p" | "1080p"];
  /** Part of `param.input` (besides the prompt). */
  echo: Record<string, unknown>;
}

const KLING = "kling-3.0/video";
const VALID: Valid[] = [
  {
    model: KLING,
    input: {
      prompt: "Kling std silent",
      sound: false,
      duration: "5",
      aspect_ratio: "16:9",
      mode: "std",
      multi_shots: false,
    },
    credits: 14 * 5,
    clip: ["16:9", "720p"],
    echo: { image_count: 0, sound: false, duration: "5", aspect_ratio: "16:9", mode: "std", multi_shots: false },
  },
  {
    model: KLING,
    input: {
      prompt: "Kling pro square",
      sound: true,
      duration: "10",
      aspect_ratio: "1:1",
      mode: "pro",
      multi_shots: false,
    },
    credits: 27 * 10,
    clip: ["16:9", "1080p"],
    echo: { sound: true, duration: "10", aspect_ratio: "1:1", mode: "pro" },
  },
  {
    model: KLING,
    input: {
      prompt: "Kling 4K frames",
      image_urls: [IMG, IMG2],
      sound: true,
      duration: "3",
      mode: "4K",
      multi_shots: false,
    },
    credits: 67 * 3,
    clip: ["16:9", "1080p"],
    echo: { image_count: 2, duration: "3", mode: "4K" },
  },
  {
    model: KLING,
    input: { prompt: "Kling tall", sound: true, duration: "15", aspect_ratio: "9:16", mode: "std", multi_shots: false },
    credits: 20 * 15,
    clip: ["9:16", "720p"],
    echo: { aspect_ratio: "9:16", duration: "15" },
  },
  {
    model: "kling-2.6/text-to-video",
    input: { prompt: "Kling 2.6 text", sound: true, aspect_ratio: "9:16", duration: "10" },
    credits: 220,
    clip: ["9:16", "720p"],
    echo: { sound: true, aspect_ratio: "9:16", duration: "10" },
  },
  {
    model: "kling-2.6/image-to-video",
    input: { prompt: "Kling 2.6 image", image_urls: [IMG], sound: false, duration: "5" },
    credits: 55,
    clip: ["16:9", "720p"],
    echo: { image_count: 1, sound: false, duration: "5" },
  },
  {
    model: "bytedance/seedance-2",
    input: { prompt: "Seedance defaults" },
    credits: 41 * 5,
    clip: ["16:9", "720p"],
    echo: { generate_audio: true, resolution: "720p", aspect_ratio: "16:9", duration: 5, frame_count: 0 },
  },
  {
    model: "bytedance/seedance-2",
    input: {
      prompt: "Seedance frames",
      first_frame_url: IMG,
      last_frame_url: IMG2,
      resolution: "1080p",
      aspect_ratio: "3:4",
      duration: 15,
      generate_audio: false,
      nsfw_checker: true,
    },
    credits: 102 * 15,
    clip: ["9:16", "1080p"],
    echo: { frame_count: 2, reference_image_count: 0, resolution: "1080p", aspect_ratio: "3:4", duration: 15 },
  },
  {
    model: "bytedance/seedance-2-fast",
    input: {
      prompt: "Seedance fast refs",
      reference_image_urls: Array.from({ length: 9 }, (_, i) => `https://example.com/${i}.png`),
      resolution: "480p",
      aspect_ratio: "21:9",
      duration: 4,
    },
    credits: 46.8, // 11.7 × 4
    clip: ["16:9", "720p"],
    echo: { frame_count: 0, reference_image_count: 9, resolution: "480p", aspect_ratio: "21:9", duration: 4 },
  },
  {
    model: "bytedance/seedance-2-mini",
    input: { prompt: "Seedance mini", first_frame_url: "asset://asset-123", aspect_ratio: "adaptive", duration: 10 },
    credits: 82, // 8.2 × 10
    clip: ["16:9", "720p"],
    echo: { frame_count: 1, aspect_ratio: "adaptive", duration: 10 },
  },
  {
    model: "bytedance/seedance-1.5-pro",
    input: {
      prompt: "Seedance 1.5 number",
      input_urls: [IMG, IMG2],
      aspect_ratio: "4:3",
      resolution: "1080p",
      duration: 12,
      generate_audio: false,
      fixed_lens: true,
    },
    credits: 7.5 * 12,
    clip: ["16:9", "1080p"],
    echo: { image_count: 2, aspect_ratio: "4:3", resolution: "1080p", duration: 12, generate_audio: false },
  },
  {
    model: "bytedance/seedance-1.5-pro",
    input: { prompt: "Seedance 1.5 string", aspect_ratio: "9:16", resolution: "480p", duration: "8" },
    credits: 3.5 * 8, // audio on by default
    clip: ["9:16", "720p"],
    echo: { duration: "8", generate_audio: true },
  },
  {
    model: "wan/2-6-text-to-video",
    input: { prompt: "Wan defaults" },
    credits: 104.5,
    clip: ["16:9", "1080p"],
    echo: { duration: "5", resolution: "1080p" },
  },
  {
    model: "wan/2-6-text-to-video",
    input: { prompt: "Wan long 720p", duration: "15", resolution: "720p", nsfw_checker: true },
    credits: 210,
    clip: ["16:9", "720p"],
    echo: { duration: "15", resolution: "720p" },
  },
  {
    model: "wan/2-6-image-to-video",
    input: { prompt: "Wan image", image_urls: [IMG], duration: "10" },
    credits: 209.5,
    clip: ["16:9", "1080p"],
    echo: { image_count: 1, duration: "10", resolution: "1080p" },
  },
  {
    model: "wan/2-7-text-to-video",
    input: { prompt: "Wan 2.7 defaults" },
    credits: 24 * 5,
    clip: ["16:9", "1080p"],
    echo: { ratio: "16:9", duration: 5, resolution: "1080p" },
  },
  {
    model: "wan/2-7-text-to-video",
    input: {
      prompt: "Wan 2.7 short portrait",
      ratio: "9:16",
      duration: 2,
      resolution: "720p",
      negative_prompt: "blur",
      seed: 12345,
      prompt_extend: false,
      watermark: false,
    },
    credits: 16 * 2,
    clip: ["9:16", "720p"],
    echo: { ratio: "9:16", duration: 2, resolution: "720p" },
  },
  {
    model: "wan/2-7-image-to-video",
    input: { prompt: "Wan 2.7 frames", first_frame_url: IMG, last_frame_url: IMG2, duration: 15 },
    credits: 24 * 15,
    clip: ["16:9", "1080p"],
    echo: { frame_count: 2, duration: 15, resolution: "1080p" },
  },
  {
    model: "hailuo/2-3-image-to-video-pro",
    input: { prompt: "Hailuo pro defaults", image_url: IMG },
    credits: 45,
    clip: ["16:9", "720p"],
    echo: { image_count: 1, duration: "6", resolution: "768P" },
  },
  {
    model: "hailuo/2-3-image-to-video-pro",
    input: { prompt: "Hailuo pro long", image_url: IMG, duration: "10", resolution: "768P" },
    credits: 90,
    clip: ["16:9", "720p"],
    echo: { duration: "10", resolution: "768P" },
  },
  {
    model: "hailuo/2-3-image-to-video-standard",
    input: { prompt: "Hailuo standard 1080P", image_url: IMG, duration: "6", resolution: "1080P" },
    credits: 50,
    clip: ["16:9", "1080p"],
    echo: { duration: "6", resolution: "1080P" },
  },
];

describe("valid requests", () => {
  it.each(VALID.map((v) => [v.model, v.input.prompt, v] as const))(
    "%s (%s): waiting → success with an MP4 and creditsConsumed",
    async (model, prompt, { input, credits, clip, echo }) => {
      sim.accounts.set(KEY, { credits: 10_000 });
      const created = clock;
      const taskId = await newTask(model, input);
      expect(taskId.length).toBeLessThanOrEqual(64);
      expect(sim.accounts.get(KEY)!.credits).toBeCloseTo(10_000 - credits, 6);
      const waiting = (await jobsRecord(taskId)).data!;
      expect(waiting).toMatchObject({ taskId, model, state: "waiting", resultJson: "", completeTime: null });
      expect(waiting).not.toHaveProperty("creditsConsumed");
      expect(JSON.parse(waiting.param as string)).toEqual({
        model,
        input: expect.objectContaining({ prompt, ...echo }) as unknown,
      });
      clock += DELAY / 10;
      expect((await jobsRecord(taskId)).data).toMatchObject({ state: "generating" });
      clock += DELAY;
      const done = (await jobsRecord(taskId)).data!;
      expect(done).toMatchObject({
        state: "success",
        failCode: "",
        failMsg: "",
        completeTime: created + DELAY,
        creditsConsumed: credits,
      });
      const { resultUrls } = JSON.parse(done.resultJson as string) as { resultUrls: string[] };
      expect(resultUrls).toEqual([`${sim.baseUrl}/files/${taskId}/${clipFileName(clipVariant(prompt), ...clip)}`]);
      const file = await fetch(resultUrls[0]!);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toContain("video/mp4");
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.subarray(4, 8).toString()).toBe("ftyp");
      expect(bytes.equals(fs.readFileSync(path.join(CLIPS_DIR, clipFileName(clipVariant(prompt), ...clip))))).toBe(
        true,
      );
    },
  );

  it("logs the model, the input as sent and every image URL in sim.stats.submissions", async () => {
    const input = { prompt: "Logged frames", first_frame_url: IMG, last_frame_url: IMG2, duration: 6 };
    const taskId = await newTask("bytedance/seedance-2", input);
    expect(sim.stats.submissions).toEqual([{ taskId, imageUrls: [IMG, IMG2], model: "bytedance/seedance-2", input }]);
  });
});

/** A valid input per model; each refusal below changes one thing (undefined: leaves the field out). */
const BASE: Record<string, Record<string, unknown>> = {
  [KLING]: { prompt: "x", sound: true, duration: "5", aspect_ratio: "16:9", mode: "pro", multi_shots: false },
  "kling-2.6/text-to-video": { prompt: "x", sound: true, aspect_ratio: "1:1", duration: "5" },
  "kling-2.6/image-to-video": { prompt: "x", image_urls: [IMG], sound: true, duration: "5" },
  "bytedance/seedance-2": { prompt: "abc" },
  "bytedance/seedance-2-fast": { prompt: "abc" },
  "bytedance/seedance-2-mini": { prompt: "abc" },
  "bytedance/seedance-1.5-pro": { prompt: "abc", aspect_ratio: "1:1", duration: 8 },
  "wan/2-6-text-to-video": { prompt: "x" },
  "wan/2-6-image-to-video": { prompt: "xy", image_urls: [IMG] },
  "wan/2-7-text-to-video": { prompt: "x" },
  "wan/2-7-image-to-video": { prompt: "x", first_frame_url: IMG },
  "hailuo/2-3-image-to-video-pro": { prompt: "x", image_url: IMG },
  "hailuo/2-3-image-to-video-standard": { prompt: "x", image_url: IMG },
};
const S2 = "bytedance/seedance-2";
const S15 = "bytedance/seedance-1.5-pro";
const WAN_T = "wan/2-6-text-to-video";
const HAILUO = "hailuo/2-3-image-to-video-pro";
const WAN27_T = "wan/2-7-text-to-video";
const WAN27_I = "wan/2-7-image-to-video";
const WAN27_SECONDS = "duration must be an integer from 2 to 15";
const DURATION_15 = 'duration must be an integer from 4 to 12, or "4", "8" or "12"';

/** [model, change to its BASE input, the field the message names, msg]. */
const REFUSALS: Array<[string, Record<string, unknown>, string, string]> = [
  [KLING, { sound: undefined }, "sound", "sound is required"],
  [KLING, { duration: 5 }, "duration", 'duration must be a string from "3" to "15"'],
  [KLING, { duration: "16" }, "duration", 'duration must be a string from "3" to "15"'],
  [KLING, { aspect_ratio: "4:3" }, "aspect_ratio", 'aspect_ratio must be "16:9", "9:16" or "1:1"'],
  [KLING, { aspect_ratio: undefined }, "aspect_ratio", "aspect_ratio is required without image_urls"],
  [KLING, { image_urls: [IMG, IMG, IMG] }, "image_urls", "image_urls takes at most 2 images"],
  [KLING, { image_urls: ["ftp://example.com/a.png"] }, "image_urls", "image_urls must be an http(s) URL"],
  [KLING, { mode: undefined }, "mode", "mode is required"],
  [KLING, { mode: "1080p" }, "mode", 'mode must be "std", "pro" or "4K"'],
  [KLING, { multi_shots: true }, "multi_shots", "multi_shots must be false (multi-shot is not simulated)"],
  [KLING, { prompt: "x".repeat(2501) }, "prompt", "prompt must be at most 2500 characters"],
  ["kling-2.6/text-to-video", { aspect_ratio: undefined }, "aspect_ratio", "aspect_ratio is required"],
  ["kling-2.6/text-to-video", { duration: "15" }, "duration", 'duration must be "5" or "10"'],
  [
    "kling-2.6/text-to-video",
    { image_urls: [IMG] },
    "image_urls",
    "image_urls is not supported by kling-2.6/text-to-video",
  ],
  ["kling-2.6/image-to-video", { image_urls: undefined }, "image_urls", "image_urls is required"],
  ["kling-2.6/image-to-video", { image_urls: [IMG, IMG2] }, "image_urls", "image_urls takes exactly 1 image"],
  [
    "kling-2.6/image-to-video",
    { aspect_ratio: "16:9" },
    "aspect_ratio",
    "aspect_ratio is not supported by kling-2.6/image-to-video",
  ],
  ["kling-2.6/image-to-video", { sound: undefined }, "sound", "sound is required"],
  [S2, { prompt: "ab" }, "prompt", "prompt must be at least 3 characters"],
  [S2, { duration: "5" }, "duration", "duration must be an integer from 4 to 15"],
  [S2, { duration: 16 }, "duration", "duration must be an integer from 4 to 15"],
  [S2, { resolution: "4k" }, "resolution", 'resolution must be "480p", "720p" or "1080p"'],
  [
    S2,
    { aspect_ratio: "2:1" },
    "aspect_ratio",
    'aspect_ratio must be "1:1", "4:3", "3:4", "16:9", "9:16", "21:9" or "adaptive"',
  ],
  [
    S2,
    { reference_image_urls: Array(10).fill(IMG) },
    "reference_image_urls",
    "reference_image_urls takes at most 9 images",
  ],
  [
    S2,
    { first_frame_url: IMG, reference_image_urls: [IMG2] },
    "reference_image_urls",
    "reference_image_urls cannot be combined with first_frame_url or last_frame_url",
  ],
  [S2, { last_frame_url: IMG }, "last_frame_url", "last_frame_url needs first_frame_url"],
  [
    S2,
    { first_frame_url: "data:image/png;base64,AAAA" },
    "first_frame_url",
    "first_frame_url must be an http(s) or asset:// URL",
  ],
  [
    S2,
    { reference_video_urls: ["https://example.com/v.mp4"] },
    "reference_video_urls",
    "reference_video_urls is not simulated",
  ],
  [S2, { generate_audio: "yes" }, "generate_audio", "generate_audio must be a boolean"],
  ["bytedance/seedance-2-fast", { resolution: "1080p" }, "resolution", 'resolution must be "480p" or "720p"'],
  ["bytedance/seedance-2-mini", { resolution: "1080p" }, "resolution", 'resolution must be "480p" or "720p"'],
  [S15, { duration: undefined }, "duration", "duration is required"],
  [S15, { duration: "6" }, "duration", DURATION_15],
  [S15, { duration: 13 }, "duration", DURATION_15],
  [S15, { aspect_ratio: undefined }, "aspect_ratio", "aspect_ratio is required"],
  [
    S15,
    { aspect_ratio: "adaptive" },
    "aspect_ratio",
    'aspect_ratio must be "1:1", "4:3", "3:4", "16:9", "9:16" or "21:9"',
  ],
  [S15, { input_urls: [IMG, IMG, IMG] }, "input_urls", "input_urls takes at most 2 images"],
  [WAN_T, { duration: "20" }, "duration", 'duration must be "5", "10" or "15"'],
  [WAN_T, { resolution: "480p" }, "resolution", 'resolution must be "720p" or "1080p"'],
  [WAN_T, { aspect_ratio: "16:9" }, "aspect_ratio", "aspect_ratio is not supported by wan/2-6-text-to-video"],
  [WAN_T, { sound: true }, "sound", "sound is not supported by wan/2-6-text-to-video"],
  [WAN_T, { image_urls: [IMG] }, "image_urls", "image_urls is not supported by wan/2-6-text-to-video"],
  ["wan/2-6-image-to-video", { image_urls: undefined }, "image_urls", "image_urls is required"],
  ["wan/2-6-image-to-video", { prompt: "x" }, "prompt", "prompt must be at least 2 characters"],
  [WAN27_T, { duration: "5" }, "duration", WAN27_SECONDS],
  [WAN27_T, { duration: 1 }, "duration", WAN27_SECONDS],
  [WAN27_T, { duration: 16 }, "duration", WAN27_SECONDS],
  [WAN27_T, { duration: 7.5 }, "duration", WAN27_SECONDS],
  [WAN27_T, { resolution: "480p" }, "resolution", 'resolution must be "720p" or "1080p"'],
  [WAN27_T, { resolution: "1080P" }, "resolution", 'resolution must be "720p" or "1080p"'],
  [WAN27_T, { ratio: "21:9" }, "ratio", 'ratio must be "16:9", "9:16", "1:1", "4:3" or "3:4"'],
  [WAN27_T, { aspect_ratio: "16:9" }, "aspect_ratio", "aspect_ratio is not supported by wan/2-7-text-to-video"],
  [WAN27_T, { first_frame_url: IMG }, "first_frame_url", "first_frame_url is not supported by wan/2-7-text-to-video"],
  [WAN27_T, { negative_prompt: "x".repeat(501) }, "negative_prompt", "negative_prompt must be at most 500 characters"],
  [WAN27_T, { seed: -1 }, "seed", "seed must be an integer from 0 to 2147483647"],
  [WAN27_I, { first_frame_url: undefined }, "first_frame_url", "first_frame_url is required"],
  [WAN27_I, { image_urls: [IMG] }, "image_urls", "image_urls is not supported by wan/2-7-image-to-video"],
  [WAN27_I, { ratio: "16:9" }, "ratio", "ratio is not supported by wan/2-7-image-to-video"],
  [WAN27_I, { first_clip_url: "https://example.com/v.mp4" }, "first_clip_url", "first_clip_url is not simulated"],
  [WAN27_I, { duration: 20 }, "duration", WAN27_SECONDS],
  [HAILUO, { image_url: undefined }, "image_url", "image_url is required"],
  [
    HAILUO,
    { duration: "10", resolution: "1080P" },
    "10 seconds",
    "10 seconds videos are not supported for 1080p resolution",
  ],
  [
    "hailuo/2-3-image-to-video-standard",
    { duration: "10", resolution: "1080P" },
    "10 seconds",
    "10 seconds videos are not supported for 1080p resolution",
  ],
  [HAILUO, { resolution: "1080p" }, "resolution", 'resolution must be "768P" or "1080P"'],
  [HAILUO, { duration: "5" }, "duration", 'duration must be "6" or "10"'],
  [HAILUO, { image_urls: [IMG] }, "image_urls", "image_urls is not supported by hailuo/2-3-image-to-video-pro"],
  [HAILUO, { prompt: " " }, "prompt", "prompt is required"],
];

describe("refusals", () => {
  it.each(Object.entries(BASE))("%s: the base input of the refusals is accepted", async (model, input) => {
    await newTask(model, input);
  });

  it.each(REFUSALS)("%s %j → 422 naming %s", async (model, change, field, msg) => {
    sim.accounts.set(KEY, { credits: 10_000 });
    const res = await call("POST", "/api/v1/jobs/createTask", { model, input: { ...BASE[model], ...change } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 422, msg, data: null });
    expect(msg).toContain(field);
    expect(sim.accounts.get(KEY)!.credits).toBe(10_000);
    expect(sim.stats.submissions).toEqual([]);
  });

  it.each([
    [{ model: KLING }, "input is required"],
    [{ model: "wan/2-6-text-to-video", input: [] }, "input is required"],
    [{ model: KLING, callBackUrl: "not a url", input: {} }, "callBackUrl must be an http(s) URL"],
    [{ model: "kling-9.9/video", input: { prompt: "x" } }, "model is not supported"],
    [{ model: "sora-2-text-to-video", input: { prompt: "x" } }, "model is not supported"],
  ])("answers %j with 422 %s", async (body, msg) => {
    expect(await createTask(body)).toEqual({ code: 422, msg, data: null });
  });
});

/** One valid request per model. */
const ONE_PER_MODEL = [...new Map(VALID.map((v) => [v.model, v])).values()];

describe("markers and charges", () => {
  it.each(ONE_PER_MODEL.map((v) => [v.model, v] as const))(
    "%s: [sim:fail] ends in fail with creditsConsumed 0",
    async (model, { input }) => {
      const taskId = await newTask(model, { ...input, prompt: "doomed video [sim:fail]" });
      clock += DELAY;
      expect((await jobsRecord(taskId)).data).toMatchObject({
        model,
        state: "fail",
        resultJson: "",
        failCode: "501",
        failMsg: "Video generation failed (simulated)",
        creditsConsumed: 0,
      });
    },
  );

  it("answers 402 when short, [sim:reject] 400, [sim:code-NNN] that code, [sim:unknown-model] 422, charging nothing", async () => {
    const { model, input, credits } = VALID[0]!;
    sim.accounts.set(KEY, { credits: credits - 1 });
    expect(await createTask({ model, input })).toEqual({
      code: 402,
      msg: "The current credits are insufficient. Please top up.",
      data: null,
    });
    expect((await createTask({ model, input: { ...input, prompt: "no [sim:reject]" } })).code).toBe(400);
    expect(await createTask({ model, input: { ...input, prompt: "busy [sim:code-455]" } })).toEqual({
      code: 455,
      msg: "Service Unavailable - System is currently undergoing maintenance",
      data: null,
    });
    for (const known of [model, "veo-3-1"]) {
      expect(await createTask({ model: known, input: { ...input, prompt: "gone [sim:UNKNOWN-model]" } })).toEqual({
        code: 422,
        msg: "model is not supported",
        data: null,
      });
    }
    expect(sim.accounts.get(KEY)!.credits).toBe(credits - 1);
    expect(sim.stats.submissions).toEqual([]);
  });

  it("[sim:slow] takes five times as long; [sim:dead-link] gives a dead link; links die after linkTtlMs", async () => {
    const { model, input } = VALID[6]!;
    const slow = await newTask(model, { ...input, prompt: "slow one [sim:slow]" });
    const dead = await newTask(model, { ...input, prompt: "dead one [sim:dead-link]" });
    const fine = await newTask(model, { ...input, prompt: "fine one" });
    const link = async (taskId: string) => {
      const { resultUrls } = JSON.parse((await jobsRecord(taskId)).data!.resultJson as string) as {
        resultUrls: string[];
      };
      return fetch(resultUrls[0]!, { method: "HEAD" });
    };
    const early = `${sim.baseUrl}/files/${fine}/${clipFileName(clipVariant("fine one"), "16:9", "720p")}`;
    expect((await fetch(early, { method: "HEAD" })).status).toBe(404);
    clock += DELAY;
    expect((await jobsRecord(slow)).data).toMatchObject({ state: "generating" });
    expect((await link(dead)).status).toBe(404);
    expect((await link(fine)).status).toBe(200);
    // Another clip name under the task's id is not its file.
    expect((await fetch(early.replace("16x9-720p", "9x16-720p"), { method: "HEAD" })).status).toBe(404);
    clock += 4 * DELAY;
    expect((await jobsRecord(slow)).data).toMatchObject({ state: "success" });
    clock += 600_001;
    expect((await link(fine)).status).toBe(404);
  });
});

describe("task ids", () => {
  it("keep Market model tasks away from the Veo endpoints", async () => {
    const taskId = await newTask(VALID[0]!.model, VALID[0]!.input);
    clock += DELAY;
    expect(await veoRecord(taskId)).toEqual({ code: 422, msg: "record is null", data: null });
    const hd = await call("GET", `/api/v1/veo/get-1080p-video?taskId=${taskId}&index=0`);
    expect(hd.json).toEqual({ code: 422, msg: "record is null", data: null });
    expect((await call("POST", "/api/v1/veo/get-4k-video", { taskId })).json.msg).toBe("record is null");
    expect((await call("POST", "/api/v1/veo/extend", { taskId, prompt: "more" })).json.msg).toBe("record is null");
  });

  it("still decode Veo ids stored before version 3 (1, 2, and 2 with the Market flag)", async () => {
    const v1 = "sim_AQGUJPhgiAtzdG9yZWQgdjE_0123abcd"; // veo3, 9:16, variant 2, "stored v1"
    const v2 = "sim_AgGUJPhgiAoDAHN0b3JlZCB2Mg_71c2687d"; // veo3_fast, 16:9, variant 3, "stored v2"
    const market = "sim_AgGUJPhgiEoBgnN0b3JlZCBtYXJrZXQ_0f04d3ce"; // veo-3-1 (veo3_lite, 9:16), "stored market"
    const createTime = Date.UTC(2025, 0, 2, 3, 4, 5);
    expect((await veoRecord(v1)).data).toMatchObject({
      successFlag: 1,
      createTime,
      paramJson: JSON.stringify({ model: "veo3", aspectRatio: "9:16", prompt: "stored v1" }),
    });
    expect(JSON.parse((await veoRecord(v2)).data!.paramJson as string)).toMatchObject({
      model: "veo3_fast",
      aspectRatio: "16:9",
      prompt: "stored v2",
    });
    const old = (await jobsRecord(market)).data!;
    expect(old).toMatchObject({ model: "veo-3-1", state: "success", createTime });
    expect(old).not.toHaveProperty("creditsConsumed");
    expect(JSON.parse(old.param as string)).toMatchObject({ input: { model: "veo3_lite", prompt: "stored market" } });
    for (const legacy of [v1, v2]) expect((await jobsRecord(legacy)).msg).toBe("recordInfo is null");
  });
});

describe("callbacks", () => {
  let server: http.Server;
  let hookUrl: string;
  const received: Array<{ taskId: string; body: Record<string, unknown> }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        const body = JSON.parse(text) as { data: { taskId: string } };
        received.push({ taskId: body.data.taskId, body });
        res.end(JSON.stringify({ code: 200, msg: "success" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("POSTs the Market's bodies with the model and creditsConsumed (0 on failure)", async () => {
    const live = await startKieSimulator({ uploadDir, delayMs: 50 });
    try {
      const create = async (prompt: string) => {
        const res = await createTask(
          { model: "wan/2-6-image-to-video", callBackUrl: hookUrl, input: { prompt, image_urls: [IMG] } },
          live.baseUrl,
        );
        expect(res.code).toBe(200);
        return (res.data as { taskId: string }).taskId;
      };
      const done = await create("Wan called back");
      const failed = await create("Wan called back [sim:fail]");
      // Generous: the machine may be busy. Nothing is timed, only waited for.
      const deadline = Date.now() + 30_000;
      while (!(received.some((r) => r.taskId === done) && received.some((r) => r.taskId === failed))) {
        if (Date.now() > deadline) throw new Error("no callbacks");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const link = `${live.baseUrl}/files/${done}/${clipFileName(clipVariant("Wan called back"), "16:9", "1080p")}`;
      expect(received.find((r) => r.taskId === done)!.body).toEqual({
        code: 200,
        msg: "Playground task completed successfully.",
        data: {
          taskId: done,
          model: "wan/2-6-image-to-video",
          state: "success",
          param: expect.stringContaining('"model":"wan/2-6-image-to-video"') as string,
          resultJson: JSON.stringify({ resultUrls: [link] }),
          costTime: 0,
          completeTime: expect.any(Number) as number,
          createTime: expect.any(Number) as number,
          updateTime: expect.any(Number) as number,
          creditsConsumed: 104.5,
        },
      });
      expect(received.find((r) => r.taskId === failed)!.body).toEqual({
        code: 501,
        msg: "Playground task failed.",
        data: {
          taskId: failed,
          model: "wan/2-6-image-to-video",
          state: "fail",
          param: expect.any(String) as string,
          failCode: "501",
          failMsg: "Video generation failed (simulated)",
          costTime: 0,
          creditsConsumed: 0,
        },
      });
      expect((await fetch(link, { method: "HEAD" })).status).toBe(200);
    } finally {
      await live.close();
    }
  });
});
