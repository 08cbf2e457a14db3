/**
 * The sentences a person reads when a reference image is refused (decision 0134), in both
 * languages: the pixel cap with its value from the shared constant, and one sentence for a link
 * that could not be fetched, whatever its host did.
 */
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_PIXELS } from "../../src/shared/videos";
import { apiErrorText } from "@/lib/error-text";
import { useLocale } from "./render";

const pixels = () =>
  apiErrorText({ reason: "image_pixels", params: { megapixels: MAX_IMAGE_PIXELS / 1_000_000 }, serverMessage: "" });
const unreachable = () => apiErrorText({ reason: "image_unreachable", params: {}, serverMessage: "" });

describe("a refused reference image", () => {
  it("says the pixel cap, 25 megapixels, in English", async () => {
    await useLocale("en");
    expect(pixels()).toBe(
      "This image has too many pixels: at most 25 megapixels can be used. Please choose a smaller image.",
    );
    expect(unreachable()).not.toMatch(/HTTP|refused|time/i);
  });

  it("says it in Vietnamese too", async () => {
    await useLocale("en");
    const english = [pixels(), unreachable()];
    await useLocale("vi");
    expect(pixels()).toContain("25 megapixel");
    expect(pixels()).not.toBe(english[0]);
    expect(unreachable()).not.toBe(english[1]);
  });
});
