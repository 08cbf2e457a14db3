/**
 * Reference images are checked by their bytes and stored without metadata (decision 0090): a JPEG
 * named .png is kept as a JPEG under .jpg, its GPS position and device name gone; what is not a
 * readable JPG, PNG or WebP is refused with a sentence saying so; a decompression bomb is refused
 * before it is decoded. Nothing refused is stored.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../src/server/db/schema.js";
import { IMAGE_REFUSALS } from "../../src/server/features/videos/image-refusal.js";
import { MAX_IMAGE_PIXELS } from "../../src/shared/videos.js";
import { DEVICE, photoJpeg, photoWebp, pngDeclaring } from "../helpers/images.js";
import {
  createVideoTestApp,
  startSimulator,
  uploadImage,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

const dataDir = path.join(os.tmpdir(), `veo-ref-images-${crypto.randomBytes(4).toString("hex")}`);
const uploadsDir = path.join(dataDir, "uploads");
const filesOnDisk = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : []);

let sim: StartedSimulator;
let t: VideoTestApp;

beforeAll(async () => {
  sim = await startSimulator();
  t = await createVideoTestApp({ sim, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.database.db;

async function signedIn() {
  return (await userWithCredits(t.app, db(), 0)).client.sessionCookie;
}

describe("an uploaded image is stored as what its bytes are, without metadata", () => {
  it("a JPEG photo named .png with GPS EXIF is stored as a .jpg JPEG, upright, with no EXIF left", async () => {
    const photo = await photoJpeg({ width: 40, height: 20, orientation: 6 });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await uploadImage(t.app, await signedIn(), photo, "holiday.png");
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ imageUrl: string }>().imageUrl;
    expect(url).toMatch(/\/uploads\/[a-f0-9]{32}\.jpg$/);

    const served = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from(DEVICE))).toBe(false);
    // The row counts the bytes kept, not the bytes sent.
    const [row] = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.name, url.split("/").pop()!));
    expect(row?.bytes).toBe(served.rawPayload.length);
  });

  it("a WebP named .jpg is stored as a .webp", async () => {
    const res = await uploadImage(t.app, await signedIn(), await photoWebp(), "photo.jpg");
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ imageUrl: string }>().imageUrl;
    expect(url).toMatch(/\.webp$/);
    const served = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });
});

describe("what is not a readable image is refused, and nothing is stored", () => {
  it.each<[string, () => Promise<Buffer> | Buffer, string]>([
    ["a text file named .jpg", () => Buffer.from("just some notes, not a photo\n"), "notes.jpg"],
    [
      "a JPEG header over random bytes",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2048)]),
      "x.jpg",
    ],
    ["half a JPEG", async () => (await photoJpeg()).subarray(0, 200), "half.jpg"],
    [
      "an SVG named .png",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>'),
      "vector.png",
    ],
    [
      "a GIF",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#0f0" } })
          .gif()
          .toBuffer(),
      "a.gif",
    ],
  ])("415 for %s, with a sentence saying so", async (_label, make, filename) => {
    const cookie = await signedIn();
    const before = filesOnDisk();
    const res = await uploadImage(t.app, cookie, await make(), filename);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: IMAGE_REFUSALS.notImage,
      code: "unsupported_media_type",
      reason: "image_type",
    });
    expect(filesOnDisk()).toEqual(before);
  });

  it("413 for an image of too many pixels (a decompression bomb), refused before it is decoded", async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const before = filesOnDisk();
    const res = await uploadImage(t.app, await signedIn(), pngDeclaring(side, side), "bomb.png");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: IMAGE_REFUSALS.tooManyPixels,
      code: "payload_too_large",
      reason: "image_pixels",
      params: { megapixels: MAX_IMAGE_PIXELS / 1_000_000 },
    });
    expect(filesOnDisk()).toEqual(before);
  });
});
