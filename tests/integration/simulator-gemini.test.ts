/** The simulator's fake of Google's Gemini API for Veo, over real HTTP, on a fake clock. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLIPS_DIR, clipVariant, servedClip } from "../../src/server/simulator/clips.js";
import {
  createKieSimulator,
  startKieSimulator,
  type StandaloneKieSimulator,
} from "../../src/server/simulator/index.js";

const KEY = "gemini-test-key";
const DELAY = 1000;
const TWO_DAYS = 2 * 24 * 3600_000;
const FAST = "veo-3.1-fast-generate-preview";
const LITE = "veo-3.1-lite-generate-preview";
const RESPONSE_TYPE = "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse";
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex").toString("base64");
const UNREGISTERED =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";

let clock = Date.UTC(2026, 10, 20, 9, 0, 0);
const uploadDir = path.join(os.tmpdir(), `gemini-sim-${crypto.randomBytes(4).toString("hex")}`);
const simOptions = { uploadDir, delayMs: DELAY, now: () => clock };
let sim: StandaloneKieSimulator;

interface GoogleErrorBody {
  error: { code: number; message: string; status: string; details?: Array<Record<string, unknown>> };
}
interface Operation {
  name: string;
  done?: boolean;
  error?: { code: number; message: string };
  response?: {
    "@type": string;
    generateVideoResponse: {
      generatedSamples?: Array<{ video: { uri: string } }>;
      raiMediaFilteredCount?: number;
      raiMediaFilteredReasons?: string[];
    };
  };
}

/** A request to the fake; `key` null sends none, `viaQuery` sends it as ?key= instead of the header. */
async function call(
  url: string,
  init: { method?: string; body?: unknown; key?: string | null; viaQuery?: boolean } = {},
) {
  const { method = "GET", body, key = KEY, viaQuery = false } = init;
  const headers: Record<string, string> = {};
  if (key !== null && !viaQuery) headers["x-goog-api-key"] = key;
  if (body !== undefined) headers["content-type"] = "application/json";
  const target = new URL(url.startsWith("http") ? url : sim.baseUrl + url);
  if (key !== null && viaQuery) target.searchParams.set("key", key);
  const res = await fetch(target, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

const submitRaw = (body: unknown, model = FAST, key?: string | null) =>
  call(`/v1beta/models/${model}:predictLongRunning`, { method: "POST", body, key });

/** Submits and expects an operation name back. */
async function submit(
  prompt: string,
  parameters: Record<string, unknown> = {},
  instance: Record<string, unknown> = {},
  model = FAST,
) {
  const res = await submitRaw({ instances: [{ prompt, ...instance }], parameters }, model);
  expect(res.json).toEqual({
    name: expect.stringMatching(new RegExp(`^models/${model.replaceAll(".", "\\.")}/operations/[0-9a-f]{24}$`)),
  });
  return (res.json as { name: string }).name;
}

const poll = async (name: string) => (await call(`/v1beta/${name}`)).json as Operation;

const videoUri = async (name: string) =>
  (await poll(name)).response!.generateVideoResponse.generatedSamples![0]!.video.uri;

/** A refusal in Google's shape, with the HTTP status as `http`. */
const refusal = (res: { status: number; json: unknown }) => ({
  http: res.status,
  ...(res.json as GoogleErrorBody).error,
});

const image = (mimeType: string, data: string) => ({ bytesBase64Encoded: data, mimeType });
const inline = (mimeType: string, data: string) => ({ inlineData: { mimeType, data } });

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
afterEach(() => {
  sim.gemini.imageEncodings = ["bytesBase64Encoded", "inlineData"];
  sim.gemini.seed = false;
});

describe("Gemini fake: an operation from submit to download", () => {
  it("runs, finishes and hands out a file that the key downloads through a redirect", async () => {
    const prompt = "A heron at dawn";
    const name = await submit(prompt, { aspectRatio: "16:9", durationSeconds: 8, personGeneration: "allow_all" });
    // Google's JSON drops `done` while it is false.
    expect(await poll(name)).toEqual({ name });
    clock += DELAY - 1;
    expect(await poll(name)).toEqual({ name });

    clock += 1;
    const id = name.split("/").pop()!;
    const done = await poll(name);
    expect(done).toEqual({
      name,
      done: true,
      response: {
        "@type": RESPONSE_TYPE,
        generateVideoResponse: {
          generatedSamples: [{ video: { uri: `${sim.baseUrl}/v1beta/files/${id}:download?alt=media` } }],
        },
      },
    });

    const uri = await videoUri(name);
    expect(refusal(await call(uri, { key: null }))).toMatchObject({ http: 403, status: "PERMISSION_DENIED" });
    const redirected = await call(uri);
    expect(redirected.status).toBe(302);
    const location = redirected.headers.get("location")!;
    // A signed link of Google's storage: honoured for a while (until=), then refused.
    expect(location).toMatch(new RegExp(`^${sim.baseUrl}/gemini-files/${id}\\.mp4\\?until=\\d+$`));
    const again = (await call(uri, { viaQuery: true })).headers.get("location")!;
    expect(again.split("?")[0]).toBe(location.split("?")[0]);

    // The redirect target needs no key, and a client should send it none.
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/mp4");
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(CLIPS_DIR, servedClip(clipVariant(prompt), "16:9", "720p"))))).toBe(
      true,
    );
    const ranged = await fetch(location, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(sim.stats.geminiKeyedFileFetches).toBe(0);
    await (await fetch(location, { headers: { "x-goog-api-key": KEY } })).arrayBuffer();
    expect(sim.stats.geminiKeyedFileFetches).toBe(1);

    expect(sim.stats.calls).toMatchObject({
      "gemini-submit": 1,
      "gemini-operation": 4,
      "gemini-download": 3,
      "gemini-file": 3,
    });
    expect(sim.stats.geminiSubmissions).toEqual([
      {
        operation: name,
        model: FAST,
        mode: "text",
        prompt,
        images: [],
        parameters: { aspectRatio: "16:9", durationSeconds: 8, personGeneration: "allow_all" },
      },
    ]);
  });

  it("serves the nearest clip: portrait for 9:16, the 1080p clip for 1080p and 4k", async () => {
    for (const [aspectRatio, resolution, clip] of [
      ["9:16", "720p", "9:16 720p"],
      ["9:16", "1080p", "9:16 1080p"],
      ["16:9", "4k", "16:9 1080p"],
    ] as const) {
      const prompt = `Clip for ${aspectRatio} ${resolution}`;
      const name = await submit(prompt, { aspectRatio, resolution, durationSeconds: 8 });
      clock += DELAY;
      const location = (await call(await videoUri(name))).headers.get("location")!;
      const bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
      const [aspect, size] = clip.split(" ") as ["16:9" | "9:16", "720p" | "1080p"];
      const expected = fs.readFileSync(path.join(CLIPS_DIR, servedClip(clipVariant(prompt), aspect, size)));
      expect(bytes.equals(expected)).toBe(true);
    }
  });

  it("answers without alt=media with the file's empty metadata, and 404 for other file methods", async () => {
    const name = await submit("Metadata only");
    clock += DELAY;
    const uri = await videoUri(name);
    const metadata = await call(uri.replace("?alt=media", ""));
    expect(metadata).toMatchObject({ status: 200, json: {} });
    expect(refusal(await call(uri.replace(":download", ":delete")))).toMatchObject({ http: 404, status: "NOT_FOUND" });
  });

  it("expires the file 2 days after it was ready: the download and the keyless URL answer 404 (the link 403 after ten minutes)", async () => {
    const name = await submit("Two days of fame");
    clock += DELAY;
    const uri = await videoUri(name);
    const early = (await call(uri)).headers.get("location")!;
    // The keyless link is signed for ten minutes; a new one is asked for with the key.
    clock += 10 * 60_000 + 1;
    expect((await fetch(early)).status).toBe(403);
    clock += TWO_DAYS - 10 * 60_000 - 1;
    const location = (await call(uri)).headers.get("location")!;
    expect((await fetch(location)).status).toBe(200);
    clock += 1;
    expect(refusal(await call(uri))).toMatchObject({ http: 404, code: 404, status: "NOT_FOUND" });
    expect((await fetch(location)).status).toBe(404);
    // The operation still answers, with the same (dead) uri.
    expect(await videoUri(name)).toBe(uri);
  });

  it("expires every file while expireLinks is on", async () => {
    const name = await submit("Expired by a test");
    clock += DELAY;
    const uri = await videoUri(name);
    sim.faults.expireLinks();
    expect((await call(uri)).status).toBe(404);
    sim.faults.expireLinks(false);
    expect((await call(uri)).status).toBe(302);
  });

  it("answers 404 for an unknown operation, one under another model, and a file not made (yet)", async () => {
    const name = await submit("Not found anywhere");
    const id = name.split("/").pop()!;
    for (const url of [
      `/v1beta/models/${FAST}/operations/000000000000000000000000`,
      `/v1beta/models/${FAST}/operations/not-an-id`,
      `/v1beta/models/${LITE}/operations/${id}`,
      `/v1beta/files/${id}:download?alt=media`,
    ]) {
      expect(refusal(await call(url))).toMatchObject({ http: 404, code: 404, status: "NOT_FOUND" });
    }
    expect((await fetch(`${sim.baseUrl}/gemini-files/${id}.mp4`)).status).toBe(404);
  });
});

describe("Gemini fake: the API key", () => {
  it("refuses a missing key with 403, a bad one with 400 API_KEY_INVALID, a revoked one with 403", async () => {
    const body = { instances: [{ prompt: "Keys" }] };
    expect(refusal(await submitRaw(body, FAST, null))).toEqual({
      http: 403,
      code: 403,
      message: UNREGISTERED,
      status: "PERMISSION_DENIED",
    });
    const bad = refusal(await submitRaw(body, FAST, "my-SIM-BAD-KEY"));
    expect(bad).toMatchObject({
      http: 400,
      status: "INVALID_ARGUMENT",
      message: "API key not valid. Please pass a valid API key.",
    });
    expect(bad.details).toEqual([
      expect.objectContaining({ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }),
    ]);
    sim.accounts.set("revoked", { credits: 0, revoked: true });
    const revoked = refusal(await submitRaw(body, FAST, "revoked"));
    expect(revoked).toMatchObject({ http: 403, status: "PERMISSION_DENIED" });
    expect(revoked.details).toEqual([expect.objectContaining({ reason: "CONSUMER_SUSPENDED" })]);
    expect(sim.stats.calls["gemini-submit"]).toBe(3);
    expect(sim.stats.geminiSubmissions).toEqual([]);
  });

  it("takes the key as ?key= on every keyed route, and checks it on polls and models.get", async () => {
    const res = await call(`/v1beta/models/${FAST}:predictLongRunning`, {
      method: "POST",
      body: { instances: [{ prompt: "Query key" }] },
      viaQuery: true,
    });
    const { name } = res.json as { name: string };
    expect((await call(`/v1beta/${name}`, { viaQuery: true })).json).toEqual({ name });
    expect((await call(`/v1beta/${name}`, { key: null })).status).toBe(403);
    expect((await call(`/v1beta/models/${FAST}`, { key: "sim-bad-key" })).status).toBe(400);
  });

  it("accepts only the simulator's apiKey when one is set", async () => {
    const strict = await startKieSimulator({ ...simOptions, apiKey: "the-key" });
    try {
      const url = `${strict.baseUrl}/v1beta/models/${FAST}:predictLongRunning`;
      const body = { instances: [{ prompt: "Strict" }] };
      expect(refusal(await call(url, { method: "POST", body, key: "other" }))).toMatchObject({
        http: 400,
        message: "API key not valid. Please pass a valid API key.",
      });
      expect((await call(url, { method: "POST", body, key: "the-key" })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("Gemini fake: models", () => {
  it("knows the three Veo 3.1 preview ids, answers models.get, and 404s anything else", async () => {
    for (const model of ["veo-3.1-generate-preview", FAST, LITE]) {
      await submit(`Model ${model}`, {}, {}, model);
      expect((await call(`/v1beta/models/${model}`)).json).toMatchObject({
        name: `models/${model}`,
        supportedGenerationMethods: ["predictLongRunning"],
      });
    }
    for (const [model, method] of [
      ["veo-3.0-generate-001", "predictLongRunning"],
      ["veo-3.1-generate-001", "predictLongRunning"],
      [FAST, "generateContent"],
    ]) {
      const res = await call(`/v1beta/models/${model}:${method}`, {
        method: "POST",
        body: { instances: [{ prompt: "x" }] },
      });
      expect(refusal(res)).toMatchObject({
        http: 404,
        status: "NOT_FOUND",
        message: expect.stringContaining(`models/${model} is not found`),
      });
    }
    expect((await call("/v1beta/models/veo-2.0-generate-001")).status).toBe(404);
    expect(sim.stats.calls["gemini-model"]).toBe(4);
  });

  it('answers a retired id with Google\'s 404 "is no longer available" on every route (issue 74)', async () => {
    const op = { name: await submit("Before retirement", {}, {}, FAST) };
    sim.gemini.retiredModels = [FAST];
    try {
      for (const res of [
        await call(`/v1beta/models/${FAST}`),
        await call(`/v1beta/models/${FAST}:predictLongRunning`, {
          method: "POST",
          body: { instances: [{ prompt: "x" }] },
        }),
        await call(`/v1beta/${op.name}`),
      ])
        expect(refusal(res)).toMatchObject({
          http: 404,
          status: "NOT_FOUND",
          message: `models/${FAST} is no longer available`,
        });
      // The others still work.
      expect((await call(`/v1beta/models/${LITE}`)).status).toBe(200);
    } finally {
      sim.gemini.retiredModels = [];
    }
  });

  it("serves an extra id as the built-in model it stands for", async () => {
    sim.gemini.extraModels = { "veo-successor": FAST };
    try {
      expect((await call("/v1beta/models/veo-successor")).json).toMatchObject({ name: "models/veo-successor" });
      const op = { name: await submit("Successor", {}, {}, "veo-successor") };
      expect(op.name).toMatch(/^models\/veo-successor\/operations\//);
      expect(sim.stats.geminiSubmissions.at(-1)?.model).toBe("veo-successor");
      expect((await call(`/v1beta/${op.name}`)).status).toBe(200);
      // An operation is read under the id it was made with only.
      expect((await call(`/v1beta/${op.name.replace("veo-successor", LITE)}`)).status).toBe(404);
    } finally {
      sim.gemini.extraModels = {};
    }
  });
});

describe("Gemini fake: request validation", () => {
  const png = image("image/png", PNG);
  const text = (parameters: Record<string, unknown>, instance: Record<string, unknown> = {}) => ({
    instances: [{ prompt: "Validate me", ...instance }],
    parameters,
  });
  const refs = (n: number) => Array.from({ length: n }, () => ({ image: png, referenceType: "asset" }));

  it.each<[string, unknown, string, string, string?]>([
    ["no instances", { parameters: {} }, "instances", "instances must hold exactly one instance."],
    ["two instances", { instances: [{ prompt: "a" }, { prompt: "b" }] }, "instances", "exactly one instance"],
    ["a body that is not an object", [1, 2], "", "Expected an object"],
    ["an unknown top-level field", { instances: [{ prompt: "a" }], config: {} }, "config", 'Unknown name "config"'],
    ["no prompt", { instances: [{}] }, "instances[0].prompt", "prompt is required."],
    ["a blank prompt", { instances: [{ prompt: "  " }] }, "instances[0].prompt", "prompt is required."],
    [
      "an unknown instance field",
      text({}, { mask: {} }),
      "instances[0].mask",
      "Unknown name \"mask\" at 'instances[0]'",
    ],
    ["a video (extension)", text({}, { video: {} }), "instances[0].video", "Video extension is not simulated."],
    ["parameters not an object", { instances: [{ prompt: "a" }], parameters: "16:9" }, "parameters", "object"],
    ["aspectRatio 1:1", text({ aspectRatio: "1:1" }), "parameters.aspectRatio", 'Aspect ratio "1:1" is not supported'],
    ["resolution 8k", text({ resolution: "8k" }), "parameters.resolution", 'Resolution "8k" is not supported'],
    ["resolution 4K (capital K)", text({ resolution: "4K" }), "parameters.resolution", "use 720p, 1080p or 4k"],
    ["4k on Lite", text({ resolution: "4k" }), "parameters.resolution", `4k is not supported by ${LITE}.`, LITE],
    [
      "1080p for 6 s",
      text({ resolution: "1080p", durationSeconds: 6 }),
      "parameters.durationSeconds",
      "must be 8 with 1080p",
    ],
    ["4k for 4 s", text({ resolution: "4k", durationSeconds: "4" }), "parameters.durationSeconds", "must be 8 with 4k"],
    ["durationSeconds 5", text({ durationSeconds: 5 }), "parameters.durationSeconds", "must be 4, 6 or 8, not 5"],
    ['durationSeconds "10"', text({ durationSeconds: "10" }), "parameters.durationSeconds", 'not "10"'],
    ["negativePrompt not a string", text({ negativePrompt: ["blur"] }), "parameters.negativePrompt", "string"],
    [
      "allow_adult for text",
      text({ personGeneration: "allow_adult" }),
      "parameters.personGeneration",
      "allow_adult for personGeneration is currently not supported.",
    ],
    [
      "allow_all for an image",
      text({ personGeneration: "allow_all" }, { image: png }),
      "parameters.personGeneration",
      "allow_all for personGeneration is currently not supported.",
    ],
    [
      "dont_allow",
      text({ personGeneration: "dont_allow" }),
      "parameters.personGeneration",
      "dont_allow for personGeneration",
    ],
    ["sampleCount 2", text({ sampleCount: 2 }), "parameters.sampleCount", "sampleCount must be 1"],
    [
      "enhancePrompt",
      text({ enhancePrompt: true }),
      "parameters.enhancePrompt",
      "`enhancePrompt` isn't supported by this model.",
    ],
    ["generateAudio", text({ generateAudio: false }), "parameters.generateAudio", "`generateAudio` isn't supported"],
    [
      "seed (refused by default)",
      text({ seed: 42 }),
      "parameters.seed",
      "seed parameter is not supported in Gemini API.",
    ],
    [
      "lastFrame without image",
      text({}, { lastFrame: png }),
      "instances[0].lastFrame",
      "lastFrame must be used in combination with the image parameter.",
    ],
    ["4 reference images", text({}, { referenceImages: refs(4) }), "instances[0].referenceImages", "at most 3 images"],
    [
      "a style reference",
      text({}, { referenceImages: [{ image: png, referenceType: "style" }] }),
      "instances[0].referenceImages[0].referenceType",
      'referenceType must be "asset"',
    ],
    [
      "references with a first frame",
      text({}, { image: png, referenceImages: refs(1) }),
      "instances[0].referenceImages",
      "cannot be combined with image or lastFrame",
    ],
    [
      "references for 6 s",
      text({ durationSeconds: 6 }, { referenceImages: refs(2) }),
      "parameters.durationSeconds",
      "must be 8 when using reference images",
    ],
    [
      "an image by gcsUri",
      text({}, { image: { gcsUri: "gs://bucket/a.png", mimeType: "image/png" } }),
      "instances[0].image.gcsUri",
      "gcsUri is not supported in Gemini API",
    ],
    [
      "an image by http URL",
      text({}, { image: { uri: "https://example.com/a.png" } }),
      "instances[0].image.uri",
      "send the image bytes inline",
    ],
    [
      "a reference image by fileData",
      text({}, { referenceImages: [{ image: { fileData: { fileUri: "https://x/a.png" } }, referenceType: "asset" }] }),
      "instances[0].referenceImages[0].image.fileData",
      "fileData is not supported",
    ],
    [
      "a data: URL as bytes",
      text({}, { image: image("image/png", `data:image/png;base64,${PNG}`) }),
      "instances[0].image.bytesBase64Encoded",
      "not base64",
    ],
    [
      "inline data that is not base64",
      text({}, { image: inline("image/png", "not base64!") }),
      "instances[0].image.inlineData.data",
      "not base64",
    ],
    [
      "an image without bytes",
      text({}, { image: { mimeType: "image/png" } }),
      "instances[0].image",
      "has no image bytes",
    ],
    ["a WebP image", text({}, { image: image("image/webp", PNG) }), "instances[0].image.mimeType", "image/webp"],
    [
      "no mimeType",
      text({}, { image: { bytesBase64Encoded: PNG } }),
      "instances[0].image.mimeType",
      "Unsupported MIME",
    ],
    [
      "JPEG bytes declared PNG",
      text({}, { image: image("image/png", JPEG) }),
      "instances[0].image",
      "Unable to process input image",
    ],
    [
      "an extra field beside the bytes",
      text({}, { image: { ...png, encoding: "png" } }),
      "instances[0].image.encoding",
      'Unknown name "encoding"',
    ],
  ])("refuses %s with 400 INVALID_ARGUMENT naming the field", async (_, body, field, message, model = FAST) => {
    const res = refusal(await submitRaw(body, model));
    expect(res).toMatchObject({
      http: 400,
      code: 400,
      status: "INVALID_ARGUMENT",
      message: expect.stringContaining(message),
    });
    expect(res.details).toEqual([
      {
        "@type": "type.googleapis.com/google.rpc.BadRequest",
        fieldViolations: [{ field, description: res.message }],
      },
    ]);
    expect(sim.stats.geminiSubmissions).toEqual([]);
  });

  it("refuses malformed JSON and a non-JSON body in Google's shape", async () => {
    const url = `/v1beta/models/${FAST}:predictLongRunning`;
    expect(refusal(await call(url, { method: "POST", body: "{not json" }))).toMatchObject({
      http: 400,
      status: "INVALID_ARGUMENT",
    });
    const plain = await fetch(sim.baseUrl + url, {
      method: "POST",
      headers: { "x-goog-api-key": KEY, "content-type": "application/octet-stream" },
      body: "x",
    });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ error: { status: "INVALID_ARGUMENT" } });
  });

  it("accepts durationSeconds as a number or a string, 1080p and 4k for 8 s, and records them as sent", async () => {
    await submit("Four seconds", { durationSeconds: 4, sampleCount: 1, negativePrompt: "blur" });
    await submit("Six seconds", { durationSeconds: "6" });
    await submit("Full HD", { resolution: "1080p", durationSeconds: "8" });
    await submit("Four K", { resolution: "4k", aspectRatio: "9:16" }, {}, "veo-3.1-generate-preview");
    expect(sim.stats.geminiSubmissions.map((s) => s.parameters)).toEqual([
      { durationSeconds: 4, sampleCount: 1, negativePrompt: "blur" },
      { durationSeconds: "6" },
      { resolution: "1080p", durationSeconds: "8" },
      { resolution: "4k", aspectRatio: "9:16" },
    ]);
  });
});

describe("Gemini fake: images and their encoding", () => {
  const pngBytes = Buffer.from(PNG, "base64").length;

  it("accepts both encodings by default, in every mode, and records which was used where", async () => {
    await submit("First frame", { personGeneration: "allow_adult" }, { image: image("image/png", PNG) });
    await submit("Both frames", {}, { image: inline("image/png", PNG), lastFrame: image("image/jpeg", JPEG) });
    await submit(
      "References",
      { durationSeconds: 8, personGeneration: "allow_adult" },
      {
        referenceImages: [
          { image: image("image/png", PNG), referenceType: "asset" },
          { image: inline("image/png", PNG), referenceType: "asset" },
          { image: inline("image/jpeg", JPEG), referenceType: "asset" },
        ],
      },
    );
    // URL-safe base64 without padding decodes too.
    await submit("URL-safe", {}, { image: inline("image/png", Buffer.from(PNG, "base64").toString("base64url")) });
    const [first, both, references, urlSafe] = sim.stats.geminiSubmissions;
    expect(first).toMatchObject({
      mode: "image",
      images: [{ field: "instances[0].image", encoding: "bytesBase64Encoded", mimeType: "image/png", bytes: pngBytes }],
    });
    expect(both).toMatchObject({
      mode: "interpolation",
      images: [
        { field: "instances[0].image", encoding: "inlineData", mimeType: "image/png" },
        { field: "instances[0].lastFrame", encoding: "bytesBase64Encoded", mimeType: "image/jpeg" },
      ],
    });
    expect(references!.mode).toBe("reference");
    expect(references!.images.map((i) => [i.field, i.encoding])).toEqual([
      ["instances[0].referenceImages[0].image", "bytesBase64Encoded"],
      ["instances[0].referenceImages[1].image", "inlineData"],
      ["instances[0].referenceImages[2].image", "inlineData"],
    ]);
    expect(urlSafe!.images[0]!.bytes).toBe(pngBytes);
  });

  it.each([
    ["bytesBase64Encoded", "inlineData", inline("image/png", PNG), image("image/png", PNG)],
    ["inlineData", "bytesBase64Encoded", image("image/png", PNG), inline("image/png", PNG)],
  ] as const)(
    "accepts only %s when switched, refusing %s as an unknown field",
    async (only, other, refused, accepted) => {
      sim.gemini.imageEncodings = [only];
      const res = refusal(await submitRaw({ instances: [{ prompt: "One shape", image: refused }] }));
      expect(res).toMatchObject({
        http: 400,
        status: "INVALID_ARGUMENT",
        message: `Invalid JSON payload received. Unknown name "${other}" at 'instances[0].image': Cannot find field.`,
        details: [{ fieldViolations: [{ field: `instances[0].image.${other}` }] }],
      });
      // What a client's fallback does next: the same request in the other shape.
      await submit("One shape", {}, { image: accepted });
      expect(sim.stats.calls["gemini-submit"]).toBe(2);
      expect(sim.stats.geminiSubmissions.map((s) => s.images[0]!.encoding)).toEqual([only]);
    },
  );

  it("takes the readings as options too", async () => {
    const strict = await startKieSimulator({ ...simOptions, gemini: { imageEncodings: ["inlineData"], seed: true } });
    try {
      const url = `${strict.baseUrl}/v1beta/models/${FAST}:predictLongRunning`;
      const post = (instance: Record<string, unknown>, parameters = {}) =>
        call(url, { method: "POST", body: { instances: [{ prompt: "Options", ...instance }], parameters } });
      expect((await post({ image: image("image/png", PNG) })).status).toBe(400);
      expect((await post({ image: inline("image/png", PNG) }, { seed: 7 })).status).toBe(200);
      expect(strict.gemini).toEqual({ imageEncodings: ["inlineData"], seed: true, retiredModels: [], extraModels: {} });
    } finally {
      await strict.close();
    }
  });
});

describe("Gemini fake: seed", () => {
  it("refuses a seed by default and accepts a uint32 one when switched on", async () => {
    const body = (seed: unknown) => ({ instances: [{ prompt: "Seeded" }], parameters: { seed } });
    expect(refusal(await submitRaw(body(1234)))).toMatchObject({
      http: 400,
      message: "seed parameter is not supported in Gemini API.",
    });
    sim.gemini.seed = true;
    await submit("Seeded", { seed: 1234 });
    await submit("Seeded", { seed: 0 });
    await submit("Seeded", { seed: 4294967295 });
    for (const seed of [-1, 1.5, 4294967296, "42"]) {
      expect(refusal(await submitRaw(body(seed)))).toMatchObject({
        http: 400,
        message: "seed must be an integer from 0 to 4294967295.",
      });
    }
    expect(sim.stats.geminiSubmissions.map((s) => s.parameters.seed)).toEqual([1234, 0, 4294967295]);
  });
});

describe("Gemini fake: prompt markers", () => {
  it("[sim:reject] ends in a safety block: done, no samples, the filtered count and a reason", async () => {
    const name = await submit("A forbidden thing [sim:reject]");
    expect(await poll(name)).toEqual({ name });
    clock += DELAY;
    const blocked = await poll(name);
    expect(blocked).toEqual({
      name,
      done: true,
      response: {
        "@type": RESPONSE_TYPE,
        generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: [expect.any(String)] },
      },
    });
    expect(blocked.response!.generateVideoResponse.raiMediaFilteredReasons![0]).toMatch(/safety/);
    const id = name.split("/").pop()!;
    expect((await call(`/v1beta/files/${id}:download?alt=media`)).status).toBe(404);
  });

  it("[sim:fail] ends in an operation error with google.rpc code 13", async () => {
    const name = await submit("Broken [SIM:FAIL]");
    clock += DELAY;
    expect(await poll(name)).toEqual({
      name,
      done: true,
      error: { code: 13, message: expect.stringMatching(/failed/) },
    });
    const id = name.split("/").pop()!;
    expect((await call(`/v1beta/files/${id}:download?alt=media`)).status).toBe(404);
  });

  it("[sim:slow] takes five times as long; [sim:dead-link] makes a file that is gone at once", async () => {
    const slow = await submit("Slow [sim:slow]");
    const dead = await submit("Dead [sim:dead-link]");
    clock += DELAY;
    expect(await poll(slow)).toEqual({ name: slow });
    const uri = await videoUri(dead);
    expect((await call(uri)).status).toBe(404);
    expect((await fetch(`${sim.baseUrl}/gemini-files/${dead.split("/").pop()!}.mp4`)).status).toBe(404);
    clock += 4 * DELAY;
    expect((await poll(slow)).done).toBe(true);
  });

  it.each([
    [429, "RESOURCE_EXHAUSTED"],
    [500, "INTERNAL"],
    [503, "UNAVAILABLE"],
    [504, "DEADLINE_EXCEEDED"],
  ])("[sim:gemini-%i] answers predictLongRunning with that HTTP error (%s), making nothing", async (code, status) => {
    const res = refusal(await submitRaw({ instances: [{ prompt: `Busy [sim:gemini-${code}]` }] }));
    expect(res).toMatchObject({ http: code, code, status, message: expect.any(String) });
    expect(sim.stats.geminiSubmissions).toEqual([]);
  });

  it("ignores KIE's own markers, so a KIE outage marker leaves Google working", async () => {
    const name = await submit("KIE is down [sim:code-455] [sim:no-hd] [sim:no-4k]");
    clock += DELAY;
    expect((await poll(name)).response!.generateVideoResponse.generatedSamples).toHaveLength(1);
  });

  it("checks the request before the markers", async () => {
    const res = refusal(await submitRaw({ instances: [{ prompt: "[sim:gemini-503]" }], parameters: { seed: 1 } }));
    expect(res).toMatchObject({ http: 400, message: "seed parameter is not supported in Gemini API." });
  });
});

describe("Gemini fake: faults and stats", () => {
  it("answers injected faults in Google's shape, before the key check, in queue order", async () => {
    sim.faults.inject("gemini-submit", { httpStatus: 429 });
    sim.faults.inject("gemini-submit", { httpStatus: 503, msg: "Try later" });
    sim.faults.inject("gemini-submit", { body: "<html>502</html>", httpStatus: 502 });
    const body = { instances: [{ prompt: "Faulty" }] };
    expect(refusal(await submitRaw(body, FAST, null))).toEqual({
      http: 429,
      code: 429,
      status: "RESOURCE_EXHAUSTED",
      message: "Resource has been exhausted (e.g. check quota).",
    });
    expect(refusal(await submitRaw(body))).toEqual({
      http: 503,
      code: 503,
      status: "UNAVAILABLE",
      message: "Try later",
    });
    const raw = await submitRaw(body);
    expect([raw.status, raw.text]).toEqual([502, "<html>502</html>"]);
    await submit("Faulty");
    expect(sim.stats.calls["gemini-submit"]).toBe(4);
  });

  it("faults polls, downloads and the keyless file as well", async () => {
    const name = await submit("Faults everywhere");
    clock += DELAY;
    sim.faults.inject("gemini-operation", { httpStatus: 500 });
    expect(refusal(await call(`/v1beta/${name}`))).toMatchObject({ http: 500, status: "INTERNAL" });
    const uri = await videoUri(name);
    sim.faults.inject("gemini-download", { httpStatus: 503 });
    expect((await call(uri)).status).toBe(503);
    const location = (await call(uri)).headers.get("location")!;
    sim.faults.inject("gemini-file", { httpStatus: 500 });
    expect((await fetch(location)).status).toBe(500);
    expect((await fetch(location)).status).toBe(200);
    sim.faults.inject("gemini-operation", { delayMs: 50 });
    expect(await poll(name)).toMatchObject({ done: true });
  });

  it("reset() clears the Gemini counters and logs", async () => {
    await submit("Counted");
    sim.stats.reset();
    expect(sim.stats.calls["gemini-submit"]).toBe(0);
    expect(sim.stats.geminiSubmissions).toEqual([]);
    expect(sim.stats.geminiKeyedFileFetches).toBe(0);
  });
});

describe("Gemini fake: mounted in a host app", () => {
  const hosted = createKieSimulator({ ...simOptions, publicBaseUrl: "http://localhost:3000/simulator/kie" });
  const host = Fastify({ bodyLimit: 1024 * 1024 });
  beforeAll(async () => {
    await host.register(hosted.plugin, { prefix: "/simulator/kie" });
    await host.ready();
  });
  afterAll(async () => {
    hosted.close();
    await host.close();
  });

  it("takes images larger than the host's body limit and hands out uris under the prefix", async () => {
    // A PNG signature followed by 2 MB: only the first bytes are looked at.
    const big = Buffer.concat([Buffer.from(PNG, "base64"), Buffer.alloc(2 * 1024 * 1024, 1)]).toString("base64");
    const headers = { "x-goog-api-key": KEY };
    const submitted = await host.inject({
      method: "POST",
      url: `/simulator/kie/v1beta/models/${FAST}:predictLongRunning`,
      headers,
      payload: { instances: [{ prompt: "Hosted", image: image("image/png", big) }] },
    });
    expect(submitted.statusCode).toBe(200);
    const { name } = submitted.json<{ name: string }>();
    clock += DELAY;
    const op = (await host.inject({ method: "GET", url: `/simulator/kie/v1beta/${name}`, headers })).json<Operation>();
    const uri = op.response!.generateVideoResponse.generatedSamples![0]!.video.uri;
    expect(uri).toMatch(/^http:\/\/localhost:3000\/simulator\/kie\/v1beta\/files\/[0-9a-f]{24}:download\?alt=media$/);
    const download = await host.inject({ method: "GET", url: new URL(uri).pathname + new URL(uri).search, headers });
    expect(download.statusCode).toBe(302);
    const location = download.headers.location as string;
    expect(location).toMatch(/^http:\/\/localhost:3000\/simulator\/kie\/gemini-files\/[0-9a-f]{24}\.mp4\?until=\d+$/);
    const file = await host.inject({ method: "GET", url: new URL(location).pathname, headers: { range: "bytes=0-9" } });
    expect(file.statusCode).toBe(206);
  });
});
