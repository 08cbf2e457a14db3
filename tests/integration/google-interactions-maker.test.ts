/**
 * Google's Interactions API adapter (Gemini Omni Flash, decision 0176) against the simulator's fake
 * of it, over real HTTP, on a fake clock: submit, poll, the video inline, refusals, faults, and a
 * retired id answered 404 (the model check of decision 0173 then reads it gone).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GoogleInteractionsMaker } from "../../src/server/integrations/google/interactions-maker.js";
import { GoogleVeoMaker } from "../../src/server/integrations/google/veo-maker.js";
import { VendorError } from "../../src/server/integrations/video/errors.js";
import type { JobImage, VideoJob } from "../../src/server/integrations/video/port.js";
import { checkVendorModel } from "../../src/server/features/vendor-models/model-check.js";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";

const KEY = "interactions-maker-test-key";
const DELAY = 1000;
const OMNI = "gemini-omni-1.1-flash";

let clock = Date.UTC(2026, 10, 29, 9, 0, 0);
const uploadDir = path.join(os.tmpdir(), `interactions-maker-${crypto.randomBytes(4).toString("hex")}`);
let sim: StandaloneKieSimulator;
let png: Buffer;
let webp: Buffer;

const maker = (modelIds: Partial<Record<VideoJob["model"], string>> = { omni_flash: OMNI }, apiKey = KEY) =>
  new GoogleInteractionsMaker({ baseUrl: `${sim.baseUrl}/v1beta`, apiKey, timeoutMs: 5000, modelIds });

const image = (data: Buffer, mime: string): JobImage => ({
  url: "https://uploads.invalid/image",
  read: () => Promise.resolve({ data, mime, name: "image" }),
});

const job = (over: Partial<VideoJob> = {}): VideoJob => ({
  model: "omni_flash",
  mode: "text",
  prompt: "A heron at dawn",
  images: [],
  aspectRatio: "9:16",
  durationSeconds: 6,
  resolution: "360p",
  audio: true,
  ...over,
});

async function vendorError(promise: Promise<unknown>): Promise<VendorError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VendorError);
  return err as VendorError;
}

beforeAll(async () => {
  sim = await startKieSimulator({ uploadDir, apiKey: KEY, delayMs: DELAY, now: () => clock });
  const pixels = sharp({ create: { width: 4, height: 4, channels: 3, background: "#3080c0" } });
  [png, webp] = await Promise.all([pixels.clone().png().toBuffer(), pixels.clone().webp().toBuffer()]);
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.faults.clear();
  sim.stats.reset();
  sim.gemini.retiredModels = [];
  sim.gemini.extraModels = {};
});

describe("GoogleInteractionsMaker", () => {
  it("makes only the models mapped to a gemini- id, and the Veo maker none of those", () => {
    const ids = { omni_flash: OMNI, veo3: "veo-3.1-generate-preview", veo3_fast: OMNI } as const;
    expect([maker(ids).makes("omni_flash"), maker(ids).makes("veo3_fast"), maker(ids).makes("veo3")]).toEqual([
      true,
      true,
      false,
    ]);
    const veo = new GoogleVeoMaker({ baseUrl: "http://127.0.0.1:1", apiKey: KEY, timeoutMs: 1, modelIds: ids });
    expect([veo.makes("omni_flash"), veo.makes("veo3_fast"), veo.makes("veo3")]).toEqual([false, false, true]);
  });

  it("submits a background interaction, polls it, and hands the video over inline", async () => {
    const m = maker();
    const { vendorTaskId } = await m.submit(job());
    expect(vendorTaskId).toMatch(/^v1_[\w-]{16}$/);
    const sent = sim.stats.geminiInteractions.at(-1)!;
    expect(sent).toMatchObject({
      model: OMNI,
      prompt: "A heron at dawn",
      images: [],
      background: true,
      responseFormat: { aspect_ratio: "9:16", duration: 6, resolution: "360p" },
    });
    expect(await m.status(vendorTaskId)).toEqual({ state: "generating" });
    clock += DELAY;
    const done = await m.status(vendorTaskId);
    if (done.state !== "succeeded") throw new Error(`not succeeded: ${JSON.stringify(done)}`);
    expect(done.resultUrls).toEqual([]);
    expect(done.video!.mime).toBe("video/mp4");
    expect(done.video!.data.toString("latin1", 4, 8)).toBe("ftyp");
    expect(done.video!.data.length).toBeGreaterThan(1000);
  });

  it("sends first and last frames as inline image parts, converting what Google does not take", async () => {
    await maker().submit(job({ mode: "image", images: [image(png, "image/png"), image(webp, "image/webp")] }));
    expect(sim.stats.geminiInteractions.at(-1)!.images).toEqual([
      { mimeType: "image/png", bytes: png.length },
      { mimeType: "image/png", bytes: expect.any(Number) },
    ]);
    expect(await vendorError(maker().submit(job({ mode: "image", images: [] })))).toMatchObject({ kind: "rejected" });
  });

  it("reads a safety block as refused and a failed interaction as failed", async () => {
    const m = maker();
    const blocked = await m.submit(job({ prompt: "[sim:reject] a heron" }));
    const failed = await m.submit(job({ prompt: "[sim:fail] a heron" }));
    clock += DELAY;
    expect(await m.status(blocked.vendorTaskId)).toMatchObject({ state: "failed", refused: true });
    expect(await m.status(failed.vendorTaskId)).toMatchObject({ state: "failed", refused: false });
  });

  it("maps Google's errors as the Veo adapter does", async () => {
    const busy = await vendorError(maker().submit(job({ prompt: "[sim:gemini-503] a heron" })));
    expect([busy.kind, busy.tryAnotherVendor]).toEqual(["unavailable", true]);
    sim.faults.inject("gemini-interaction-get", { httpStatus: 429 });
    expect(await vendorError(maker().status("v1_AAAAAAAAAAAAAAAA"))).toMatchObject({
      kind: "rate_limited",
    });
    expect(await vendorError(maker(undefined, "sim-bad-key").submit(job()))).toMatchObject({ kind: "unauthorized" });
    expect(await vendorError(maker().status("v1_AAAAAAAAAAAAAAAA"))).toMatchObject({ kind: "not_found" });
  });

  it("never puts an id that is not one into a path", async () => {
    for (const bad of ["../models/x", "a/b", "..", ""]) {
      expect(await vendorError(maker().status(bad))).toMatchObject({ kind: "not_found" });
    }
    expect(sim.stats.calls["gemini-interaction-get"]).toBe(0);
  });

  it("reads a retired id as model_retired, and the model check as gone", async () => {
    sim.gemini.retiredModels = [OMNI];
    const err = await vendorError(maker().submit(job()));
    expect([err.kind, err.tryAnotherVendor]).toEqual(["model_retired", true]);
    const lookup = { baseUrl: `${sim.baseUrl}/v1beta`, apiKey: KEY, timeoutMs: 5000 };
    expect(await checkVendorModel("google", OMNI, lookup)).toMatchObject({ status: "gone" });
    expect(await checkVendorModel("google", "gemini-omni-flash-preview", lookup)).toMatchObject({ status: "ok" });
  });
});
