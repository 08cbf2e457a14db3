/**
 * What linked images may cost the server (issue 66 §3, decision 0134): images over the pixel cap
 * are refused by their header, and however many requests arrive, no more than the decode slots'
 * images are decoded at once.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeSlotStats, resetDecodePeak } from "../../src/server/integrations/media/decode-slots.js";
import { MAX_IMAGE_PIXELS } from "../../src/shared/videos.js";
import { photoJpeg } from "../helpers/images.js";
import { startImageHost, type ImageHost } from "../helpers/image-host.js";
import { balanceOf, createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let host: ImageHost;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
  host = await startImageHost();
});
afterAll(async () => {
  await t?.close();
  await host?.close();
});

describe("an image over the pixel cap", () => {
  it("is refused by its header with 413 image_pixels, in words the web renders in both languages", async () => {
    const u = await userWithCredits(t.app, db(), 50_000);
    // 6000×5000, 30 megapixels: a real JPEG that decodes (one colour, so it is small).
    const big = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#3a6" } })
      .jpeg()
      .toBuffer();
    host.answer("thirty-mp.jpg", { body: big, headers: { "content-type": "image/jpeg" } });
    const res = await u.client.post("/api/generate-video", {
      prompt: "too many pixels",
      model: "veo3_fast",
      imageUrls: [host.url("thirty-mp.jpg")],
    });
    expect(res.statusCode, res.body).toBe(413);
    // The reason and its value are what the web words in English and Vietnamese (error-text.ts).
    expect(res.json()).toMatchObject({ code: "payload_too_large", reason: "image_pixels", params: { megapixels: 25 } });
    expect(res.json().message).toContain("at most 25 megapixels");
    expect(MAX_IMAGE_PIXELS).toBe(25_000_000);
    expect((await balanceOf(db(), u.id)).credits).toBe(50_000);
  });
});

describe("decoding, for the whole process", () => {
  it("many requests with links at once never decode more images at a time than the slots", async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => userWithCredits(t.app, db(), 50_000)));
    for (let i = 0; i < 8; i++)
      host.answer(`parallel-${i}.jpg`, { body: await photoJpeg({ width: 800, height: 600 }) });
    resetDecodePeak();
    const answers = await Promise.all(
      people.map((u, n) =>
        u.client.post("/api/generate-video", {
          prompt: `in parallel ${n}`,
          model: "seedance2",
          mode: "reference",
          imageUrls: [host.url(`parallel-${2 * n}.jpg`), host.url(`parallel-${2 * n + 1}.jpg`)],
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const stats = decodeSlotStats();
    expect(stats.peak).toBeGreaterThanOrEqual(1);
    expect(stats.peak).toBeLessThanOrEqual(stats.slots);
    expect(stats.slots).toBeLessThanOrEqual(2);
    expect([stats.running, stats.waiting]).toEqual([0, 0]);
  });
});
