/** The KIE simulator over real HTTP, standalone on its own port, with a fake clock where timing matters. */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLIPS_DIR, clipFileName, clipVariant } from "../../src/server/simulator/clips.js";
import {
  createKieSimulator,
  startKieSimulator,
  type StandaloneKieSimulator,
} from "../../src/server/simulator/index.js";

const KEY = "test-key";
const DELAY = 1000;
const HD_DELAY = 2000;
const FOUR_K_DELAY = 3000;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let clock = Date.UTC(2025, 5, 6, 10, 0, 0);
const now = () => clock;
const uploadDir = path.join(os.tmpdir(), `kie-sim-${crypto.randomBytes(4).toString("hex")}`);
const simOptions = { uploadDir, delayMs: DELAY, hdDelayMs: HD_DELAY, fourKDelayMs: FOUR_K_DELAY, now };
let sim: StandaloneKieSimulator;

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
  success?: boolean;
}

async function call(base: string, method: string, url: string, body?: unknown, key: string | null = KEY) {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: Envelope | undefined;
  try {
    json = JSON.parse(text) as Envelope;
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as Envelope, text };
}

const api = (method: string, url: string, body?: unknown, key?: string | null) =>
  call(sim.baseUrl, method, url, body, key);

async function generate(body: Record<string, unknown>, base = sim.baseUrl): Promise<string> {
  const res = await call(base, "POST", "/api/v1/veo/generate", body);
  expect(res.json).toMatchObject({ code: 200, msg: "success" });
  return (res.json.data as { taskId: string }).taskId;
}

const recordInfo = async (taskId: string, base = sim.baseUrl) =>
  (await call(base, "GET", `/api/v1/veo/record-info?taskId=${encodeURIComponent(taskId)}`)).json;
const get1080p = async (taskId: string) =>
  (await api("GET", `/api/v1/veo/get-1080p-video?taskId=${encodeURIComponent(taskId)}&index=0`)).json;
const get4k = async (body: Record<string, unknown>, base = sim.baseUrl, key?: string) =>
  (await call(base, "POST", "/api/v1/veo/get-4k-video", body, key)).json;
const extend = async (body: Record<string, unknown>, base = sim.baseUrl, key?: string) =>
  (await call(base, "POST", "/api/v1/veo/extend", body, key)).json;

const FOUR_K_PROCESSING = "4k is processing. It should be ready in 5-10 minutes. Please check back shortly.";
const FOUR_K_DONE = "The video has been generated successfully";
const FOUR_K_UNAVAILABLE = "The 4K version of this video is unavailable. Please try a different video.";

/** Waits (real time) until check() is true. */
async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  sim = await startKieSimulator(simOptions);
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

describe("auth", () => {
  it("answers 401 in the envelope without a bearer key or for a revoked account", async () => {
    const missing = await api("GET", "/api/v1/chat/credit", undefined, null);
    expect(missing.status).toBe(200);
    expect(missing.json).toEqual({ code: 401, msg: "You do not have access permissions", data: null });
    sim.accounts.set("revoked-key", { credits: 1000, revoked: true });
    expect((await api("POST", "/api/v1/veo/generate", { prompt: "x" }, "revoked-key")).json.code).toBe(401);
    expect((await api("POST", "/api/file-base64-upload", {}, null)).json).toMatchObject({ success: false, code: 401 });
  });

  it("accepts only the configured apiKey when one is set, but answers any key's balance", async () => {
    const strict = await startKieSimulator({ ...simOptions, apiKey: "the-key" });
    try {
      const generate = (key: string) => call(strict.baseUrl, "POST", "/api/v1/veo/generate", { prompt: "x" }, key);
      expect((await generate("other")).json.code).toBe(401);
      expect((await generate("the-key")).json.code).toBe(200);
      // The admin's key check in a VIDEO_PROVIDER=simulator demo (decision 0074).
      expect((await call(strict.baseUrl, "GET", "/api/v1/chat/credit", undefined, "other")).json.code).toBe(200);
      expect((await call(strict.baseUrl, "GET", "/api/v1/chat/credit", undefined, "the-key")).json.code).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("refuses a key containing sim-bad-key everywhere, as KIE refuses a wrong key", async () => {
    for (const key of ["sim-bad-key", "my-SIM-BAD-KEY-1"]) {
      const credit = await call(sim.baseUrl, "GET", "/api/v1/chat/credit", undefined, key);
      expect(credit.json).toMatchObject({ code: 401, msg: "You do not have access permissions" });
      expect((await call(sim.baseUrl, "POST", "/api/v1/veo/generate", { prompt: "x" }, key)).json.code).toBe(401);
    }
  });
});

describe("generate validation", () => {
  it.each([
    [{}, "prompt is required"],
    [{ prompt: "   " }, "prompt is required"],
    [{ prompt: "x", model: "veo2" }, "model must be veo3, veo3_fast or veo3_lite"],
    [
      { prompt: "x", generationType: "IMAGE_2_VIDEO" },
      "generationType must be TEXT_2_VIDEO, FIRST_AND_LAST_FRAMES_2_VIDEO or REFERENCE_2_VIDEO",
    ],
    [{ prompt: "x", resolution: "8k" }, "resolution must be 720p, 1080p or 4k"],
    [{ prompt: "x", duration: 5 }, "duration must be 4, 6 or 8"],
    [{ prompt: "x", duration: "8" }, "duration must be 4, 6 or 8"],
    [{ prompt: "x", enableTranslation: "yes" }, "enableTranslation must be a boolean"],
    [
      {
        prompt: "x",
        imageUrls: [
          "http://example.com/1.png",
          "http://example.com/2.png",
          "http://example.com/3.png",
          "http://example.com/4.png",
        ],
      },
      "imageUrls takes at most 3 images",
    ],
    [{ prompt: "x", aspect_ratio: "4:3" }, "aspect_ratio must be 16:9 or 9:16"],
    [{ prompt: "x", seeds: 5 }, "seeds must be between 10000 and 99999"],
    [{ prompt: "x", callBackUrl: "ftp://example.com/hook" }, "callBackUrl must be an http(s) URL"],
    [{ prompt: "x", imageUrls: "http://example.com/a.png" }, "imageUrls must be an array of URLs"],
  ])("rejects %j with 422", async (body, msg) => {
    const res = await api("POST", "/api/v1/veo/generate", body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 422, msg, data: null });
  });

  it("answers malformed JSON in the envelope too", async () => {
    const res = await fetch(`${sim.baseUrl}/api/v1/veo/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Envelope).code).toBe(422);
  });
});

describe("task lifecycle", () => {
  it("goes from generating to success and serves the clip with range requests", async () => {
    const created = clock;
    const taskId = await generate({
      prompt: "A fox in the snow",
      model: "veo3",
      aspect_ratio: "16:9",
      seeds: 12345,
      enableFallback: false,
    });
    expect(taskId).toMatch(/^sim_/);
    // Ids go into URL path parameters, where Fastify allows 100 characters by default.
    const longId = await generate({
      prompt: `${"Ünïcödé prompt ".repeat(50)} [sim:fail] [sim:slow] [sim:no-hd]`,
      model: "veo3",
    });
    expect(longId.length).toBeLessThanOrEqual(64);

    const pending = await recordInfo(taskId);
    expect(pending).toMatchObject({ code: 200, data: { taskId, successFlag: 0, response: null, completeTime: null } });

    clock += DELAY;
    const done = (await recordInfo(taskId)).data as Record<string, unknown> & { response: { resultUrls: string[] } };
    expect(done).toMatchObject({
      successFlag: 1,
      errorCode: null,
      errorMessage: "",
      fallbackFlag: false,
      // Epoch milliseconds, as KIE answers live.
      createTime: created,
      completeTime: created + DELAY,
      response: { taskId, originUrls: null, resolution: "720p" },
    });
    expect(JSON.parse(done.paramJson as string)).toEqual({
      model: "veo3",
      aspectRatio: "16:9",
      generationType: "TEXT_2_VIDEO",
      imageCount: 0,
      resolution: "720p",
      duration: 8,
      prompt: "A fox in the snow",
    });
    const [url] = done.response.resultUrls;
    expect(url).toBe(`${sim.baseUrl}/files/${taskId}/${path.basename(url!)}`);
    expect(url).toMatch(/\/sample-\d-16x9-720p\.mp4$/);

    const ranged = await fetch(url!, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(ranged.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const whole = await fetch(url!);
    expect(whole.status).toBe(200);
    expect(
      Buffer.from(await whole.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe("ftyp");
  });

  it("gives 9:16 tasks a portrait clip, and a portrait 1080p one after the HD delay", async () => {
    const prompt = "A tall tower";
    const taskId = await generate({ prompt, aspectRatio: "9:16" });
    clock += DELAY;
    const data = (await recordInfo(taskId)).data as {
      response: { resultUrls: string[]; originUrls: string[] | null };
      paramJson: string;
    };
    expect(data.response.resultUrls[0]).toMatch(/-9x16-720p\.mp4$/);
    expect(data.response.originUrls).toEqual(data.response.resultUrls);
    expect(JSON.parse(data.paramJson)).toMatchObject({ model: "veo3_fast", aspectRatio: "9:16" });
    expect(await get1080p(taskId)).toMatchObject({ code: 400, msg: expect.stringContaining("1080P is processing") });
    clock += HD_DELAY - 1;
    expect((await get1080p(taskId)).code).toBe(400);
    clock += 1;
    const ready = await get1080p(taskId);
    expect(ready).toMatchObject({ code: 200, msg: "success" });
    const { resultUrl } = ready.data as { resultUrl: string };
    const clip = clipFileName(clipVariant(prompt), "9:16", "1080p");
    expect(clip).toMatch(/^sample-\d-9x16-1080p\.mp4$/);
    expect(resultUrl).toBe(`${sim.baseUrl}/files/${taskId}/${clip}`);
    const file = await fetch(resultUrl);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(fs.readFileSync(path.join(CLIPS_DIR, clip)))).toBe(true);
  });

  it("has a 1080x1920 clip of every variant for 9:16 1080p", () => {
    for (let variant = 1; variant <= 3; variant++) {
      const bytes = fs.readFileSync(path.join(CLIPS_DIR, clipFileName(variant, "9:16", "1080p")));
      expect(bytes.subarray(4, 8).toString()).toBe("ftyp");
      expect(bytes.length).toBeLessThan(1024 * 1024);
    }
  });

  it("serves 16:9 1080p only after success plus the HD delay", async () => {
    const taskId = await generate({ prompt: "A wide landscape" });
    expect(await get1080p(taskId)).toMatchObject({ code: 422, msg: "record status is not success" });
    clock += DELAY;
    expect(await get1080p(taskId)).toMatchObject({
      code: 400,
      msg: "1080P is processing. It should be ready in 1-2 minutes. Please check back shortly.",
    });
    clock += HD_DELAY;
    const ready = await get1080p(taskId);
    expect(ready).toMatchObject({ code: 200, msg: "success" });
    const { resultUrl } = ready.data as { resultUrl: string };
    expect(resultUrl).toMatch(/-16x9-1080p\.mp4$/);
    expect((await fetch(resultUrl, { method: "HEAD" })).status).toBe(200);
    expect((await api("GET", `/api/v1/veo/get-1080p-video?taskId=${taskId}&index=1`)).json.code).toBe(422);
  });

  it("answers record is null for unknown or garbled ids", async () => {
    const taskId = await generate({ prompt: "x" });
    for (const bad of ["veo_task_abc", "sim_nope_12345678", taskId.replace(/^sim_../, "sim_zz")]) {
      expect(await recordInfo(bad)).toEqual({ code: 422, msg: "record is null", data: null });
    }
    expect((await api("GET", "/api/v1/veo/record-info")).json.code).toBe(422);
  });

  it("keeps no state: another instance with the same options answers for the task", async () => {
    const taskId = await generate({ prompt: "Portable task" });
    clock += DELAY;
    const other = await startKieSimulator(simOptions);
    try {
      const data = (await recordInfo(taskId, other.baseUrl)).data as {
        successFlag: number;
        response: { resultUrls: string[] };
      };
      expect(data.successFlag).toBe(1);
      expect(data.response.resultUrls[0]).toMatch(new RegExp(`^${other.baseUrl}/files/`));
    } finally {
      await other.close();
    }
  });
});

describe("result links", () => {
  const TTL = 600_000; // the default: 10 minutes
  const status = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, init);
    const text = await res.text();
    return {
      status: res.status,
      text,
      range: res.headers.get("content-range"),
      cache: res.headers.get("cache-control"),
    };
  };
  const resultUrl = async (taskId: string) =>
    ((await recordInfo(taskId)).data as { response: { resultUrls: string[] } }).response.resultUrls[0]!;

  it("a 720p link works until the TTL after completion, with range requests, then answers 404", async () => {
    const taskId = await generate({ prompt: "Short-lived fox" });
    clock += DELAY;
    const url = await resultUrl(taskId);
    expect(url).toMatch(new RegExp(`^${sim.baseUrl}/files/${taskId}/sample-\\d-16x9-720p\\.mp4$`));
    const fresh = await status(url);
    expect(fresh).toMatchObject({ status: 200, cache: `public, max-age=${TTL / 1000}` });

    clock += TTL; // the last moment the link lives
    expect(await status(url, { headers: { range: "bytes=0-99" } })).toMatchObject({
      status: 206,
      range: expect.stringMatching(/^bytes 0-99\/\d+$/),
    });
    expect((await status(url, { method: "HEAD" })).status).toBe(200);

    clock += 1;
    expect(await status(url)).toEqual({
      status: 404,
      text: "Not found: this link has expired",
      range: null,
      cache: null,
    });
    expect((await status(url, { method: "HEAD" })).status).toBe(404);
    expect((await status(url, { headers: { range: "bytes=0-99" } })).status).toBe(404);
    // record-info keeps handing out the same, dead link; the bare clip path (no task id) never expires.
    expect(await resultUrl(taskId)).toBe(url);
    expect((await status(`${sim.baseUrl}/files/${path.basename(url)}`)).status).toBe(200);
  });

  it("makes the 1080p from the first ask, however long after success; repeats do not restart it", async () => {
    const taskId = await generate({ prompt: "Held for a while" });
    clock += DELAY + 10 * HD_DELAY;
    const hdLink = `${sim.baseUrl}/files/${taskId}/${clipFileName(clipVariant("Held for a while"), "16:9", "1080p")}`;
    expect((await status(hdLink)).status).toBe(404);
    expect((await get1080p(taskId)).code).toBe(400);
    clock += HD_DELAY - 1;
    expect((await get1080p(taskId)).code).toBe(400);
    expect((await status(hdLink)).status).toBe(404);
    clock += 1;
    expect(await get1080p(taskId)).toMatchObject({ code: 200, data: { resultUrl: hdLink } });
    expect((await status(hdLink)).status).toBe(200);
  });

  it("[sim:dead-link] finishes with a link that is already dead", async () => {
    const taskId = await generate({ prompt: "gone too soon [sim:dead-link]" });
    clock += DELAY;
    expect(((await recordInfo(taskId)).data as { successFlag: number }).successFlag).toBe(1);
    expect(await status(await resultUrl(taskId))).toMatchObject({
      status: 404,
      text: "Not found: this link has expired",
    });
  });

  it("a 1080p link lives for the TTL from when the 1080p was ready", async () => {
    const taskId = await generate({ prompt: "Short-lived landscape" });
    clock += DELAY;
    expect((await get1080p(taskId)).code).toBe(400); // the first ask starts the 1080p
    clock += HD_DELAY;
    const hdUrl = ((await get1080p(taskId)).data as { resultUrl: string }).resultUrl;
    expect(hdUrl).toMatch(new RegExp(`^${sim.baseUrl}/files/${taskId}/sample-\\d-16x9-1080p\\.mp4$`));
    const sdUrl = await resultUrl(taskId);

    clock += TTL - HD_DELAY + 1; // the 720p link has just died, the 1080p one lives on
    expect((await status(sdUrl)).status).toBe(404);
    expect((await status(hdUrl, { headers: { range: "bytes=0-9" } })).status).toBe(206);
    clock += HD_DELAY - 1;
    expect((await status(hdUrl)).status).toBe(200);
    clock += 1;
    expect(await status(hdUrl)).toMatchObject({ status: 404, text: "Not found: this link has expired" });
  });

  it("never expire with linkTtlMs 0, and expire after a custom TTL", async () => {
    const forever = await startKieSimulator({ ...simOptions, linkTtlMs: 0 });
    const short = await startKieSimulator({ ...simOptions, linkTtlMs: 5_000 });
    try {
      const taskId = await generate({ prompt: "Evergreen" }, forever.baseUrl);
      clock += DELAY;
      const data = (await recordInfo(taskId, forever.baseUrl)).data as { response: { resultUrls: string[] } };
      const link = data.response.resultUrls[0]!;
      // Stateless: the same task's link on the short-lived instance.
      const shortLink = link.replace(forever.baseUrl, short.baseUrl);
      expect((await status(shortLink)).status).toBe(200);
      clock += 5_001;
      expect((await status(shortLink)).status).toBe(404);
      clock += 365 * 24 * 3600 * 1000;
      expect(await status(link)).toMatchObject({ status: 200, cache: "public, max-age=31536000" });
      expect((await status(link, { headers: { range: "bytes=0-9" } })).status).toBe(206);
    } finally {
      await forever.close();
      await short.close();
    }
  });

  it("the expireLinks fault makes even fresh links answer 404 until it is turned off", async () => {
    const taskId = await generate({ prompt: "Doomed link" });
    clock += DELAY;
    await get1080p(taskId);
    clock += HD_DELAY;
    const sdUrl = await resultUrl(taskId);
    const hdUrl = ((await get1080p(taskId)).data as { resultUrl: string }).resultUrl;
    expect((await status(sdUrl)).status).toBe(200);
    sim.faults.expireLinks();
    for (const url of [sdUrl, hdUrl])
      expect(await status(url)).toMatchObject({ status: 404, text: "Not found: this link has expired" });
    expect((await status(sdUrl, { headers: { range: "bytes=0-9" } })).status).toBe(404);
    sim.faults.expireLinks(false);
    expect((await status(hdUrl)).status).toBe(200);
    sim.faults.expireLinks();
    sim.faults.clear();
    expect((await status(sdUrl)).status).toBe(200);
  });

  it("answers 404 for links to files a task does not have (yet)", async () => {
    const link = (id: string, prompt: string, aspect: "16:9" | "9:16", resolution: "720p" | "1080p") =>
      `${sim.baseUrl}/files/${id}/${clipFileName(clipVariant(prompt), aspect, resolution)}`;
    const taskId = await generate({ prompt: "Not yet" });
    const portrait = await generate({ prompt: "Tall", aspectRatio: "9:16" });
    const failed = await generate({ prompt: "No file [sim:fail]" });
    expect((await status(link(taskId, "Not yet", "16:9", "720p"))).status).toBe(404); // still generating
    clock += DELAY;
    const url = await resultUrl(taskId);
    expect(url).toBe(link(taskId, "Not yet", "16:9", "720p"));
    expect((await status(url)).status).toBe(200);
    expect((await status(link(taskId, "Not yet", "16:9", "1080p"))).status).toBe(404); // not ready yet
    expect((await status(link(portrait, "Tall", "9:16", "720p"))).status).toBe(200);
    expect((await status(link(portrait, "Tall", "9:16", "1080p"))).status).toBe(404); // not asked for
    expect((await get1080p(portrait)).code).toBe(400);
    expect((await status(link(portrait, "Tall", "9:16", "1080p"))).status).toBe(404); // not ready yet
    expect((await status(link(failed, "No file [sim:fail]", "16:9", "720p"))).status).toBe(404);
    expect((await status(link(taskId, "Tall", "9:16", "720p"))).status).toBe(404); // another task's clip
    expect((await status(url.replace(taskId, "sim_garbage_12345678"))).status).toBe(404);
    clock += HD_DELAY;
    expect((await status(link(portrait, "Tall", "9:16", "1080p"))).status).toBe(200);
    expect((await status(link(portrait, "Tall", "16:9", "1080p"))).status).toBe(404); // not this task's aspect
    expect(await status(`${sim.baseUrl}/files/${taskId}/..%2F..%2Fpackage.json`)).toMatchObject({
      status: 404,
      text: "Not found",
    });
  });
});

describe("Veo 3.1 catalogue", () => {
  const MODELS = ["veo3", "veo3_fast", "veo3_lite"] as const;
  const TYPES = ["TEXT_2_VIDEO", "FIRST_AND_LAST_FRAMES_2_VIDEO", "REFERENCE_2_VIDEO"] as const;
  const images = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/image-${i + 1}.png`);
  const params = async (taskId: string) =>
    JSON.parse(((await recordInfo(taskId)).data as { paramJson: string }).paramJson) as Record<string, unknown>;
  /** KIE's rules (kie-2026.md §1.3), written out independently of the simulator's code. */
  function expected(type: (typeof TYPES)[number], model: (typeof MODELS)[number], count: number): string | undefined {
    if (type === "TEXT_2_VIDEO") return count === 0 ? undefined : "TEXT_2_VIDEO mode does not accept imageUrls";
    if (type === "FIRST_AND_LAST_FRAMES_2_VIDEO")
      return count === 1 || count === 2 ? undefined : "FIRST_AND_LAST_FRAMES_2_VIDEO mode requires 1 or 2 imageUrls";
    if (model === "veo3") return "REFERENCE_2_VIDEO mode currently only supports veo3_fast and veo3_lite models";
    return count >= 1 ? undefined : "REFERENCE_2_VIDEO mode requires 1 to 3 imageUrls";
  }

  it.each([
    ["veo3", 250],
    ["veo3_fast", 60],
    ["veo3_lite", 30],
  ] as const)("accepts %s and charges its %i credits", async (model, cost) => {
    sim.accounts.set(KEY, { credits: 1000 });
    const taskId = await generate({ prompt: `a ${model} video`, model });
    expect(sim.accounts.get(KEY)!.credits).toBe(1000 - cost);
    expect((await api("GET", "/api/v1/chat/credit")).json.data).toBe(1000 - cost);
    expect(await params(taskId)).toMatchObject({ model });
  });

  it("defaults to veo3_fast", async () => {
    sim.accounts.set(KEY, { credits: 100 });
    const taskId = await generate({ prompt: "no model named" });
    expect(sim.accounts.get(KEY)!.credits).toBe(40);
    expect(await params(taskId)).toMatchObject({ model: "veo3_fast" });
  });

  it("accepts or refuses each generationType x model x image count like KIE, charging only what it accepts", async () => {
    sim.accounts.set(KEY, { credits: 1_000_000 });
    let accepted = 0;
    for (const type of TYPES) {
      for (const model of MODELS) {
        for (let count = 0; count <= 3; count++) {
          const before = sim.accounts.get(KEY)!.credits;
          const body = {
            prompt: `${type} ${model} ${count}`,
            model,
            generationType: type,
            imageUrls: images(count),
            aspect_ratio: "9:16",
          };
          const res = await api("POST", "/api/v1/veo/generate", body);
          const problem = expected(type, model, count);
          if (problem) {
            expect(res.json, JSON.stringify(body)).toEqual({ code: 422, msg: problem, data: null });
            expect(sim.accounts.get(KEY)!.credits).toBe(before);
            continue;
          }
          accepted += 1;
          expect(res.json.code, JSON.stringify(body)).toBe(200);
          const { taskId } = res.json.data as { taskId: string };
          expect(taskId.length).toBeLessThanOrEqual(64);
          expect(await params(taskId)).toMatchObject({
            model,
            generationType: type,
            imageCount: count,
            aspectRatio: "9:16",
          });
          expect(sim.stats.submissions.at(-1)).toEqual({ taskId, imageUrls: images(count) });
        }
      }
    }
    // TEXT: 3 models x 0 images; FIRST_AND_LAST: 3 x {1, 2}; REFERENCE: 2 x {1, 2, 3}.
    expect(accepted).toBe(3 + 6 + 6);
  });

  it("infers the generationType from the images when it is absent", async () => {
    for (const model of MODELS) {
      for (let count = 0; count <= 3; count++) {
        const res = await api("POST", "/api/v1/veo/generate", {
          prompt: `inferred ${count}`,
          model,
          imageUrls: count === 0 ? undefined : images(count),
        });
        const type = count === 0 ? "TEXT_2_VIDEO" : "FIRST_AND_LAST_FRAMES_2_VIDEO";
        const problem = expected(type, model, count);
        if (problem) {
          expect(res.json).toEqual({ code: 422, msg: problem, data: null });
          continue;
        }
        expect(await params((res.json.data as { taskId: string }).taskId)).toMatchObject({
          generationType: type,
          imageCount: count,
        });
      }
    }
  });

  it("refuses REFERENCE_2_VIDEO with veo3, even with good images", async () => {
    const res = await api("POST", "/api/v1/veo/generate", {
      prompt: "ref",
      model: "veo3",
      generationType: "REFERENCE_2_VIDEO",
      imageUrls: images(2),
    });
    expect(res.json).toEqual({
      code: 422,
      msg: "REFERENCE_2_VIDEO mode currently only supports veo3_fast and veo3_lite models",
      data: null,
    });
  });

  it("accepts resolution, duration and enableTranslation and echoes them in paramJson", async () => {
    const taskId = await generate({
      prompt: "options",
      model: "veo3_lite",
      generationType: "REFERENCE_2_VIDEO",
      imageUrls: images(3),
      aspectRatio: "16:9",
      resolution: "4k",
      duration: 6,
      enableTranslation: false,
    });
    expect(await params(taskId)).toEqual({
      model: "veo3_lite",
      aspectRatio: "16:9",
      generationType: "REFERENCE_2_VIDEO",
      imageCount: 3,
      resolution: "4k",
      duration: 6,
      enableTranslation: false,
      prompt: "options",
    });
    for (const resolution of ["720p", "1080p"]) {
      for (const duration of [4, 8]) {
        const id = await generate({ prompt: "more options", resolution, duration, enableTranslation: true });
        expect(await params(id)).toMatchObject({ resolution, duration, enableTranslation: true });
      }
    }
  });

  it("keeps ids within 64 characters for long Unicode prompts and every option", async () => {
    const prompts = [
      `${"Ünïcödé prompt ".repeat(50)} [sim:fail] [sim:slow] [sim:no-hd] [sim:dead-link]`,
      "🦊".repeat(500),
      "漢字".repeat(300),
      `a${"\u0301".repeat(400)}`,
    ];
    for (const prompt of prompts) {
      const taskId = await generate({
        prompt,
        model: "veo3_lite",
        generationType: "REFERENCE_2_VIDEO",
        imageUrls: images(3),
        aspect_ratio: "9:16",
        resolution: "1080p",
        duration: 4,
        enableTranslation: true,
      });
      expect(taskId.length).toBeLessThanOrEqual(64);
      expect((await recordInfo(taskId)).code).toBe(200);
    }
  });
});

describe("version-1 task ids (made before the Veo 3.1 catalogue)", () => {
  /** The old layout: version 1, 48-bit ms, flags (bit 0 veo3, bit 1 9:16, bits 2-3 variant, bits 4-7 fail/slow/no-hd/dead-link), <= 30 prompt bytes. */
  function v1TaskId(o: {
    createdAt: number;
    veo3: boolean;
    portrait: boolean;
    variant: number;
    markerBits: number;
    prompt: string;
  }): string {
    const header = Buffer.alloc(8);
    header.writeUInt8(1, 0);
    header.writeUIntBE(o.createdAt, 1, 6);
    header.writeUInt8((o.veo3 ? 1 : 0) | (o.portrait ? 2 : 0) | (o.variant << 2) | o.markerBits, 7);
    return `sim_${Buffer.concat([header, Buffer.from(o.prompt, "utf8")]).toString("base64url")}_712022a7`;
  }

  it("are built here exactly as the old encoder made them", () => {
    // Ids the version-1 encoder (git history) made for these inputs, random suffix aside.
    const createdAt = Date.UTC(2025, 5, 6, 10, 0, 0);
    expect(
      v1TaskId({ createdAt, veo3: true, portrait: true, variant: 2, markerBits: 0, prompt: "Old tall tower" }),
    ).toBe("sim_AQGXRK7dAAtPbGQgdGFsbCB0b3dlcg_712022a7");
    expect(
      v1TaskId({ createdAt, veo3: false, portrait: false, variant: 3, markerBits: 16, prompt: "Old doomed ünïcödé" }),
    ).toBe("sim_AQGXRK7dABxPbGQgZG9vbWVkIMO8bsOvY8O2ZMOp_712022a7");
  });

  it("still decode and poll: generating, success with the old paramJson, 720p and 1080p links", async () => {
    const createdAt = clock;
    const taskId = v1TaskId({
      createdAt,
      veo3: true,
      portrait: true,
      variant: 2,
      markerBits: 0,
      prompt: "Old tall tower",
    });
    expect((await recordInfo(taskId)).data).toMatchObject({
      taskId,
      successFlag: 0,
      completeTime: null,
      createTime: createdAt,
    });
    clock += DELAY;
    const done = (await recordInfo(taskId)).data as {
      successFlag: number;
      paramJson: string;
      response: { resultUrls: string[] };
    };
    expect(done.successFlag).toBe(1);
    expect(JSON.parse(done.paramJson)).toEqual({ model: "veo3", aspectRatio: "9:16", prompt: "Old tall tower" });
    expect(done.response.resultUrls).toEqual([`${sim.baseUrl}/files/${taskId}/sample-2-9x16-720p.mp4`]);
    expect((await fetch(done.response.resultUrls[0]!, { method: "HEAD" })).status).toBe(200);
    expect((await get1080p(taskId)).code).toBe(400);
    clock += HD_DELAY;
    const hdUrl = `${sim.baseUrl}/files/${taskId}/sample-2-9x16-1080p.mp4`;
    expect(await get1080p(taskId)).toEqual({ code: 200, msg: "success", data: { resultUrl: hdUrl } });
    expect((await fetch(hdUrl, { method: "HEAD" })).status).toBe(200);
  });

  it("can be upgraded to 4K", async () => {
    const taskId = v1TaskId({
      createdAt: clock,
      veo3: false,
      portrait: true,
      variant: 1,
      markerBits: 0,
      prompt: "Old 4K tower",
    });
    clock += DELAY;
    expect(await get4k({ taskId })).toEqual({
      code: 200,
      msg: "success",
      data: { taskId, resultUrls: null, imageUrls: null },
    });
    clock += FOUR_K_DELAY;
    const link = `${sim.baseUrl}/files/${taskId}/sample-1-9x16-4k.mp4`;
    expect(await get4k({ taskId, index: 0 })).toEqual({
      code: 422,
      msg: FOUR_K_DONE,
      data: { taskId, resultUrls: [link], imageUrls: [link] },
    });
    expect((await fetch(link, { method: "HEAD" })).status).toBe(200);
  });

  it("can be extended, until their 1080p is asked for", async () => {
    const taskId = v1TaskId({
      createdAt: clock,
      veo3: true,
      portrait: true,
      variant: 3,
      markerBits: 0,
      prompt: "Old extended tower",
    });
    const upscaled = v1TaskId({
      createdAt: clock,
      veo3: false,
      portrait: false,
      variant: 1,
      markerBits: 0,
      prompt: "Old upscaled",
    });
    clock += DELAY;
    const res = await extend({ taskId, prompt: "Then it rains", model: "quality" });
    expect(res.code).toBe(200);
    const { taskId: extension } = res.data as { taskId: string };
    expect(extension.length).toBeLessThanOrEqual(64);
    clock += DELAY;
    const data = (await recordInfo(extension)).data as {
      successFlag: number;
      paramJson: string;
      response: { resultUrls: string[]; fullResultUrls: string[] };
    };
    expect(data.successFlag).toBe(1);
    expect(JSON.parse(data.paramJson)).toEqual({
      extends: true,
      model: "quality",
      aspectRatio: "9:16",
      prompt: "Then it rains",
    });
    expect(data.response.resultUrls).toEqual([`${sim.baseUrl}/files/${extension}/sample-3-9x16-720p.mp4`]);
    expect(data.response.fullResultUrls).toEqual([`${sim.baseUrl}/files/${extension}/sample-3-9x16-720p-extended.mp4`]);
    expect((await fetch(data.response.fullResultUrls[0]!, { method: "HEAD" })).status).toBe(200);
    await get1080p(upscaled);
    expect(await extend({ taskId: upscaled, prompt: "Then it rains" })).toEqual({
      code: 422,
      msg: "Videos generated after 1080P generation cannot be extended.",
      data: null,
    });
  });

  it("keep their markers", async () => {
    const failed = v1TaskId({
      createdAt: clock,
      veo3: false,
      portrait: false,
      variant: 3,
      markerBits: 16,
      prompt: "Old doomed ünïcödé",
    });
    const slow = v1TaskId({
      createdAt: clock,
      veo3: false,
      portrait: false,
      variant: 1,
      markerBits: 32,
      prompt: "Old slow",
    });
    clock += DELAY;
    const data = (await recordInfo(failed)).data as { paramJson: string };
    expect(data).toMatchObject({ successFlag: 3, errorCode: 501, response: null });
    expect(JSON.parse(data.paramJson)).toEqual({
      model: "veo3_fast",
      aspectRatio: "16:9",
      prompt: "Old doomed ünïcödé",
    });
    expect(((await recordInfo(slow)).data as { successFlag: number }).successFlag).toBe(0);
  });

  it("are not ours with a bad variant or too long an excerpt", async () => {
    for (const id of [
      v1TaskId({ createdAt: clock, veo3: false, portrait: false, variant: 0, markerBits: 0, prompt: "x" }),
      v1TaskId({ createdAt: clock, veo3: false, portrait: false, variant: 1, markerBits: 0, prompt: "x".repeat(31) }),
    ]) {
      expect(await recordInfo(id)).toEqual({ code: 422, msg: "record is null", data: null });
    }
  });
});

describe("4K upgrade (get-4k-video)", () => {
  const pending = (taskId: string) => ({ taskId, resultUrls: null, imageUrls: null });
  const link4k = (taskId: string, prompt: string, aspect: "16:9" | "9:16" = "16:9") =>
    `${sim.baseUrl}/files/${taskId}/${clipFileName(clipVariant(prompt), aspect, "4k")}`;
  const fetchStatus = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, init);
    return { status: res.status, text: await res.text() };
  };

  it("starts on the first call (charging 120 once), answers processing, then the 4K link", async () => {
    sim.accounts.set(KEY, { credits: 1000 });
    const prompt = "A fox in 4K";
    const taskId = await generate({ prompt });
    expect(sim.accounts.get(KEY)!.credits).toBe(940);
    clock += DELAY;
    const started = await api("POST", "/api/v1/veo/get-4k-video", { taskId, index: 0 });
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ code: 200, msg: "success", data: pending(taskId) });
    expect(sim.accounts.get(KEY)!.credits).toBe(820);

    const link = link4k(taskId, prompt);
    expect(link).toMatch(new RegExp(`^${sim.baseUrl}/files/${taskId}/sample-\\d-16x9-4k\\.mp4$`));
    expect(await get4k({ taskId })).toEqual({ code: 422, msg: FOUR_K_PROCESSING, data: pending(taskId) });
    expect(await fetchStatus(link)).toEqual({ status: 404, text: "Not found" }); // not ready yet
    clock += FOUR_K_DELAY - 1;
    expect(await get4k({ taskId, callBackUrl: "http://127.0.0.1:9/never" })).toEqual({
      code: 422,
      msg: FOUR_K_PROCESSING,
      data: pending(taskId),
    });
    clock += 1;
    const done = await get4k({ taskId });
    expect(done).toEqual({ code: 422, msg: FOUR_K_DONE, data: { taskId, resultUrls: [link], imageUrls: [link] } });
    expect(await get4k({ taskId })).toEqual(done);
    // Repeats charge nothing.
    expect(sim.accounts.get(KEY)!.credits).toBe(820);
    expect(sim.stats.calls["get-4k"]).toBe(5);

    // The 1080p clip's bytes under the 4k name, with range requests.
    const hdBytes = fs.readFileSync(path.join(CLIPS_DIR, clipFileName(clipVariant(prompt), "16:9", "1080p")));
    const whole = await fetch(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await whole.arrayBuffer()).equals(hdBytes)).toBe(true);
    const ranged = await fetch(link, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-99/${hdBytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(hdBytes.subarray(0, 100))).toBe(true);
    expect((await fetch(link, { method: "HEAD" })).status).toBe(200);

    // record-info is unchanged: the 4K result comes only through get-4k-video and its callback.
    expect(((await recordInfo(taskId)).data as { response: unknown }).response).toEqual({
      taskId,
      resultUrls: [`${sim.baseUrl}/files/${taskId}/${clipFileName(clipVariant(prompt), "16:9", "720p")}`],
      originUrls: null,
      resolution: "720p",
    });
  });

  it("upgrades 9:16 tasks too", async () => {
    const prompt = "A tall 4K tower";
    const taskId = await generate({ prompt, aspect_ratio: "9:16" });
    clock += DELAY;
    expect((await get4k({ taskId })).code).toBe(200);
    clock += FOUR_K_DELAY;
    const link = link4k(taskId, prompt, "9:16");
    expect(link).toMatch(/-9x16-4k\.mp4$/);
    expect((await get4k({ taskId })).data).toEqual({ taskId, resultUrls: [link], imageUrls: [link] });
    const file = await fetch(link);
    const hdBytes = fs.readFileSync(path.join(CLIPS_DIR, clipFileName(clipVariant(prompt), "9:16", "1080p")));
    expect(Buffer.from(await file.arrayBuffer()).equals(hdBytes)).toBe(true);
  });

  it("answers like KIE for unknown ids, other indexes, and tasks that did not succeed, without charging", async () => {
    sim.accounts.set(KEY, { credits: 1000 });
    const generating = await generate({ prompt: "still going" }); // succeeds once the clock moves on
    const failed = await generate({ prompt: "doomed 4K [sim:fail]" });
    const credits = sim.accounts.get(KEY)!.credits;
    expect(await get4k({ taskId: generating })).toEqual({ code: 422, msg: "record status is not success", data: null });
    clock += DELAY;
    expect(await get4k({ taskId: failed })).toEqual({ code: 422, msg: "record status is not success", data: null });
    expect(await get4k({ taskId: "veo_task_abcdef123456" })).toEqual({ code: 422, msg: "record is null", data: null });
    expect(await get4k({ taskId: generating.replace(/^sim_../, "sim_zz") })).toEqual({
      code: 422,
      msg: "record is null",
      data: null,
    });
    expect(await get4k({ taskId: generating, index: 1 })).toEqual({
      code: 422,
      msg: "record result data is blank",
      data: null,
    });
    expect(await get4k({})).toEqual({ code: 422, msg: "taskId is required", data: null });
    expect(await get4k({ taskId: generating, index: "0" })).toEqual({
      code: 422,
      msg: "index must be an integer",
      data: null,
    });
    expect(await get4k({ taskId: generating, callBackUrl: "ftp://x" })).toEqual({
      code: 422,
      msg: "callBackUrl must be an http(s) URL",
      data: null,
    });
    expect(sim.accounts.get(KEY)!.credits).toBe(credits);
    // None of these started an upgrade: the next good call is a first one.
    expect((await get4k({ taskId: generating })).code).toBe(200);
    expect(sim.accounts.get(KEY)!.credits).toBe(credits - 120);
    expect((await api("POST", "/api/v1/veo/get-4k-video", { taskId: generating }, null)).json.code).toBe(401);
  });

  it("answers 402 when the account cannot pay, and starts nothing", async () => {
    const prompt = "Pricey 4K";
    const taskId = await generate({ prompt });
    clock += DELAY;
    sim.accounts.set(KEY, { credits: 119 });
    const short = { code: 402, msg: "The current credits are insufficient. Please top up.", data: null };
    expect(await get4k({ taskId })).toEqual(short);
    expect(await get4k({ taskId })).toEqual(short);
    expect(sim.accounts.get(KEY)!.credits).toBe(119);
    clock += FOUR_K_DELAY;
    expect((await fetchStatus(link4k(taskId, prompt))).status).toBe(404);
    sim.accounts.set(KEY, { credits: 120 });
    expect(await get4k({ taskId })).toEqual({ code: 200, msg: "success", data: pending(taskId) });
    expect(sim.accounts.get(KEY)!.credits).toBe(0);
    expect((await get4k({ taskId })).msg).toBe(FOUR_K_PROCESSING);
  });

  it("[sim:no-4k] accepts the upgrade, then answers 500 unavailable once it is due", async () => {
    sim.accounts.set(KEY, { credits: 1000 });
    const prompt = `${"Ünïcödé prompt ".repeat(20)} [sim:no-4k] [sim:slow] [sim:dead-link] [sim:no-hd] [sim:fail]`;
    expect(
      (await generate({ prompt, model: "veo3_lite", aspect_ratio: "9:16", resolution: "4k", enableTranslation: true }))
        .length,
    ).toBeLessThanOrEqual(64);
    const taskId = await generate({ prompt: "no upscale [sim:no-4k]" });
    clock += DELAY;
    expect(await get4k({ taskId })).toEqual({ code: 200, msg: "success", data: pending(taskId) });
    expect(sim.accounts.get(KEY)!.credits).toBe(1000 - 30 - 60 - 120);
    expect((await get4k({ taskId })).msg).toBe(FOUR_K_PROCESSING);
    clock += FOUR_K_DELAY;
    expect(await get4k({ taskId })).toEqual({ code: 500, msg: FOUR_K_UNAVAILABLE, data: null });
    expect(await get4k({ taskId })).toEqual({ code: 500, msg: FOUR_K_UNAVAILABLE, data: null });
    expect((await fetchStatus(link4k(taskId, "no upscale [sim:no-4k]"))).status).toBe(404);
    // The task itself is fine.
    expect(((await recordInfo(taskId)).data as { successFlag: number }).successFlag).toBe(1);
    expect((await get1080p(taskId)).code).toBe(400);
    clock += HD_DELAY;
    expect((await get1080p(taskId)).code).toBe(200);
  });

  it("a 4K link lives for the TTL from when it was ready; never for a task not upgraded; [sim:dead-link] applies", async () => {
    const TTL = 600_000;
    const prompt = "Short-lived 4K";
    const taskId = await generate({ prompt });
    const never = await generate({ prompt: "never upscaled" });
    const dead = await generate({ prompt: "dead 4K [sim:dead-link]" });
    clock += DELAY;
    await get4k({ taskId });
    await get4k({ taskId: dead });
    clock += FOUR_K_DELAY;
    const link = link4k(taskId, prompt);
    expect((await get4k({ taskId })).data).toMatchObject({ resultUrls: [link] });
    const fresh = await fetch(link);
    await fresh.arrayBuffer();
    expect(fresh.headers.get("cache-control")).toBe(`public, max-age=${TTL / 1000}`);
    expect(await fetchStatus(link4k(never, "never upscaled"))).toEqual({ status: 404, text: "Not found" });
    expect(await fetchStatus(link4k(dead, "dead 4K [sim:dead-link]"))).toEqual({
      status: 404,
      text: "Not found: this link has expired",
    });
    // Another task's 4K name, and a 4K name in the wrong aspect, are not this task's.
    expect((await fetchStatus(link.replace(taskId, never))).status).toBe(404);
    expect((await fetchStatus(link4k(taskId, prompt, "9:16"))).status).toBe(404);
    clock += TTL;
    expect((await fetchStatus(link, { headers: { range: "bytes=0-9" } })).status).toBe(206);
    clock += 1;
    expect(await fetchStatus(link)).toEqual({ status: 404, text: "Not found: this link has expired" });
    // The bare clip paths have no 4K names.
    expect((await fetchStatus(`${sim.baseUrl}/files/${path.basename(link)}`)).status).toBe(404);
  });

  it("remembers requests per process: another instance treats a repeat as a first call", async () => {
    const taskId = await generate({ prompt: "Restarted 4K" });
    clock += DELAY;
    expect((await get4k({ taskId })).code).toBe(200);
    const other = await startKieSimulator(simOptions);
    try {
      other.accounts.set(KEY, { credits: 500 });
      expect(await get4k({ taskId }, other.baseUrl)).toEqual({ code: 200, msg: "success", data: pending(taskId) });
      expect(other.accounts.get(KEY)!.credits).toBe(380);
      expect((await get4k({ taskId }, other.baseUrl)).msg).toBe(FOUR_K_PROCESSING);
    } finally {
      await other.close();
    }
  });

  it("takes injected faults and counts calls as get-4k", async () => {
    sim.faults.inject("get-4k", { code: 455 });
    sim.faults.inject("get-4k", { httpStatus: 429 });
    const first = await api("POST", "/api/v1/veo/get-4k-video", { taskId: "anything" });
    expect(first.json).toEqual({ code: 455, msg: "Service unavailable: the system is under maintenance", data: null });
    expect((await api("POST", "/api/v1/veo/get-4k-video", { taskId: "anything" })).status).toBe(429);
    expect((await get4k({ taskId: "anything" })).msg).toBe("record is null");
    expect(sim.stats.calls).toMatchObject({ "get-4k": 3, "get-1080p": 0, generate: 0 });
  });
});

describe("extension (extend)", () => {
  const EXTEND_AFTER_HD = "Videos generated after 1080P generation cannot be extended.";
  interface Record_ {
    taskId: string;
    successFlag: number;
    paramJson: string;
    createTime: number;
    completeTime: number | null;
    errorCode: number | null;
    response: {
      taskId: string;
      resultUrls: string[];
      fullResultUrls?: string[];
      originUrls: string[] | null;
      resolution: string;
    } | null;
  }
  const record = async (taskId: string, base = sim.baseUrl) => (await recordInfo(taskId, base)).data as Record_;
  /** A finished task (the clock moved past its generation). */
  async function finished(body: Record<string, unknown>): Promise<string> {
    const taskId = await generate(body);
    clock += DELAY;
    return taskId;
  }
  const clip = (prompt: string, aspect: "16:9" | "9:16" = "16:9") => clipFileName(clipVariant(prompt), aspect, "720p");
  const extendedName = (prompt: string, aspect: "16:9" | "9:16" = "16:9") =>
    clip(prompt, aspect).replace(/\.mp4$/, "-extended.mp4");

  it("makes a new task from a finished one: charged by model, generating, then success with the full video", async () => {
    sim.accounts.set(KEY, { credits: 1000 });
    const prompt = "A fox walks into the forest";
    const source = await finished({ prompt, model: "veo3" });
    expect(sim.accounts.get(KEY)!.credits).toBe(750);
    const created = clock;
    const res = await extend({ taskId: source, prompt: "The fox finds a cave", seeds: 12345, watermark: "mine" });
    expect(res).toEqual({ code: 200, msg: "success", data: { taskId: expect.any(String) } });
    const taskId = (res.data as { taskId: string }).taskId;
    expect(taskId).toMatch(/^sim_/);
    expect(taskId).not.toBe(source);
    expect(taskId.length).toBeLessThanOrEqual(64);
    expect(sim.accounts.get(KEY)!.credits).toBe(750 - 60); // fast by default
    expect(sim.stats.calls.extend).toBe(1);

    expect(await record(taskId)).toMatchObject({
      taskId,
      successFlag: 0,
      response: null,
      completeTime: null,
      createTime: created,
    });
    clock += DELAY - 1;
    expect((await record(taskId)).successFlag).toBe(0);
    clock += 1;
    const done = await record(taskId);
    const segment = `${sim.baseUrl}/files/${taskId}/${clip(prompt)}`;
    const full = `${sim.baseUrl}/files/${taskId}/${extendedName(prompt)}`;
    expect(full).toMatch(/\/sample-\d-16x9-720p-extended\.mp4$/);
    expect(done).toMatchObject({ successFlag: 1, errorCode: null, completeTime: created + DELAY });
    expect(done.response).toEqual({
      taskId,
      resultUrls: [segment],
      fullResultUrls: [full],
      originUrls: null,
      resolution: "720p",
    });
    expect(JSON.parse(done.paramJson)).toEqual({
      extends: true,
      model: "fast",
      aspectRatio: "16:9",
      prompt: "The fox finds a cave",
    });

    // The full video is the same 8 s clip (there are no longer ones), with range requests.
    const bytes = fs.readFileSync(path.join(CLIPS_DIR, clip(prompt)));
    const whole = await fetch(full);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await fetch(full, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
    expect((await fetch(segment, { method: "HEAD" })).status).toBe(200);

    // The source is unchanged, and plain tasks have no fullResultUrls (nor a full-video link).
    expect((await record(source)).response).toEqual({
      taskId: source,
      resultUrls: [`${sim.baseUrl}/files/${source}/${clip(prompt)}`],
      originUrls: null,
      resolution: "720p",
    });
    expect((await fetch(`${sim.baseUrl}/files/${source}/${extendedName(prompt)}`)).status).toBe(404);
  });

  it("charges 60 / 250 / 30 by model, records the model, and answers 402 when the account cannot pay", async () => {
    const source = await finished({ prompt: "Priced extension", aspect_ratio: "9:16" });
    sim.accounts.set(KEY, { credits: 399 });
    const models = { fast: 339, quality: 89, lite: 59 } as const;
    const ids: string[] = [];
    for (const [model, left] of Object.entries(models)) {
      const res = await extend({ taskId: source, prompt: `go on ${model}`, model });
      expect(res.code).toBe(200);
      expect(sim.accounts.get(KEY)!.credits).toBe(left);
      ids.push((res.data as { taskId: string }).taskId);
    }
    const short = { code: 402, msg: "The current credits are insufficient. Please top up.", data: null };
    expect(await extend({ taskId: source, prompt: "too dear", model: "fast" })).toEqual(short);
    expect(await extend({ taskId: source, prompt: "too dear", model: "quality" })).toEqual(short);
    expect(sim.accounts.get(KEY)!.credits).toBe(59);
    clock += DELAY;
    for (const [i, model] of Object.keys(models).entries()) {
      const data = await record(ids[i]!);
      expect(JSON.parse(data.paramJson)).toEqual({
        extends: true,
        model,
        aspectRatio: "9:16",
        prompt: `go on ${model}`,
      });
      // The source's aspect ratio and clip; 9:16 has originUrls, as any 9:16 task.
      expect(data.response).toMatchObject({
        resultUrls: [`${sim.baseUrl}/files/${ids[i]}/${clip("Priced extension", "9:16")}`],
        fullResultUrls: [`${sim.baseUrl}/files/${ids[i]}/${extendedName("Priced extension", "9:16")}`],
        originUrls: [`${sim.baseUrl}/files/${ids[i]}/${clip("Priced extension", "9:16")}`],
      });
    }
  });

  it.each([
    [{}, "taskId is required"],
    [{ taskId: "" }, "taskId is required"],
    [{ taskId: "x" }, "prompt is required"],
    [{ taskId: "x", prompt: "  " }, "prompt is required"],
    [{ taskId: "x", prompt: "p", model: "veo3_fast" }, "model must be fast, quality or lite"],
    [{ taskId: "x", prompt: "p", seeds: 9999 }, "seeds must be between 10000 and 99999"],
    [{ taskId: "x", prompt: "p", seeds: 100000 }, "seeds must be between 10000 and 99999"],
    [{ taskId: "x", prompt: "p", seeds: 12345.5 }, "seeds must be an integer"],
    [{ taskId: "x", prompt: "p", watermark: 1 }, "watermark must be a string"],
    [{ taskId: "x", prompt: "p", callBackUrl: "ftp://example.com/hook" }, "callBackUrl must be an http(s) URL"],
  ])("rejects %j with 422", async (body, msg) => {
    expect(await extend(body)).toEqual({ code: 422, msg, data: null });
  });

  it("refuses unknown ids and tasks that did not succeed, without charging", async () => {
    sim.accounts.set(KEY, { credits: 1000 });
    const generating = await generate({ prompt: "not yet" });
    const failed = await generate({ prompt: "doomed [sim:fail]" });
    expect(await extend({ taskId: generating, prompt: "more" })).toEqual({
      code: 422,
      msg: "record status is not success",
      data: null,
    });
    clock += DELAY;
    expect(await extend({ taskId: failed, prompt: "more" })).toEqual({
      code: 422,
      msg: "record status is not success",
      data: null,
    });
    for (const bad of ["veo_task_abcdef123456", "sim_nope_12345678", generating.replace(/^sim_../, "sim_zz")]) {
      expect(await extend({ taskId: bad, prompt: "more" })).toEqual({ code: 422, msg: "record is null", data: null });
    }
    expect(sim.accounts.get(KEY)!.credits).toBe(1000 - 120);
    expect((await extend({ taskId: generating, prompt: "more" })).code).toBe(200);
    expect((await api("POST", "/api/v1/veo/extend", { taskId: generating, prompt: "more" }, null)).json.code).toBe(401);
  });

  it("refuses a task whose 1080p was asked for, from the first ask, without charging", async () => {
    sim.accounts.set(KEY, { credits: 1000 });
    const upscaled = await generate({ prompt: "Upscaled" });
    const early = await generate({ prompt: "Asked too early" });
    const other = await generate({ prompt: "Never upscaled" });
    // Calls that do not get past the checks (not yet successful, another index, unknown id) do not count.
    expect((await get1080p(early)).msg).toBe("record status is not success");
    clock += DELAY;
    expect((await api("GET", `/api/v1/veo/get-1080p-video?taskId=${early}&index=1`)).json.code).toBe(422);
    // Still processing: counts already.
    expect((await get1080p(upscaled)).code).toBe(400);
    const refused = { code: 422, msg: EXTEND_AFTER_HD, data: null };
    expect(await extend({ taskId: upscaled, prompt: "more", model: "quality" })).toEqual(refused);
    clock += HD_DELAY;
    expect((await get1080p(upscaled)).code).toBe(200);
    expect(await extend({ taskId: upscaled, prompt: "more [sim:reject]" })).toEqual(refused);
    expect(sim.accounts.get(KEY)!.credits).toBe(1000 - 3 * 60);
    expect((await extend({ taskId: early, prompt: "more" })).code).toBe(200);
    expect((await extend({ taskId: other, prompt: "more" })).code).toBe(200);
    // A 4K upgrade does not block extending.
    expect((await get4k({ taskId: other })).code).toBe(200);
    expect((await extend({ taskId: other, prompt: "more again" })).code).toBe(200);
    expect(sim.accounts.get(KEY)!.credits).toBe(1000 - 3 * 60 - 3 * 60 - 120);
  });

  it("extends an extension, whose own 1080p and 4K work and whose 1080p then blocks extending it", async () => {
    const prompt = "Chain";
    const source = await finished({ prompt, aspect_ratio: "9:16" });
    const first = (await extend({ taskId: source, prompt: "link one" })).data as { taskId: string };
    expect((await extend({ taskId: first.taskId, prompt: "too soon" })).msg).toBe("record status is not success");
    clock += DELAY;
    const second = (await extend({ taskId: first.taskId, prompt: "link two", model: "lite" })).data as {
      taskId: string;
    };
    expect(second.taskId.length).toBeLessThanOrEqual(64);
    clock += DELAY;
    const data = await record(second.taskId);
    expect(data.successFlag).toBe(1);
    expect(data.response!.fullResultUrls).toEqual([
      `${sim.baseUrl}/files/${second.taskId}/${extendedName(prompt, "9:16")}`,
    ]);
    expect((await fetch(data.response!.fullResultUrls![0]!, { method: "HEAD" })).status).toBe(200);

    // The extension's 1080p and 4K, like any task's.
    expect((await get1080p(second.taskId)).code).toBe(400);
    clock += HD_DELAY;
    const hd = await get1080p(second.taskId);
    expect(hd).toEqual({
      code: 200,
      msg: "success",
      data: {
        resultUrl: `${sim.baseUrl}/files/${second.taskId}/${clipFileName(clipVariant(prompt), "9:16", "1080p")}`,
      },
    });
    expect((await fetch((hd.data as { resultUrl: string }).resultUrl, { method: "HEAD" })).status).toBe(200);
    expect((await get4k({ taskId: second.taskId })).code).toBe(200);
    clock += FOUR_K_DELAY;
    expect((await get4k({ taskId: second.taskId })).msg).toBe(FOUR_K_DONE);

    // Its 1080p blocks extending it, not its source.
    expect(await extend({ taskId: second.taskId, prompt: "link three" })).toEqual({
      code: 422,
      msg: EXTEND_AFTER_HD,
      data: null,
    });
    expect((await extend({ taskId: first.taskId, prompt: "branch" })).code).toBe(200);
    expect((await extend({ taskId: source, prompt: "branch" })).code).toBe(200);
  });

  it("applies the markers of the extension's prompt, not the source's", async () => {
    sim.accounts.set(KEY, { credits: 1000 });
    const source = await finished({ prompt: "Marked source [sim:no-hd]" });
    expect(await extend({ taskId: source, prompt: "nope [SIM:reject]" })).toEqual({
      code: 400,
      msg: "Your prompt was flagged by Website as violating content policies.",
      data: null,
    });
    expect(await extend({ taskId: source, prompt: "busy [sim:code-455] [sim:code-500]" })).toEqual({
      code: 455,
      msg: "Service Unavailable - System is currently undergoing maintenance",
      data: null,
    });
    expect(sim.accounts.get(KEY)!.credits).toBe(940);
    const failed = (await extend({ taskId: source, prompt: "falls [sim:fail]" })).data as { taskId: string };
    const slow = (await extend({ taskId: source, prompt: "crawls [sim:slow]" })).data as { taskId: string };
    const dead = (await extend({ taskId: source, prompt: "vanishes [sim:dead-link]" })).data as { taskId: string };
    const plain = (await extend({ taskId: source, prompt: "plain" })).data as { taskId: string };
    clock += DELAY;
    expect(await record(failed.taskId)).toMatchObject({ successFlag: 3, errorCode: 501, response: null });
    expect((await record(slow.taskId)).successFlag).toBe(0);
    const deadFull = (await record(dead.taskId)).response!.fullResultUrls![0]!;
    const deadRes = await fetch(deadFull);
    expect({ status: deadRes.status, text: await deadRes.text() }).toEqual({
      status: 404,
      text: "Not found: this link has expired",
    });
    // [sim:no-hd] on the source does not carry over.
    expect((await get1080p(plain.taskId)).code).toBe(400);
    clock += HD_DELAY;
    expect((await get1080p(plain.taskId)).code).toBe(200);
    clock += DELAY * 4;
    expect((await record(slow.taskId)).successFlag).toBe(1);
    expect(sim.accounts.get(KEY)!.credits).toBe(940 - 4 * 60);
  });

  it("the full-video link lives like the segment's: for the TTL from completion", async () => {
    const TTL = 600_000;
    const source = await finished({ prompt: "Short-lived extension" });
    const { taskId } = (await extend({ taskId: source, prompt: "more" })).data as { taskId: string };
    const full = `${sim.baseUrl}/files/${taskId}/${extendedName("Short-lived extension")}`;
    expect((await fetch(full)).status).toBe(404); // not finished yet
    clock += DELAY;
    const fresh = await fetch(full);
    await fresh.arrayBuffer();
    expect(fresh.headers.get("cache-control")).toBe(`public, max-age=${TTL / 1000}`);
    // Another aspect's full-video name is not this task's; the bare path does not exist.
    expect(
      (await fetch(`${sim.baseUrl}/files/${taskId}/${extendedName("Short-lived extension", "9:16")}`)).status,
    ).toBe(404);
    expect((await fetch(`${sim.baseUrl}/files/${path.basename(full)}`)).status).toBe(404);
    clock += TTL;
    expect((await fetch(full, { method: "HEAD" })).status).toBe(200);
    clock += 1;
    expect((await fetch(full, { method: "HEAD" })).status).toBe(404);
  });

  it("remembers 1080p requests per process: another instance extends the task", async () => {
    const source = await finished({ prompt: "Restarted extension" });
    await get1080p(source);
    expect((await extend({ taskId: source, prompt: "more" })).msg).toBe(EXTEND_AFTER_HD);
    const other = await startKieSimulator(simOptions);
    try {
      const res = await extend({ taskId: source, prompt: "more" }, other.baseUrl);
      expect(res.code).toBe(200);
      // The extension itself is stateless: the first instance answers for it.
      clock += DELAY;
      expect((await record((res.data as { taskId: string }).taskId)).successFlag).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("takes injected faults and counts calls as extend", async () => {
    sim.faults.inject("extend", { code: 455 });
    sim.faults.inject("extend", { httpStatus: 429 });
    expect(await extend({ taskId: "anything", prompt: "x" })).toEqual({
      code: 455,
      msg: "Service unavailable: the system is under maintenance",
      data: null,
    });
    expect((await api("POST", "/api/v1/veo/extend", { taskId: "anything", prompt: "x" })).status).toBe(429);
    expect((await extend({ taskId: "anything", prompt: "x" })).msg).toBe("record is null");
    expect(sim.stats.calls).toMatchObject({ extend: 3, generate: 0, "get-4k": 0 });
    expect(sim.stats.submissions).toEqual([]);
  });
});

describe("prompt markers", () => {
  it("[sim:reject] is refused without a task", async () => {
    const res = await api("POST", "/api/v1/veo/generate", { prompt: "something [SIM:Reject]" });
    expect(res.json).toEqual({
      code: 400,
      msg: "Your prompt was flagged by Website as violating content policies.",
      data: null,
    });
  });

  it.each([
    [408, "Upstream is currently experiencing service issues. No result has been returned for over 10 minutes."],
    [433, "Request Limit - Sub-key Usage Exceeds Limit"],
    [451, "Failed to fetch the image. Kindly verify any access limits set by you or your service provider."],
    [455, "Service Unavailable - System is currently undergoing maintenance"],
    [500, "Internal Error, Please try again later."],
    [501, "Generation Failed"],
    [505, "Feature Disabled - The requested feature is currently disabled"],
  ])("[sim:code-%i] makes generate answer that code, without a task or a charge", async (code, msg) => {
    sim.accounts.set(KEY, { credits: 1000 });
    const res = await api("POST", "/api/v1/veo/generate", {
      prompt: `a cat [SIM:Code-${code}] on a mat`,
      model: "veo3_lite",
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code, msg, data: null });
    expect(sim.accounts.get(KEY)!.credits).toBe(1000);
    expect(sim.stats.submissions).toEqual([]);
  });

  it("[sim:code-NNN] with other codes is no marker, and the first code marker wins", async () => {
    await generate({ prompt: "a cat [sim:code-999] [sim:code-200] [sim:code-4550]" });
    expect((await api("POST", "/api/v1/veo/generate", { prompt: "[sim:code-505] [sim:code-455]" })).json.code).toBe(
      505,
    );
    // Validation comes first, as it would at KIE.
    expect(
      (await api("POST", "/api/v1/veo/generate", { prompt: "[sim:code-455]", generationType: "REFERENCE_2_VIDEO" }))
        .json.code,
    ).toBe(422);
  });

  it("[sim:fail] fails after the delay", async () => {
    const taskId = await generate({ prompt: "doomed [sim:fail]" });
    expect(((await recordInfo(taskId)).data as { successFlag: number }).successFlag).toBe(0);
    clock += DELAY;
    expect((await recordInfo(taskId)).data).toMatchObject({
      successFlag: 3,
      errorCode: 501,
      errorMessage: "Video generation failed (simulated)",
      response: null,
    });
    expect(await get1080p(taskId)).toMatchObject({ code: 422, msg: "record status is not success" });
  });

  it("[sim:slow] takes five times as long", async () => {
    const taskId = await generate({ prompt: "[sim:slow] patience" });
    clock += DELAY * 4;
    expect(((await recordInfo(taskId)).data as { successFlag: number }).successFlag).toBe(0);
    clock += DELAY;
    expect(((await recordInfo(taskId)).data as { successFlag: number }).successFlag).toBe(1);
  });

  it("[sim:no-hd] never gets a 1080p file", async () => {
    const taskId = await generate({ prompt: "soft focus [sim:no-hd]" });
    clock += DELAY + HD_DELAY * 100;
    expect(((await recordInfo(taskId)).data as { successFlag: number }).successFlag).toBe(1);
    expect((await get1080p(taskId)).code).toBe(400);
  });
});

describe("Market jobs API (veo-3-1)", () => {
  const createTask = async (body: Record<string, unknown>, base = sim.baseUrl) =>
    (await call(base, "POST", "/api/v1/jobs/createTask", body)).json;
  const marketTask = async (input: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await createTask({ model: "veo-3-1", input, ...extra });
    expect(res).toMatchObject({ code: 200, msg: "success" });
    return (res.data as { taskId: string }).taskId;
  };
  const jobsRecord = async (taskId: string) =>
    (await api("GET", `/api/v1/jobs/recordInfo?taskId=${encodeURIComponent(taskId)}`)).json;

  it("goes waiting, generating, then success with resultJson a string whose link serves the clip", async () => {
    const created = clock;
    const taskId = await marketTask({
      prompt: "A market fox",
      model: "veo3",
      aspect_ratio: "9:16",
      enable_translation: true,
      watermark: "Sim",
    });
    expect(taskId).toMatch(/^sim_/);
    expect(sim.stats.calls["create-task"]).toBe(1);
    const waiting = await jobsRecord(taskId);
    expect(waiting).toEqual({
      code: 200,
      msg: "success",
      data: {
        taskId,
        model: "veo-3-1",
        state: "waiting",
        param: expect.any(String) as string,
        resultJson: "",
        failCode: "",
        failMsg: "",
        costTime: 0,
        createTime: created,
        updateTime: created,
        completeTime: null,
      },
    });
    expect(JSON.parse((waiting.data as { param: string }).param)).toEqual({
      model: "veo-3-1",
      input: {
        prompt: "A market fox",
        model: "veo3",
        aspect_ratio: "9:16",
        generation_type: "TEXT_2_VIDEO",
        image_count: 0,
        resolution: "720p",
        duration: 8,
        enable_translation: true,
      },
    });
    clock += DELAY / 10;
    expect((await jobsRecord(taskId)).data).toMatchObject({
      state: "generating",
      updateTime: created + DELAY / 10,
      completeTime: null,
    });
    clock += DELAY;
    const done = (await jobsRecord(taskId)).data as { resultJson: string };
    expect(done).toMatchObject({
      state: "success",
      failCode: "",
      failMsg: "",
      costTime: 1,
      completeTime: created + DELAY,
      updateTime: created + DELAY,
    });
    expect(typeof done.resultJson).toBe("string");
    const { resultUrls } = JSON.parse(done.resultJson) as { resultUrls: string[] };
    expect(resultUrls).toEqual([
      `${sim.baseUrl}/files/${taskId}/${clipFileName(clipVariant("A market fox"), "9:16", "720p")}`,
    ]);
    const clip = await fetch(resultUrls[0]!);
    expect(clip.status).toBe(200);
    expect(
      Buffer.from(await clip.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe("ftyp");
    expect(sim.stats.pollLog.map((e) => e.endpoint)).toEqual([
      "record-info-market",
      "record-info-market",
      "record-info-market",
    ]);
  });

  it('[sim:fail] ends in state fail with failCode "501"', async () => {
    const taskId = await marketTask({ prompt: "doomed [sim:fail]" });
    clock += DELAY;
    expect((await jobsRecord(taskId)).data).toMatchObject({
      state: "fail",
      resultJson: "",
      failCode: "501",
      failMsg: "Video generation failed (simulated)",
      costTime: 1,
    });
  });

  it.each([
    [{ model: "sora-2-text-to-video", input: { prompt: "x" } }, "model is not supported"],
    [{ input: { prompt: "x" } }, "model is required"],
    [{ model: "veo-3-1" }, "input is required"],
    [{ model: "veo-3-1", input: { prompt: " " } }, "prompt is required"],
    [{ model: "veo-3-1", input: { prompt: "x", model: "veo2" } }, "model must be veo3, veo3_fast or veo3_lite"],
    [
      { model: "veo-3-1", input: { prompt: "x", generation_type: "IMAGE_2_VIDEO" } },
      "generation_type must be TEXT_2_VIDEO, FIRST_AND_LAST_FRAMES_2_VIDEO or REFERENCE_2_VIDEO",
    ],
    [
      {
        model: "veo-3-1",
        input: { prompt: "x", image_urls: ["a", "b", "c", "d"].map((n) => `http://example.com/${n}.png`) },
      },
      "image_urls takes at most 3 images",
    ],
    [
      {
        model: "veo-3-1",
        input: { prompt: "x", generation_type: "TEXT_2_VIDEO", image_urls: ["http://example.com/a.png"] },
      },
      "TEXT_2_VIDEO mode does not accept imageUrls",
    ],
    [
      { model: "veo-3-1", input: { prompt: "x", generation_type: "FIRST_AND_LAST_FRAMES_2_VIDEO" } },
      "FIRST_AND_LAST_FRAMES_2_VIDEO mode requires 1 or 2 imageUrls",
    ],
    [
      {
        model: "veo-3-1",
        input: {
          prompt: "x",
          model: "veo3",
          generation_type: "REFERENCE_2_VIDEO",
          image_urls: ["http://example.com/a.png"],
        },
      },
      "REFERENCE_2_VIDEO mode currently only supports veo3_fast and veo3_lite models",
    ],
    [{ model: "veo-3-1", input: { prompt: "x", seeds: 5 } }, "seeds must be between 10000 and 99999"],
  ])("answers 422 (HTTP 200) for %j", async (body, msg) => {
    sim.accounts.set(KEY, { credits: 1000 });
    const res = await api("POST", "/api/v1/jobs/createTask", body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 422, msg, data: null });
    expect(sim.accounts.get(KEY)!.credits).toBe(1000);
  });

  it("charges like generate, answers 402 when short, and takes the prompt's code markers", async () => {
    sim.accounts.set(KEY, { credits: 100 });
    await marketTask({ prompt: "fast by default", image_urls: ["http://example.com/a.png"] });
    expect(sim.accounts.get(KEY)!.credits).toBe(40);
    expect(sim.stats.submissions.at(-1)!.imageUrls).toEqual(["http://example.com/a.png"]);
    expect(await createTask({ model: "veo-3-1", input: { prompt: "again" } })).toEqual({
      code: 402,
      msg: "The current credits are insufficient. Please top up.",
      data: null,
    });
    expect(await createTask({ model: "veo-3-1", input: { prompt: "busy [sim:code-455]" } })).toEqual({
      code: 455,
      msg: "Service Unavailable - System is currently undergoing maintenance",
      data: null,
    });
    expect((await createTask({ model: "veo-3-1", input: { prompt: "[sim:reject]" } })).code).toBe(400);
    expect(sim.accounts.get(KEY)!.credits).toBe(40);
  });

  it("answers recordInfo errors like the Market, and each surface refuses the other's tasks", async () => {
    expect((await api("GET", "/api/v1/jobs/recordInfo")).json).toEqual({
      code: 400,
      msg: "taskId parameter is required",
      data: null,
    });
    expect(await jobsRecord("task_veo_123")).toEqual({ code: 422, msg: "recordInfo is null", data: null });
    const legacy = await generate({ prompt: "legacy" });
    const market = await marketTask({ prompt: "market" });
    expect(await jobsRecord(legacy)).toEqual({ code: 422, msg: "recordInfo is null", data: null });
    expect(await recordInfo(market)).toEqual({ code: 422, msg: "record is null", data: null });
    expect((await recordInfo(legacy)).code).toBe(200);
  });

  it("takes Market tasks on get-1080p-video, get-4k-video and extend", async () => {
    const taskId = await marketTask({ prompt: "Upgraded on the side" });
    clock += DELAY;
    expect((await get1080p(taskId)).code).toBe(400);
    clock += HD_DELAY;
    const hd = await get1080p(taskId);
    expect(hd).toMatchObject({
      code: 200,
      data: {
        resultUrl: `${sim.baseUrl}/files/${taskId}/${clipFileName(clipVariant("Upgraded on the side"), "16:9", "1080p")}`,
      },
    });
    expect((await fetch((hd.data as { resultUrl: string }).resultUrl, { method: "HEAD" })).status).toBe(200);
    expect((await get4k({ taskId })).code).toBe(200);
    const other = await marketTask({ prompt: "Extended on the side" });
    clock += DELAY;
    const ext = await extend({ taskId: other, prompt: "onwards" });
    expect(ext.code).toBe(200);
    // The extension is a legacy task (POST /veo/extend).
    expect((await recordInfo((ext.data as { taskId: string }).taskId)).code).toBe(200);
  });

  it("takes injected faults and counts calls as create-task and record-info-market", async () => {
    sim.faults.inject("create-task", { code: 433 });
    sim.faults.inject("record-info-market", { httpStatus: 429 });
    expect((await createTask({ model: "veo-3-1", input: { prompt: "x" } })).code).toBe(433);
    expect((await api("GET", "/api/v1/jobs/recordInfo?taskId=x")).status).toBe(429);
    expect(
      (await api("POST", "/api/v1/jobs/createTask", { model: "veo-3-1", input: { prompt: "x" } }, null)).json.code,
    ).toBe(401);
    expect(sim.stats.calls).toMatchObject({ "create-task": 2, "record-info-market": 1 });
  });
});

describe("credits", () => {
  it("deducts 250/60/30 per generation from accounts and answers 402 when short", async () => {
    sim.accounts.set(KEY, { credits: 300 });
    await generate({ prompt: "quality", model: "veo3" });
    expect((await api("GET", "/api/v1/chat/credit")).json).toEqual({ code: 200, msg: "success", data: 50 });
    expect((await api("POST", "/api/v1/veo/generate", { prompt: "[sim:reject]" })).json.code).toBe(400);
    const short = await api("POST", "/api/v1/veo/generate", { prompt: "fast" });
    expect(short.json).toEqual({ code: 402, msg: "The current credits are insufficient. Please top up.", data: null });
    expect(sim.accounts.get(KEY)!.credits).toBe(50);
    await generate({ prompt: "lite", model: "veo3_lite" });
    expect(sim.accounts.get(KEY)!.credits).toBe(20);
    expect((await api("POST", "/api/v1/veo/generate", { prompt: "lite again", model: "veo3_lite" })).json.code).toBe(
      402,
    );
  });

  it("reports 100000 for keys without an account", async () => {
    expect((await api("GET", "/api/v1/chat/credit")).json.data).toBe(100000);
  });
});

describe("faults and stats", () => {
  it("answers with an HTTP status, a business code, or a replaced body, in queue order", async () => {
    sim.faults.inject("generate", { httpStatus: 429 }, 2);
    sim.faults.inject("generate", { code: 455, msg: "maintenance" });
    sim.faults.inject("generate", { body: "<html>Bad gateway</html>", httpStatus: 502 });
    sim.faults.inject("generate", { body: { weird: true } });
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await api("POST", "/api/v1/veo/generate", { prompt: "x" }));
    expect(results.map((r) => r.status)).toEqual([429, 429, 200, 502, 200, 200]);
    expect(results[0]!.json.code).toBe(429);
    expect(results[2]!.json).toEqual({ code: 455, msg: "maintenance", data: null });
    expect(results[3]!.text).toBe("<html>Bad gateway</html>");
    expect(results[4]!.json).toEqual({ weird: true });
    expect(results[5]!.json.code).toBe(200);
    expect(sim.stats.calls.generate).toBe(6);
  });

  it("gives faults precedence over auth, and code 500 per endpoint", async () => {
    sim.faults.inject("credit", { code: 500 });
    expect((await api("GET", "/api/v1/chat/credit", undefined, null)).json).toMatchObject({ code: 500 });
    sim.faults.inject("upload", { code: 500 });
    expect((await api("POST", "/api/file-url-upload", {})).json).toMatchObject({ success: false, code: 500 });
  });

  it("delays answers and logs polls with their times", async () => {
    const taskId = await generate({ prompt: "polled" });
    sim.faults.inject("record-info", { delayMs: 150 });
    const started = Date.now();
    const slow = await recordInfo(taskId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.code).toBe(200);
    await get1080p(taskId);
    expect(sim.stats.calls).toMatchObject({ generate: 1, "record-info": 1, "get-1080p": 1 });
    expect(sim.stats.pollLog.map((e) => [e.endpoint, e.taskId])).toEqual([
      ["record-info", taskId],
      ["get-1080p", taskId],
    ]);
    const [first, second] = sim.stats.pollLog;
    expect(first!.endedAt - first!.startedAt).toBeGreaterThanOrEqual(140);
    expect(second!.startedAt).toBeGreaterThanOrEqual(first!.endedAt);
  });
});

describe("callbacks", () => {
  let server: http.Server;
  let hookUrl: string;
  const received: { taskId: string; body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        const body = JSON.parse(text) as { data: { taskId: string } };
        received.push({ taskId: body.data.taskId, body, headers: req.headers });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("POSTs the success and failure bodies once tasks finish", async () => {
    const live = await startKieSimulator({ uploadDir, delayMs: 50, hdDelayMs: 50 });
    try {
      const ok = await generate({ prompt: "called back", callBackUrl: hookUrl }, live.baseUrl);
      const failed = await generate({ prompt: "called back [sim:fail]", callBackUrl: hookUrl }, live.baseUrl);
      await waitFor(() => received.length >= 2);
      const byId = new Map(received.map((r) => [r.taskId, r.body]));
      const success = byId.get(ok) as { data: { info: { resultUrls: string[] } } };
      expect(success).toMatchObject({
        code: 200,
        msg: "Veo3.1 video generated successfully.",
        data: { taskId: ok, info: { originUrls: [], resolution: "720p" }, fallbackFlag: false },
      });
      expect(success.data.info.resultUrls[0]).toMatch(
        new RegExp(`^${live.baseUrl}/files/${ok}/sample-\\d-16x9-720p\\.mp4$`),
      );
      expect(byId.get(failed)).toEqual({
        code: 501,
        msg: "Video generation failed (simulated)",
        data: { taskId: failed, fallbackFlag: false },
      });
    } finally {
      await live.close();
    }
  });

  const fourKCallbacks = (taskId: string) =>
    received.filter((r) => r.taskId === taskId && String(r.body.msg).includes("4K"));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("POSTs KIE's 4K callback when the upgrade is ready, once, and the failure one for [sim:no-4k]", async () => {
    // The 4K takes long enough that the repeat below still finds it processing on a busy machine.
    const live = await startKieSimulator({ uploadDir, delayMs: 20, fourKDelayMs: 1500 });
    try {
      const ok = await generate({ prompt: "4K called back" }, live.baseUrl);
      const none = await generate({ prompt: "4K called back [sim:no-4k]" }, live.baseUrl);
      await sleep(50); // both tasks have succeeded (real clock)
      for (const taskId of [ok, none])
        expect((await get4k({ taskId, callBackUrl: hookUrl }, live.baseUrl)).code).toBe(200);
      // A repeat's callBackUrl is not called: only the call that started the upgrade is.
      expect((await get4k({ taskId: ok, callBackUrl: hookUrl }, live.baseUrl)).msg).toBe(FOUR_K_PROCESSING);
      await waitFor(() => fourKCallbacks(ok).length >= 1 && fourKCallbacks(none).length >= 1, 15_000);
      const [success] = fourKCallbacks(ok);
      const link = `${live.baseUrl}/files/${ok}/${clipFileName(clipVariant("4K called back"), "16:9", "4k")}`;
      expect(success!.body).toEqual({
        code: 200,
        msg: "4K Video generated successfully.",
        data: { taskId: ok, info: { resultUrls: [link], imageUrls: [link] } },
      });
      expect(success!.headers["x-webhook-signature"]).toBeUndefined();
      expect(fourKCallbacks(none)[0]!.body).toEqual({ code: 500, msg: FOUR_K_UNAVAILABLE, data: { taskId: none } });
      // The callback never comes before the result: the link already works.
      expect((await fetch(link, { method: "HEAD" })).status).toBe(200);
      expect((await get4k({ taskId: ok }, live.baseUrl)).data).toEqual({
        taskId: ok,
        resultUrls: [link],
        imageUrls: [link],
      });
      await sleep(100);
      expect(fourKCallbacks(ok)).toHaveLength(1);
    } finally {
      await live.close();
    }
  });

  it("signs the 4K callback when a webhook HMAC key is set", async () => {
    const secret = "4k-hmac-secret";
    const live = await startKieSimulator({ uploadDir, delayMs: 20, fourKDelayMs: 20, webhookHmacKey: () => secret });
    try {
      const taskId = await generate({ prompt: "4K signed" }, live.baseUrl);
      await sleep(50);
      expect((await get4k({ taskId, callBackUrl: hookUrl }, live.baseUrl)).code).toBe(200);
      await waitFor(() => fourKCallbacks(taskId).length >= 1);
      const { headers, body } = fourKCallbacks(taskId)[0]!;
      expect(body).toMatchObject({ code: 200, data: { taskId } });
      const timestamp = headers["x-webhook-timestamp"] as string;
      expect(timestamp).toMatch(/^\d+$/);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      const expected = crypto.createHmac("sha256", secret).update(`${taskId}.${timestamp}`).digest("base64");
      expect(headers["x-webhook-signature"]).toBe(expected);
    } finally {
      await live.close();
    }
  });

  it("POSTs KIE's extension callback with fullResultUrls, and the failure one, signed when a key is set", async () => {
    const secret = "extend-hmac-secret";
    const live = await startKieSimulator({ uploadDir, delayMs: 20, webhookHmacKey: () => secret });
    try {
      const prompt = "Extension called back";
      const source = await generate({ prompt, aspect_ratio: "9:16" }, live.baseUrl);
      await sleep(50); // the source has succeeded (real clock)
      const extendFrom = async (extra: string) => {
        const res = await call(live.baseUrl, "POST", "/api/v1/veo/extend", {
          taskId: source,
          prompt: `onwards${extra}`,
          callBackUrl: hookUrl,
        });
        expect(res.json.code).toBe(200);
        return (res.json.data as { taskId: string }).taskId;
      };
      const done = await extendFrom("");
      const failed = await extendFrom(" [sim:fail]");
      await waitFor(() => received.some((r) => r.taskId === done) && received.some((r) => r.taskId === failed));
      const success = received.find((r) => r.taskId === done)!;
      const segment = `${live.baseUrl}/files/${done}/${clipFileName(clipVariant(prompt), "9:16", "720p")}`;
      const full = segment.replace(/\.mp4$/, "-extended.mp4");
      expect(success.body).toEqual({
        code: 200,
        msg: "Veo3.1 video extension successful.",
        data: {
          taskId: done,
          info: { resultUrls: [segment], fullResultUrls: [full], originUrls: [], resolution: "720p" },
          fallbackFlag: false,
        },
      });
      const timestamp = success.headers["x-webhook-timestamp"] as string;
      expect(success.headers["x-webhook-signature"]).toBe(
        crypto.createHmac("sha256", secret).update(`${done}.${timestamp}`).digest("base64"),
      );
      expect(received.find((r) => r.taskId === failed)!.body).toEqual({
        code: 501,
        msg: "Video generation failed (simulated)",
        data: { taskId: failed, fallbackFlag: false },
      });
      // The callback never comes before the result: the full video's link already works.
      expect((await fetch(full, { method: "HEAD" })).status).toBe(200);
    } finally {
      await live.close();
    }
  });

  it("POSTs the Market's success and failure bodies, signed when a key is set", async () => {
    const secret = "market-hmac-secret";
    const live = await startKieSimulator({ uploadDir, delayMs: 50, webhookHmacKey: () => secret });
    try {
      const create = async (prompt: string) => {
        const res = await call(live.baseUrl, "POST", "/api/v1/jobs/createTask", {
          model: "veo-3-1",
          callBackUrl: hookUrl,
          input: { prompt, model: "veo3_lite" },
        });
        expect(res.json.code).toBe(200);
        return (res.json.data as { taskId: string }).taskId;
      };
      const done = await create("Market called back");
      const failed = await create("Market called back [sim:fail]");
      await waitFor(() => received.some((r) => r.taskId === done) && received.some((r) => r.taskId === failed));
      const success = received.find((r) => r.taskId === done)!;
      const link = `${live.baseUrl}/files/${done}/${clipFileName(clipVariant("Market called back"), "16:9", "720p")}`;
      expect(success.body).toEqual({
        code: 200,
        msg: "Playground task completed successfully.",
        data: {
          taskId: done,
          model: "veo-3-1",
          state: "success",
          param: expect.stringContaining('"model":"veo-3-1"') as string,
          resultJson: JSON.stringify({ resultUrls: [link] }),
          costTime: 0,
          completeTime: expect.any(Number) as number,
          createTime: expect.any(Number) as number,
          updateTime: expect.any(Number) as number,
          creditsConsumed: 30,
        },
      });
      const timestamp = success.headers["x-webhook-timestamp"] as string;
      expect(success.headers["x-webhook-signature"]).toBe(
        crypto.createHmac("sha256", secret).update(`${done}.${timestamp}`).digest("base64"),
      );
      expect(received.find((r) => r.taskId === failed)!.body).toEqual({
        code: 501,
        msg: "Playground task failed.",
        data: {
          taskId: failed,
          model: "veo-3-1",
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

  it("close() cancels pending callbacks", async () => {
    const live = await startKieSimulator({ uploadDir, delayMs: 100 });
    const before = received.length;
    await generate({ prompt: "never called", callBackUrl: hookUrl }, live.baseUrl);
    await live.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.length).toBe(before);
  });
});

describe("file uploads", () => {
  const download = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("stores base64 uploads (data URL or plain) and serves them back", async () => {
    const res = await api("POST", "/api/file-base64-upload", {
      base64Data: `data:image/png;base64,${PNG.toString("base64")}`,
      uploadPath: "images/base64",
      fileName: "dot.png",
    });
    expect(res.json).toMatchObject({
      success: true,
      code: 200,
      msg: "File uploaded successfully",
      data: { fileName: "dot.png", filePath: "images/base64/dot.png", fileSize: PNG.length, mimeType: "image/png" },
    });
    const data = res.json.data as { downloadUrl: string; uploadedAt: string };
    expect(data.downloadUrl).toMatch(new RegExp(`^${sim.baseUrl}/files/uploads/[0-9a-f]+\\.png$`));
    expect(data.uploadedAt).toBe(new Date(clock).toISOString());
    const file = await download(data.downloadUrl);
    expect(file).toMatchObject({ status: 200, type: "image/png" });
    expect(file.bytes.equals(PNG)).toBe(true);

    const plain = await api("POST", "/api/file-base64-upload", {
      base64Data: PNG.toString("base64"),
      uploadPath: "images",
    });
    expect(plain.json.data).toMatchObject({ mimeType: "image/png" });
  });

  it("never serves an upload as a page", async () => {
    const res = await api("POST", "/api/file-base64-upload", {
      base64Data: Buffer.from("<script>alert(1)</script>").toString("base64"),
      uploadPath: "x",
      fileName: "evil.html",
    });
    const data = res.json.data as { downloadUrl: string; mimeType: string };
    expect(data.mimeType).toBe("application/octet-stream");
    expect(data.downloadUrl).toMatch(/\.bin$/);
    const file = await fetch(data.downloadUrl);
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("rejects bad base64 uploads", async () => {
    expect((await api("POST", "/api/file-base64-upload", { base64Data: "!!!", uploadPath: "x" })).json).toEqual({
      success: false,
      code: 400,
      msg: "base64Data is not valid base64",
      data: null,
    });
    expect((await api("POST", "/api/file-base64-upload", { base64Data: "AAAA" })).json).toMatchObject({
      code: 400,
      msg: "uploadPath is required",
    });
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1).toString("base64");
    expect((await api("POST", "/api/file-base64-upload", { base64Data: huge, uploadPath: "x" })).json).toMatchObject({
      code: 400,
      msg: "File is too large (max 10 MB)",
    });
  });

  it("stores multipart stream uploads", async () => {
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "picture.png");
    form.append("uploadPath", "images/stream");
    form.append("fileName", "mine.png");
    const res = await fetch(`${sim.baseUrl}/api/file-stream-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}` },
      body: form,
    });
    const json = (await res.json()) as Envelope;
    expect(json).toMatchObject({
      success: true,
      code: 200,
      data: { fileName: "mine.png", filePath: "images/stream/mine.png", mimeType: "image/png" },
    });
    const file = await download((json.data as { downloadUrl: string }).downloadUrl);
    expect(file.bytes.equals(PNG)).toBe(true);
  });

  it("stores URL uploads", async () => {
    const taskId = await generate({ prompt: "source" });
    clock += DELAY;
    const clipUrl = ((await recordInfo(taskId)).data as { response: { resultUrls: string[] } }).response.resultUrls[0]!;
    const res = await api("POST", "/api/file-url-upload", { fileUrl: clipUrl, uploadPath: "videos" });
    expect(res.json).toMatchObject({
      success: true,
      data: { mimeType: "video/mp4", filePath: `videos/${path.basename(clipUrl)}` },
    });
    const missing = await api("POST", "/api/file-url-upload", {
      fileUrl: `${sim.baseUrl}/files/uploads/nope.png`,
      uploadPath: "x",
    });
    expect(missing.json).toMatchObject({ success: false, code: 400, msg: "Could not download fileUrl: HTTP 404" });
  });
});

describe("mounted in a host app", () => {
  const hosted = createKieSimulator({ ...simOptions, publicBaseUrl: "http://localhost:3000/simulator/kie" });
  const host = Fastify({ bodyLimit: 1024 * 1024 });
  beforeAll(async () => {
    await host.register(hosted.plugin, { prefix: "/simulator/kie" });
    await host.ready();
  });
  afterEach(() => hosted.faults.clear());
  afterAll(async () => {
    hosted.close();
    await host.close();
  });

  it("serves the API, files and large uploads under the prefix", async () => {
    const headers = { authorization: `Bearer ${KEY}` };
    const gen = await host.inject({
      method: "POST",
      url: "/simulator/kie/api/v1/veo/generate",
      headers,
      payload: { prompt: "hosted" },
    });
    const { taskId } = gen.json<{ data: { taskId: string } }>().data;
    clock += DELAY;
    const info = await host.inject({
      method: "GET",
      url: `/simulator/kie/api/v1/veo/record-info?taskId=${taskId}`,
      headers,
    });
    const url = info.json<{ data: { response: { resultUrls: string[] } } }>().data.response.resultUrls[0]!;
    expect(url).toMatch(new RegExp(`^http://localhost:3000/simulator/kie/files/${taskId}/sample-`));
    const file = await host.inject({ method: "GET", url: new URL(url).pathname, headers: { range: "bytes=0-9" } });
    expect(file.statusCode).toBe(206);

    const big = Buffer.alloc(2 * 1024 * 1024, 1);
    const upload = await host.inject({
      method: "POST",
      url: "/simulator/kie/api/file-base64-upload",
      headers,
      payload: { base64Data: big.toString("base64"), uploadPath: "big", fileName: "big.mp4" },
    });
    expect(upload.json()).toMatchObject({ success: true, data: { fileSize: big.length } });
  });
});
