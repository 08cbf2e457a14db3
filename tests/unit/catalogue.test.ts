/**
 * The catalogue describes models by what they can do (decision 0095). Today's three Veo models must
 * answer exactly as they did before the descriptions: these are the answers written out by hand.
 */
import { describe, expect, it } from "vitest";
import {
  combinationProblem,
  MODE_CATALOGUE,
  MODEL_CATALOGUE,
  MODELS,
  MODES,
  modelsFor,
  modesFor,
  optionsFor,
  optionsProblem,
  PRICE_ITEMS,
  priceItemLabel,
} from "../../src/shared/catalogue.js";
import { apiCost, resolvePrices, webCost } from "../../src/shared/prices.js";

const VEO = ["veo3", "veo3_fast", "veo3_lite"] as const;
import { KIE_EXTEND_MODELS, KIE_GENERATION_TYPES } from "../../src/server/integrations/kie/veo-words.js";

describe("the Veo models, described", () => {
  it("make the modes they made before", () => {
    expect(modesFor("veo3")).toEqual(["text", "image"]);
    expect(modesFor("veo3_fast")).toEqual(["text", "image", "reference"]);
    expect(modesFor("veo3_lite")).toEqual(["text", "image", "reference"]);
    expect(modelsFor("reference")).toEqual(["veo3_fast", "veo3_lite", "seedance2"]);
    expect(modelsFor("text")).toEqual(MODELS.filter((m) => m !== "hailuo23_pro"));
  });

  it("accept and refuse every model, mode and image count as before", () => {
    const images: Record<string, [number, number]> = { text: [0, 0], image: [1, 2], reference: [1, 3] };
    for (const model of VEO)
      for (const mode of MODES)
        for (let count = 0; count <= 4; count++) {
          const problem = combinationProblem({ model, mode, imageCount: count });
          const [min, max] = images[mode]!;
          if (model === "veo3" && mode === "reference")
            expect(problem).toEqual({
              field: "model",
              message: "Reference mode works with Veo3 Fast, Veo3 Lite or Seedance 2, not Veo3 (Quality)",
            });
          else if (count < min || count > max) expect(problem?.field).toBe("imageUrls");
          else expect(problem).toBeUndefined();
        }
  });

  it("are 8-second 720p videos with sound, 16:9 or 9:16, with a seed, a 1080p file, 4K and extensions", () => {
    for (const model of VEO) {
      const m = MODEL_CATALOGUE[model];
      expect(m).toMatchObject({
        durations: { options: [8], default: 8, chosen: false },
        resolutions: { options: ["720p"], default: "720p" },
        aspectRatios: { options: ["16:9", "9:16"], default: "16:9", chosen: true },
        audio: "always",
        seed: { min: 10_000, max: 99_999 },
        negativePrompt: false,
        upgrades: { hd1080: true, uhd4k: true, extend: true },
        pricing: { unit: "video" },
      });
    }
    expect(MODEL_CATALOGUE.veo3.pricing.cells).toEqual([
      { resolution: "720p", audio: true, defaultPrice: { web: 18, api: 36 }, vendorCost: 250 },
    ]);
  });

  it("keep each model's image counts within its mode's", () => {
    for (const model of MODELS)
      for (const [mode, support] of Object.entries(MODEL_CATALOGUE[model].modes)) {
        const bounds = MODE_CATALOGUE[mode as keyof typeof MODE_CATALOGUE].images;
        expect(support.images.min).toBeGreaterThanOrEqual(bounds.min);
        expect(support.images.max).toBeLessThanOrEqual(bounds.max);
      }
  });
});

describe("the Market's models (issue 42)", () => {
  it("take only the options they have, with words naming the field", () => {
    expect(optionsProblem("kling3", { durationSeconds: 7 })).toEqual({
      field: "durationSeconds",
      message: "Kling 3.0 makes videos of 5 seconds, 10 seconds or 15 seconds, not 7 seconds",
    });
    expect(optionsProblem("kling3", { resolution: "480p" })?.field).toBe("resolution");
    expect(optionsProblem("wan26", { audio: true })).toEqual({
      field: "audio",
      message: "Wan 2.6 makes videos without sound",
    });
    expect(optionsProblem("veo3_fast", { audio: false })?.message).toBe("Veo3 Fast always makes its videos with sound");
    expect(optionsProblem("hailuo23_pro", { aspectRatio: "9:16" })?.message).toBe(
      "Hailuo 2.3 Pro takes no aspect ratio: the video follows its image",
    );
    // Hailuo 2.3 makes no 10-second 1080p video (kie-2026.md §2.5.6).
    expect(optionsProblem("hailuo23_pro", { durationSeconds: 10, resolution: "1080p" })?.message).toBe(
      "Hailuo 2.3 Pro makes 1080p videos of 6 seconds only",
    );
    expect(optionsProblem("hailuo23_pro", { durationSeconds: 10, resolution: "768p" })).toBeUndefined();
    expect(optionsProblem("veo3", { durationSeconds: 8, resolution: "720p", aspectRatio: "9:16" })).toBeUndefined();
    expect(combinationProblem({ model: "hailuo23_pro", mode: "text", imageCount: 0 })?.field).toBe("model");
    expect(combinationProblem({ model: "seedance2", mode: "reference", imageCount: 9 })).toBeUndefined();
    expect(combinationProblem({ model: "seedance2", mode: "reference", imageCount: 10 })?.field).toBe("imageUrls");
  });

  it("fill what a request leaves out with the model's defaults, sound on where it is asked", () => {
    expect(optionsFor("kling3", {})).toEqual({
      durationSeconds: 5,
      resolution: "720p",
      aspectRatio: "16:9",
      audio: true,
    });
    expect(optionsFor("wan26", { audio: true }).audio).toBe(false);
    expect(optionsFor("veo3", { audio: false }).audio).toBe(true);
  });

  it("price per second of the chosen cell, rounded up once, on the web and by API", () => {
    const prices = resolvePrices({ "kling3:1080p+sound": { web: 1.5, api: 2.25 } });
    const video = { model: "kling3" as const, durationSeconds: 5, resolution: "1080p" as const, audio: true };
    expect(webCost(prices, video)).toBe(8); // 7.5 rounded up
    expect(apiCost(prices, video)).toBe(12); // 11.25 rounded up
    expect(webCost(prices, { ...video, audio: false })).toBe(Math.ceil(prices["kling3:1080p"]!.web * 5));
    // A price per video does not grow with the seconds.
    expect(webCost(prices, { model: "veo3_fast", durationSeconds: 8 })).toBe(5);
  });

  it("name every price cell once, in words an admin reads", () => {
    expect(new Set(PRICE_ITEMS).size).toBe(PRICE_ITEMS.length);
    expect(PRICE_ITEMS).toContain("veo3");
    expect(priceItemLabel("kling3:4k+sound")).toBe("Kling 3.0 · 4k · with sound · per second");
    expect(priceItemLabel("wan26:720p")).toBe("Wan 2.6 · 720p · per second");
    expect(priceItemLabel("veo3_fast")).toBe("Veo3 Fast");
    for (const model of MODELS)
      for (const res of MODEL_CATALOGUE[model].resolutions.options)
        expect(MODEL_CATALOGUE[model].pricing.cells.some((c) => c.resolution === res)).toBe(true);
  });
});

describe("Wan 2.7 beside Wan 2.6 (decision 0179)", () => {
  it("comes first in its family, 2.6 kept for those who chose it", () => {
    const wan = MODELS.filter((m) => MODEL_CATALOGUE[m].family === "wan");
    expect(wan).toEqual(["wan27", "wan26"]);
    expect(modesFor("wan27")).toEqual(["text", "image"]);
    expect(MODEL_CATALOGUE.wan27.modes.image).toEqual({ images: { min: 1, max: 2 }, shapeFollowsImage: true });
  });

  it("takes its own lengths, shapes and seed, always with sound", () => {
    expect(optionsFor("wan27", {})).toEqual({
      durationSeconds: 5,
      resolution: "1080p",
      aspectRatio: "16:9",
      audio: true,
    });
    expect(optionsProblem("wan27", { durationSeconds: 2, resolution: "720p", aspectRatio: "3:4" })).toBeUndefined();
    expect(optionsProblem("wan27", { durationSeconds: 7 })?.message).toBe(
      "Wan 2.7 makes videos of 2 seconds, 5 seconds, 10 seconds or 15 seconds, not 7 seconds",
    );
    expect(optionsProblem("wan27", { resolution: "480p" })?.message).toBe(
      "Wan 2.7 makes 720p or 1080p videos, not 480p",
    );
    expect(optionsProblem("wan27", { aspectRatio: "21:9" })?.field).toBe("aspectRatio");
    expect(optionsProblem("wan27", { audio: false })?.message).toBe("Wan 2.7 always makes its videos with sound");
    expect(MODEL_CATALOGUE.wan27.seed).toEqual({ min: 10_000, max: 99_999 });
  });

  it("is priced per second of the chosen resolution, times its length", () => {
    expect(priceItemLabel("wan27:1080p+sound")).toBe("Wan 2.7 · 1080p · with sound · per second");
    expect(MODEL_CATALOGUE.wan27.pricing.cells.map((c) => [c.resolution, c.audio, c.vendorCost])).toEqual([
      ["720p", true, 16],
      ["1080p", true, 24],
    ]);
    const prices = resolvePrices({
      "wan27:720p+sound": { web: 0.75, api: 1.5 },
      "wan27:1080p+sound": { web: 1.1, api: 2.2 },
    });
    const video = { model: "wan27" as const, durationSeconds: 10, resolution: "1080p" as const, audio: true };
    expect(webCost(prices, video)).toBe(11);
    expect(apiCost(prices, video)).toBe(22);
    expect(webCost(prices, { ...video, durationSeconds: 2, resolution: "720p" })).toBe(2); // 1.5 rounded up
    expect(webCost(prices, { ...video, durationSeconds: 15, resolution: "720p" })).toBe(12); // 11.25 rounded up
  });
});

describe("KIE's words for them (the adapter's, not the catalogue's)", () => {
  it("name each mode's generationType and each model's extend name", () => {
    expect(KIE_GENERATION_TYPES).toEqual({
      text: "TEXT_2_VIDEO",
      image: "FIRST_AND_LAST_FRAMES_2_VIDEO",
      reference: "REFERENCE_2_VIDEO",
    });
    expect(KIE_EXTEND_MODELS).toEqual({ veo3: "quality", veo3_fast: "fast", veo3_lite: "lite" });
    expect(JSON.stringify(MODEL_CATALOGUE) + JSON.stringify(MODE_CATALOGUE)).not.toMatch(
      /_2_VIDEO|generationType|extendModel/,
    );
  });
});
