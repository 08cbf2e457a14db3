/** The seeds of a request's variants (decision 0162): distinct, in the model's range, none where it takes none. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { variantSeeds } from "../../src/server/features/videos/generate-reserve.js";
import { MODEL_CATALOGUE, MODELS, VEO_SEED } from "../../src/shared/catalogue.js";
import { VARIANTS_MAX } from "../../src/shared/videos.js";

const seeded = MODELS.filter((m) => MODEL_CATALOGUE[m].seed);
const seedless = MODELS.filter((m) => !MODEL_CATALOGUE[m].seed);

describe("variantSeeds", () => {
  it("gives each variant its own seed in the model's range, the one asked first", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...seeded),
        fc.option(fc.integer({ min: VEO_SEED.min, max: VEO_SEED.max }), { nil: undefined }),
        fc.integer({ min: 2, max: VARIANTS_MAX }),
        (model, asked, count) => {
          const range = MODEL_CATALOGUE[model].seed!;
          const seeds = variantSeeds(model, asked, count);
          expect(seeds).toHaveLength(count);
          expect(new Set(seeds).size).toBe(count);
          for (const seed of seeds) {
            expect(Number.isInteger(seed)).toBe(true);
            expect(seed).toBeGreaterThanOrEqual(range.min);
            expect(seed).toBeLessThanOrEqual(range.max);
          }
          if (asked !== undefined) expect(seeds[0]).toBe(asked);
        },
      ),
    );
  });

  it("wraps round at the top of the range", () => {
    expect(variantSeeds("veo3_fast", VEO_SEED.max, 3)).toEqual([VEO_SEED.max, VEO_SEED.min, VEO_SEED.min + 1]);
  });

  it("keeps one video's seed as asked, or none", () => {
    expect(variantSeeds("veo3", 12_345, 1)).toEqual([12_345]);
    expect(variantSeeds("veo3", undefined, 1)).toEqual([undefined]);
  });

  it("gives no seed to a model that takes none", () => {
    expect(seedless.length).toBeGreaterThan(0);
    for (const model of seedless) expect(variantSeeds(model, undefined, 3)).toEqual([undefined, undefined, undefined]);
  });
});
