/**
 * What linked images may cost the server (issue 66 §3, decision 0134): each link is one of the
 * person's image uploads; images over the pixel cap are refused by their header; a link that
 * cannot be fetched gets one answer whatever its host did; and however many requests arrive, no
 * more than the decode slots' images are decoded at once.
 */
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchLinkedImage } from "../../src/server/features/videos/linked-images.js";
import { decodeSlotStats, resetDecodePeak } from "../../src/server/integrations/media/decode-slots.js";
import { MAX_IMAGE_PIXELS } from "../../src/shared/videos.js";
import { photoJpeg } from "../helpers/images.js";
import { startImageHost, type ImageHost } from "../helpers/image-host.js";
import {
  balanceOf,
  createVideoTestApp,
  uploadImage,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

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

const fetchedOf = (name: string) => host.requests.filter((p) => p.startsWith(`/${name}-`));

describe("linked images count against the person's image uploads", () => {
  it("each link is one upload, counted before any is fetched; our own upload URLs are not counted again", async () => {
    const strict = await createVideoTestApp({ uploadLimits: { perUser: { max: 3, windowMs: 15 * 60_000 } } });
    try {
      const sdb = strict.database.db;
      const u = await userWithCredits(strict.app, sdb, 50_000);
      const uploaded = await uploadImage(strict.app, u.client.sessionCookie, await photoJpeg(), "own.jpg");
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const own = uploaded.json().imageUrl as string;

      // One upload and three links are four images: over the three allowed, and nothing fetched.
      const over = await u.client.post("/api/generate-video", {
        prompt: "four images",
        model: "seedance2",
        mode: "reference",
        imageUrls: [own, ...[0, 1, 2].map((i) => host.url(`counted-${i}.jpg`))],
      });
      expect(over.statusCode, over.body).toBe(429);
      expect(over.json()).toMatchObject({ code: "rate_limited" });
      expect(over.json().message).toContain("images uploaded or linked");
      expect(over.headers["retry-after"]).toBeDefined();
      expect(fetchedOf("counted")).toEqual([]);
      expect((await balanceOf(sdb, u.id)).credits).toBe(50_000);

      // The window is full: an upload is refused too, while the person's own upload still serves.
      expect((await uploadImage(strict.app, u.client.sessionCookie, await photoJpeg(), "more.jpg")).statusCode).toBe(
        429,
      );
      const again = await u.client.post("/api/generate-video", {
        prompt: "my own upload",
        model: "seedance2",
        mode: "reference",
        imageUrls: [own],
      });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await strict.close();
    }
  });
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

describe("a link that cannot be fetched", () => {
  /** A port nothing listens on: the connection is refused. */
  async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it("gets the same answer whether its host refused, stayed silent, or answered 404 or 500", async () => {
    host.answer("silent.jpg", { hang: true });
    host.answer("error.jpg", { status: 500, body: "internal error" });
    const urls = [
      `http://127.0.0.1:${await closedPort()}/refused.jpg`,
      host.url("silent.jpg"),
      host.url("absent.gif"),
      host.url("error.jpg"),
    ];
    const answers = await Promise.all(
      urls.map(async (url) => {
        const err = await fetchLinkedImage(url, { allowLocal: true, timeoutMs: 500 }).catch((e: unknown) => e);
        const { status, code, extra, message } = err as {
          status: number;
          code: string;
          extra: object;
          message: string;
        };
        return { status, code, extra, message: message.replace(url, "<link>") };
      }),
    );
    expect(answers[0]).toMatchObject({ status: 400, code: "invalid_input", extra: { reason: "image_unreachable" } });
    expect(answers[0]!.message).toContain("could not be fetched");
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.message).not.toMatch(/HTTP|refused|time|500|404/i);
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
