/** Google's Veo adapter (the Gemini API) against the simulator's fake of it, over real HTTP, on a fake clock. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GoogleVeoMaker, type GoogleVeoMakerOptions } from "../../src/server/integrations/google/veo-maker.js";
import { VendorError } from "../../src/server/integrations/video/errors.js";
import type { JobImage, VideoJob, VideoMaker } from "../../src/server/integrations/video/port.js";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";

const KEY = "gemini-maker-test-key";
const DELAY = 1000;
const FAST = "veo-3.1-fast-generate-preview";
const UNKNOWN_OPERATION = `models/${FAST}/operations/0123456789abcdef01234567`;

let clock = Date.UTC(2026, 10, 25, 9, 0, 0);
const uploadDir = path.join(os.tmpdir(), `gemini-maker-${crypto.randomBytes(4).toString("hex")}`);
let sim: StandaloneKieSimulator;
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;

const maker = (opts: Partial<GoogleVeoMakerOptions> = {}) =>
  new GoogleVeoMaker({ baseUrl: `${sim.baseUrl}/v1beta`, apiKey: KEY, timeoutMs: 5000, ...opts });

/** An image as the lifecycle hands it over; `undefined` data stands for one whose bytes are gone. */
const image = (data: Buffer | undefined, mime: string): JobImage => ({
  url: "https://uploads.invalid/image",
  read: () => Promise.resolve(data && { data, mime, name: "image" }),
});

const job = (over: Partial<VideoJob> = {}): VideoJob => ({
  model: "veo3_fast",
  mode: "text",
  prompt: "A heron at dawn",
  images: [],
  aspectRatio: "16:9",
  durationSeconds: 8,
  resolution: "720p",
  audio: true,
  seed: 12345,
  ...over,
});

/** The VendorError a call rejects with (fails the test if it resolves or throws something else). */
async function vendorError(promise: Promise<unknown>): Promise<VendorError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VendorError);
  return err as VendorError;
}

const lastSubmission = () => sim.stats.geminiSubmissions.at(-1)!;

beforeAll(async () => {
  sim = await startKieSimulator({ uploadDir, apiKey: KEY, delayMs: DELAY, now: () => clock });
  const pixels = sharp({ create: { width: 4, height: 4, channels: 3, background: "#3080c0" } });
  [png, jpeg, webp] = await Promise.all([
    pixels.clone().png().toBuffer(),
    pixels.clone().jpeg().toBuffer(),
    pixels.clone().webp().toBuffer(),
  ]);
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.faults.clear();
  sim.stats.reset();
});
afterEach(() => {
  sim.gemini.imageEncodings = ["bytesBase64Encoded", "inlineData"];
  sim.gemini.seed = false;
});

describe("GoogleVeoMaker: models", () => {
  it("makes our three Veo models under Google's preview ids", () => {
    const google: VideoMaker = maker();
    expect([google.vendor, google.surface]).toEqual(["google", "gemini"]);
    expect(google.vendorModel({ model: "veo3", mode: "text" })).toBe("veo-3.1-generate-preview");
    expect(google.vendorModel({ model: "veo3_fast", mode: "image" })).toBe(FAST);
    expect(google.vendorModel({ model: "veo3_lite", mode: "reference" })).toBe("veo-3.1-lite-generate-preview");
    expect(google.makes("veo3_lite")).toBe(true);
    expect(google.makes("sora2" as never)).toBe(false);
    expect(["hd1080", "uhd4k", "extend"].filter((method) => method in google)).toEqual([]);
  });
});

describe("GoogleVeoMaker: submit", () => {
  it("sends a text job with allow_all, 8 s 720p, one sample and no seed", async () => {
    const { vendorTaskId } = await maker().submit(job({ model: "veo3", aspectRatio: "9:16" }));
    expect(vendorTaskId).toMatch(/^models\/veo-3\.1-generate-preview\/operations\/[0-9a-f]{24}$/);
    expect(sim.stats.geminiSubmissions).toEqual([
      {
        operation: vendorTaskId,
        model: "veo-3.1-generate-preview",
        mode: "text",
        prompt: "A heron at dawn",
        images: [],
        parameters: {
          aspectRatio: "9:16",
          resolution: "720p",
          durationSeconds: 8,
          personGeneration: "allow_all",
          sampleCount: 1,
        },
      },
    ]);
  });

  it("sends two images as the first and last frame, inline, with allow_adult", async () => {
    await maker().submit(job({ mode: "image", images: [image(png, "image/png"), image(jpeg, "image/jpeg")] }));
    expect(lastSubmission()).toMatchObject({
      mode: "interpolation",
      images: [
        { field: "instances[0].image", encoding: "inlineData", mimeType: "image/png", bytes: png.length },
        { field: "instances[0].lastFrame", encoding: "inlineData", mimeType: "image/jpeg", bytes: jpeg.length },
      ],
      parameters: { personGeneration: "allow_adult" },
    });
    await maker().submit(job({ mode: "image", images: [image(jpeg, "image/jpeg")] }));
    expect(lastSubmission()).toMatchObject({ mode: "image", images: [{ field: "instances[0].image" }] });
  });

  it("sends reference images as assets with allow_adult", async () => {
    const images = [image(png, "image/png"), image(jpeg, "image/jpeg"), image(png, "image/png")];
    await maker().submit(job({ model: "veo3_lite", mode: "reference", images }));
    expect(lastSubmission()).toMatchObject({
      model: "veo-3.1-lite-generate-preview",
      mode: "reference",
      images: [0, 1, 2].map((i) => ({ field: `instances[0].referenceImages[${i}].image` })),
      parameters: { personGeneration: "allow_adult", durationSeconds: 8 },
    });
  });

  it("converts a WebP image to PNG (the fake takes PNG and JPEG only)", async () => {
    await maker().submit(job({ mode: "image", images: [image(webp, "image/webp")] }));
    const sent = lastSubmission().images[0]!;
    expect(sent.mimeType).toBe("image/png");
    expect(sent.bytes).not.toBe(webp.length);
  });

  it("refuses a job whose image cannot be read, without calling Google", async () => {
    const err = await vendorError(maker().submit(job({ mode: "image", images: [image(undefined, "image/png")] })));
    expect(err.kind).toBe("rejected");
    expect(err.message).toMatch(/could not be read/);
    expect(sim.stats.calls["gemini-submit"]).toBe(0);
  });

  it("sends the seed only when asked to", async () => {
    sim.gemini.seed = true;
    await maker({ sendSeed: true }).submit(job({ seed: 4242 }));
    expect(lastSubmission().parameters).toMatchObject({ seed: 4242 });
    await maker().submit(job({ seed: 4242 }));
    expect(lastSubmission().parameters).not.toHaveProperty("seed");
  });
});

describe("GoogleVeoMaker: the image encoding Google refuses", () => {
  const imageJob = () => job({ mode: "image", images: [image(png, "image/png")] });

  it("falls back to bytesBase64Encoded once, then keeps it", async () => {
    sim.gemini.imageEncodings = ["bytesBase64Encoded"];
    const google = maker();
    await google.submit(imageJob());
    expect(sim.stats.calls["gemini-submit"]).toBe(2);
    expect(lastSubmission().images[0]!.encoding).toBe("bytesBase64Encoded");
    await google.submit(imageJob());
    expect(sim.stats.calls["gemini-submit"]).toBe(3);
    expect(sim.stats.geminiSubmissions.map((s) => s.images[0]!.encoding)).toEqual([
      "bytesBase64Encoded",
      "bytesBase64Encoded",
    ]);
  });

  it("goes back to inlineData when Google refuses bytesBase64Encoded", async () => {
    sim.gemini.imageEncodings = ["bytesBase64Encoded"];
    const google = maker();
    await google.submit(imageJob());
    sim.gemini.imageEncodings = ["inlineData"];
    sim.stats.reset();
    await google.submit(imageJob());
    expect(sim.stats.calls["gemini-submit"]).toBe(2);
    expect(lastSubmission().images[0]!.encoding).toBe("inlineData");
    await google.submit(imageJob());
    expect(sim.stats.calls["gemini-submit"]).toBe(3);
  });

  it("retries only once: another refusal is the request's", async () => {
    sim.gemini.imageEncodings = ["bytesBase64Encoded"];
    const err = await vendorError(maker().submit(job({ mode: "image", images: [image(png, "image/jpeg")] })));
    expect(err.kind).toBe("rejected");
    expect(err.tryAnotherVendor).toBe(false);
    expect(sim.stats.calls["gemini-submit"]).toBe(2);
  });
});

describe("GoogleVeoMaker: status", () => {
  it("is generating, then succeeds with a keyless URL that downloads the MP4", async () => {
    const google = maker();
    const { vendorTaskId } = await google.submit(job());
    expect(await google.status(vendorTaskId)).toEqual({ state: "generating" });
    expect(sim.stats.calls["gemini-download"]).toBe(0);

    clock += DELAY;
    const done = await google.status(vendorTaskId);
    expect(done).toEqual({
      state: "succeeded",
      resultUrls: [expect.stringMatching(/\/gemini-files\/[0-9a-f]{24}\.mp4\?until=\d+$/)],
    });
    const url = (done as { resultUrls: string[] }).resultUrls[0]!;
    expect(url).not.toContain(KEY);
    expect(sim.stats.calls["gemini-download"]).toBe(1);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(sim.stats.geminiKeyedFileFetches).toBe(0);
  });

  it("reports a safety block as a refusal", async () => {
    const google = maker();
    const { vendorTaskId } = await google.submit(job({ prompt: "Something [sim:reject]" }));
    clock += DELAY;
    expect(await google.status(vendorTaskId)).toEqual({
      state: "failed",
      message: expect.stringMatching(/may violate our safety policies/),
      refused: true,
    });
  });

  it("reports a failed operation as a failure that is not a refusal", async () => {
    const google = maker();
    const { vendorTaskId } = await google.submit(job({ prompt: "Something [sim:fail]" }));
    clock += DELAY;
    expect(await google.status(vendorTaskId)).toEqual({
      state: "failed",
      message: "Video generation failed due to an internal error (simulated).",
      code: 13,
      refused: false,
    });
  });

  it("answers not_found for an unknown operation, or a name that is not one", async () => {
    expect((await vendorError(maker().status(UNKNOWN_OPERATION))).kind).toBe("not_found");
    // Resolved as a URL, this name would be models.get (an answer without `done`: "generating").
    expect((await vendorError(maker().status(`models/${FAST}/operations/../../${FAST}`))).kind).toBe("not_found");
    expect(sim.stats.calls["gemini-operation"]).toBe(1);
    expect(sim.stats.calls["gemini-model"]).toBe(0);
  });

  it("answers not_found once the file has expired", async () => {
    const google = maker();
    const { vendorTaskId } = await google.submit(job({ prompt: "Gone [sim:dead-link]" }));
    clock += DELAY;
    expect((await vendorError(google.status(vendorTaskId))).kind).toBe("not_found");
  });

  it("fails when Google serves the video instead of redirecting", async () => {
    const google = maker();
    const { vendorTaskId } = await google.submit(job());
    clock += DELAY;
    sim.faults.inject("gemini-download", { httpStatus: 200, body: "not a redirect" });
    const err = await vendorError(google.status(vendorTaskId));
    expect(err.kind).toBe("failed");
    expect(err.message).toMatch(/instead of redirecting/);
  });

  it("does not send the key to a video URI on another host", async () => {
    const uri = "http://127.0.0.2:9/v1beta/files/x:download?alt=media";
    sim.faults.inject("gemini-operation", {
      body: {
        name: UNKNOWN_OPERATION,
        done: true,
        response: { generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
      },
    });
    const err = await vendorError(maker().status(UNKNOWN_OPERATION));
    expect(err.kind).toBe("failed");
    expect(err.message).toMatch(/not on its API host/);
  });
  it("sends the key to another origin only when told it may (the app's simulator: public and loopback URLs)", async () => {
    // The fake names its files under 127.0.0.1; this maker calls it as localhost.
    const baseUrl = `${sim.baseUrl.replace("127.0.0.1", "localhost")}/v1beta`;
    const { vendorTaskId } = await maker({ baseUrl }).submit(job());
    clock += DELAY;
    expect((await vendorError(maker({ baseUrl }).status(vendorTaskId))).message).toMatch(/not on its API host/);
    expect(sim.stats.calls["gemini-download"]).toBe(0);
    expect(await maker({ baseUrl, keyOrigins: [sim.baseUrl] }).status(vendorTaskId)).toMatchObject({
      state: "succeeded",
    });
    expect(sim.stats.calls["gemini-download"]).toBe(1);
  });
});

describe("GoogleVeoMaker: errors", () => {
  it("is unavailable on a 503, and another vendor may take the video", async () => {
    const err = await vendorError(maker().submit(job({ prompt: "Busy [sim:gemini-503]" })));
    expect([err.kind, err.code, err.certainlyNotTaken, err.tryAnotherVendor]).toEqual(["unavailable", 503, true, true]);
    sim.faults.inject("gemini-submit", { httpStatus: 500 });
    expect((await vendorError(maker().submit(job()))).kind).toBe("unavailable");
  });

  it("is unavailable on a timeout, but never sent elsewhere", async () => {
    sim.faults.inject("gemini-submit", { delayMs: 400 });
    const err = await vendorError(maker({ timeoutMs: 100 }).submit(job()));
    expect([err.kind, err.certainlyNotTaken, err.tryAnotherVendor]).toEqual(["unavailable", false, false]);
  });

  it("is unauthorized with a wrong key or a suspended account", async () => {
    const err = await vendorError(maker({ apiKey: "wrong" }).submit(job()));
    expect([err.kind, err.tryAnotherKey]).toEqual(["unauthorized", true]);
    expect(err.message).not.toContain("wrong");
    expect((await vendorError(maker({ apiKey: "wrong" }).status(UNKNOWN_OPERATION))).kind).toBe("unauthorized");
    sim.faults.inject("gemini-submit", { httpStatus: 403 });
    expect((await vendorError(maker().submit(job()))).kind).toBe("unauthorized");
  });

  it("is model_retired when Google no longer knows the model", async () => {
    sim.faults.inject("gemini-submit", {
      httpStatus: 404,
      msg: `models/${FAST} is not found for API version v1beta, or is not supported for predictLongRunning.`,
    });
    const err = await vendorError(maker().submit(job()));
    expect([err.kind, err.tryAnotherVendor]).toEqual(["model_retired", true]);
    // The words of the notice about the retired preview ids (video-vendors-2026.md, addendum 1).
    sim.faults.inject("gemini-submit", { httpStatus: 404, msg: `models/${FAST} is no longer available` });
    expect((await vendorError(maker().submit(job()))).kind).toBe("model_retired");
  });

  it("reads billing, quota and validation refusals", async () => {
    sim.faults.inject("gemini-submit", { httpStatus: 429 });
    expect((await vendorError(maker().submit(job()))).kind).toBe("rate_limited");
    sim.faults.inject("gemini-submit", {
      httpStatus: 400,
      body: { error: { code: 400, message: "Billing is not enabled.", status: "FAILED_PRECONDITION" } },
    });
    expect((await vendorError(maker().submit(job()))).kind).toBe("insufficient_credits");
    sim.faults.inject("gemini-submit", { httpStatus: 402, msg: "Prepay depleted" });
    expect((await vendorError(maker().submit(job()))).kind).toBe("insufficient_credits");
    const err = await vendorError(maker().submit(job({ prompt: " " })));
    expect([err.kind, err.message, err.tryAnotherVendor]).toEqual(["rejected", "prompt is required.", false]);
  });
});
