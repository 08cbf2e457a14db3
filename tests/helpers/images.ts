/**
 * Real images made in the test with sharp, carrying what a phone's photo carries: EXIF with a GPS
 * position and the device's name, an orientation (decision 0090).
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";

export const DEVICE = "Acme PhoneX";

/** Random pixels: they do not compress, so the size follows the dimensions. */
const noise = (width: number, height: number) =>
  sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

const EXIF = {
  IFD0: { Make: "Acme", Model: DEVICE, Software: "PhoneX Camera 1.0" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "21/1 1/1 42/1",
    GPSLongitudeRef: "E",
    GPSLongitude: "105/1 51/1 14/1",
  },
};

/** A JPEG photo with a GPS position, the device's name and an orientation (6: to be turned 90° clockwise). */
export function photoJpeg(opts: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const { width = 40, height = 20, orientation = 6 } = opts;
  return noise(width, height).jpeg({ quality: 90 }).withExif(EXIF).withMetadata({ orientation }).toBuffer();
}

/** A WebP with the same EXIF. */
export function photoWebp(): Promise<Buffer> {
  return noise(24, 24).webp().withExif(EXIF).toBuffer();
}

/** A PNG with the same EXIF and a text comment. */
export function photoPng(): Promise<Buffer> {
  return noise(24, 24).png().withExif(EXIF).toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's header: a valid PNG signature and IHDR declaring width × height pixels,
 * then a few rows of compressed zeros. Decoding it would allocate every declared pixel.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
