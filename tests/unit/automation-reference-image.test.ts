import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, parseImageInput } from "../../src/server/features/automation/reference-image.js";
import { AppError } from "../../src/server/http/errors.js";
import { MAX_IMAGE_BYTES } from "../../src/shared/videos.js";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

function rejection(value: string): { status: number; message: string } {
  try {
    parseImageInput(value);
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error(`accepted ${value.slice(0, 40)}`);
}

describe("parseImageInput", () => {
  it("passes http(s) URLs through as given", () => {
    expect(parseImageInput(" https://img.example/a.png?x=1 ")).toEqual({
      kind: "url",
      url: "https://img.example/a.png?x=1",
    });
    expect(parseImageInput("HTTP://img.example/a.jpg")).toEqual({ kind: "url", url: "HTTP://img.example/a.jpg" });
  });

  it("decodes plain, URL-safe, unpadded, line-wrapped and data: URL base64 and reads the type from the bytes", () => {
    const png = parseImageInput(PNG.toString("base64"));
    expect(png).toMatchObject({ kind: "base64", type: { ext: "png" } });
    expect(png.kind === "base64" && png.data.equals(PNG)).toBe(true);
    const bytes = Buffer.concat([JPG, Buffer.from([0xfb, 0xff, 0xfe])]);
    for (const encoded of [
      bytes.toString("base64url"),
      bytes.toString("base64").replace(/=+$/, ""),
      bytes.toString("base64").replace(/(.{4})/g, "$1\r\n"),
      `data:image/jpeg;base64,${bytes.toString("base64")}`,
      `DATA:image/png;charset=x;BASE64,${bytes.toString("base64")}`,
    ]) {
      const parsed = parseImageInput(encoded);
      expect(parsed.kind === "base64" && parsed.data.equals(bytes) && parsed.type.ext).toBe("jpg");
    }
  });

  it.each([
    ["file:///etc/passwd", IMAGE_MESSAGES.otherScheme],
    ["ftp://x/a.png", IMAGE_MESSAGES.otherScheme],
    ["https://", IMAGE_MESSAGES.badUrl],
    ["data:image/png,abc", IMAGE_MESSAGES.dataNotBase64],
    ["data:image/png;base64", IMAGE_MESSAGES.dataNotBase64],
    ["abc$def", IMAGE_MESSAGES.badBase64],
    ["abcde", IMAGE_MESSAGES.badBase64],
    ["ab+c-d__", IMAGE_MESSAGES.badBase64],
    ["abc=", IMAGE_MESSAGES.notImage],
    ["ab=", IMAGE_MESSAGES.badBase64],
    [Buffer.from("GIF89a....").toString("base64"), IMAGE_MESSAGES.notImage],
    [Buffer.from("RIFF\0\0\0\0WEBPVP8 ").toString("base64"), IMAGE_MESSAGES.notImage],
  ])("400 for %s", (value, message) => {
    expect(rejection(value)).toEqual({ status: 400, message });
  });

  it("refuses more than MAX_IMAGE_BYTES before decoding, and takes exactly the limit", () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]);
    expect(parseImageInput(exact.toString("base64")).kind).toBe("base64");
    expect(rejection(Buffer.concat([exact, Buffer.alloc(1)]).toString("base64"))).toEqual({
      status: 400,
      message: IMAGE_MESSAGES.tooLarge,
    });
  });

  it("calls a string base64 exactly when it is one alphabet's characters, then at most two '='", () => {
    const written = (text: string) => /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/.test(text);
    const alphabet = fc.constantFrom(..."AZaz09+/-_=$ .".split(""));
    const letters = fc
      .array(fc.constantFrom(..."AZaz09+/-_".split("")), { maxLength: 12 })
      .map((chars) => chars.join(""));
    const anyMix = fc.array(alphabet, { maxLength: 12 }).map((chars) => chars.join(""));
    // Letters then 0-4 '=': the padding rules, which a mix of everything seldom reaches.
    const padded = fc.tuple(letters, fc.integer({ min: 0, max: 4 })).map(([body, pads]) => body + "=".repeat(pads));
    fc.assert(
      fc.property(fc.oneof(anyMix, padded), (text) => {
        const compact = text.replace(/\s+/g, "");
        const verdict = rejection(text).message !== IMAGE_MESSAGES.badBase64;
        const unpadded = compact.replace(/=+$/, "");
        const lengthOk = unpadded.length % 4 !== 1 && (compact === unpadded || compact.length % 4 === 0);
        expect(verdict).toBe(written(compact) && lengthOk);
      }),
      { numRuns: 2000 },
    );
  });
});
