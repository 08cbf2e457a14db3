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
} from "../../src/shared/catalogue.js";
import { KIE_EXTEND_MODELS, KIE_GENERATION_TYPES } from "../../src/server/integrations/kie/veo-words.js";

describe("the Veo models, described", () => {
  it("make the modes they made before", () => {
    expect(modesFor("veo3")).toEqual(["text", "image"]);
    expect(modesFor("veo3_fast")).toEqual(["text", "image", "reference"]);
    expect(modesFor("veo3_lite")).toEqual(["text", "image", "reference"]);
    expect(modelsFor("reference")).toEqual(["veo3_fast", "veo3_lite"]);
    expect(modelsFor("text")).toEqual(MODELS);
  });

  it("accept and refuse every model, mode and image count as before", () => {
    const images: Record<string, [number, number]> = { text: [0, 0], image: [1, 2], reference: [1, 3] };
    for (const model of MODELS)
      for (const mode of MODES)
        for (let count = 0; count <= 4; count++) {
          const problem = combinationProblem({ model, mode, imageCount: count });
          const [min, max] = images[mode]!;
          if (model === "veo3" && mode === "reference")
            expect(problem).toEqual({
              field: "model",
              message: "Reference mode works with Veo3 Fast or Veo3 Lite, not Veo3 (Quality)",
            });
          else if (count < min || count > max) expect(problem?.field).toBe("imageUrls");
          else expect(problem).toBeUndefined();
        }
  });

  it("are 8-second 720p videos with sound, 16:9 or 9:16, with a seed, a 1080p file, 4K and extensions", () => {
    for (const model of MODELS) {
      const m = MODEL_CATALOGUE[model];
      expect(m).toMatchObject({
        durations: { options: [8], default: 8, chosen: false },
        resolutions: { options: ["720p"], default: "720p" },
        aspectRatios: { options: ["16:9", "9:16"], default: "16:9" },
        audio: "always",
        seed: { min: 10_000, max: 99_999 },
        negativePrompt: false,
        upgrades: { hd1080: true, uhd4k: true, extend: true },
        pricing: { unit: "video" },
      });
    }
    expect(MODEL_CATALOGUE.veo3.pricing.defaultPrice).toEqual({ web: 5, api: 10 });
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
