/**
 * Reference images by their bytes (decision 0090): what sharp decodes is the type, whatever the
 * name; metadata never survives; hostile files are refused, never half-accepted.
 */
import crypto from "node:crypto";
import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cleanImage, ImageRefused, type ImageProblem } from "../../src/server/integrations/media/image-check.js";
import { MAX_IMAGE_PIXELS } from "../../src/shared/videos.js";
import { photoJpeg, photoPng, photoWebp, pngDeclaring } from "../helpers/images.js";

async function problemOf(
  input: Buffer,
  allowed?: Parameters<typeof cleanImage>[1],
): Promise<ImageProblem | "accepted"> {
  try {
    await cleanImage(input, allowed);
    return "accepted";
  } catch (err) {
    if (err instanceof ImageRefused) return err.problem;
    throw err;
  }
}

/** Nothing but pixels: no EXIF, XMP, ICC, IPTC, comments. */
async function expectNoMetadata(data: Buffer) {
  const meta = await sharp(data).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.comments).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(data.includes(Buffer.from("PhoneX"))).toBe(false);
}

describe("cleanImage", () => {
  it("re-encodes a photo upright, in its own format, without EXIF, GPS or the device's name", async () => {
    const photo = await photoJpeg({ width: 40, height: 20, orientation: 6 });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from("PhoneX"))).toBe(true);
    const clean = await cleanImage(photo);
    expect(clean.type).toEqual({ ext: "jpg", mime: "image/jpeg" });
    // Orientation 6 is a quarter turn: the pixels are turned, then the tag goes.
    expect([clean.width, clean.height]).toEqual([20, 40]);
    const meta = await sharp(clean.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 20, 40]);
    await expectNoMetadata(clean.data);
  });

  it.each([
    ["PNG", photoPng, { ext: "png", mime: "image/png" }],
    ["WebP", photoWebp, { ext: "webp", mime: "image/webp" }],
  ])("keeps a %s a %s, without its metadata", async (_label, make, type) => {
    const clean = await cleanImage(await make());
    expect(clean.type).toEqual(type);
    await expectNoMetadata(clean.data);
  });

  it("drops bytes hidden after the image (a polyglot file)", async () => {
    const photo = await photoJpeg();
    const payload = Buffer.from("PK\u0003\u0004 a zip archive hiding here PhoneX");
    const clean = await cleanImage(Buffer.concat([photo, payload]));
    expect(clean.data.includes(Buffer.from("zip archive"))).toBe(false);
    await expectNoMetadata(clean.data);
  });

  it("refuses a decompression bomb by its header, before decoding its pixels", async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const bomb = pngDeclaring(side, side);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await problemOf(bomb)).toBe("too_many_pixels");
    // At the limit is fine as far as pixels go (this one then fails on its missing rows).
    expect(await problemOf(pngDeclaring(MAX_IMAGE_PIXELS / 1000, 1000))).toBe("not_image");
  });

  it("refuses what only looks like an allowed image, and allowed formats the caller does not take", async () => {
    const webp = await photoWebp();
    expect(await problemOf(webp, ["jpeg", "png"])).toBe("not_image");
    expect(await problemOf(webp, ["webp"])).toBe("accepted");
  });

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
  it.each<[string, () => Promise<Buffer> | Buffer]>([
    ["nothing", () => Buffer.alloc(0)],
    ["text named like a picture", () => Buffer.from("hello, this is not a picture at all")],
    ["random bytes", () => crypto.randomBytes(4096)],
    [
      "a JPEG's first bytes over random bytes",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(512)]),
    ],
    [
      "a PNG signature over random bytes",
      () => Buffer.concat([pngDeclaring(1, 1).subarray(0, 8), crypto.randomBytes(512)]),
    ],
    [
      "a RIFF/WEBP header over random bytes",
      () => Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), crypto.randomBytes(64)]),
    ],
    ["half a JPEG", async () => (await photoJpeg()).subarray(0, 300)],
    ["an SVG with a script", () => svg],
    [
      "a GIF",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } })
          .gif()
          .toBuffer(),
    ],
    [
      "a TIFF",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } })
          .tiff()
          .toBuffer(),
    ],
    ["a PDF", () => Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")],
    ["a zero-size PNG header", () => pngDeclaring(0, 0)],
  ])("refuses %s as not an image", async (_label, make) => {
    expect(await problemOf(await make())).toBe("not_image");
  });

  it("never accepts a damaged image with metadata left, whatever bytes are changed", async () => {
    const photo = await photoJpeg({ width: 32, height: 32 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: photo.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (changes) => {
          const damaged = Buffer.from(photo);
          for (const [at, value] of changes) damaged[at] = value;
          try {
            const clean = await cleanImage(damaged);
            const meta = await sharp(clean.data).metadata();
            expect(meta.format).toBe("jpeg");
            expect(meta.exif).toBeUndefined();
            expect(clean.data.includes(Buffer.from("PhoneX"))).toBe(false);
          } catch (err) {
            expect(err).toBeInstanceOf(ImageRefused);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
