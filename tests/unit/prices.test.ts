/** Prices (decision 0048): the admin's where set, the catalogue's defaults elsewhere; API charges rounded up once. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODEL_CATALOGUE, MODELS, PRICE_ITEMS } from "../../src/shared/catalogue.js";
import { apiCost, resolvePrices, webCost } from "../../src/shared/prices.js";

describe("prices", () => {
  it("keep today's defaults for Quality and Fast and give every catalogue item one", () => {
    const prices = resolvePrices({});
    expect(prices.veo3).toEqual({ web: 5, api: 10 });
    expect(prices.veo3_fast).toEqual({ web: 1, api: 2 });
    expect(Object.keys(prices).sort()).toEqual([...PRICE_ITEMS].sort());
    for (const model of MODELS) expect(prices[model].web).toBeGreaterThanOrEqual(1);
  });

  it("take the admin's price per item and field, ignoring items the catalogue no longer has", () => {
    const prices = resolvePrices({ veo3_lite: { web: 3 }, "4k": { api: 7.5 }, veo2: { web: 9 } });
    expect(prices.veo3_lite).toEqual({ web: 3, api: MODEL_CATALOGUE.veo3_lite.defaultPrice.api });
    expect(prices["4k"].api).toBe(7.5);
    expect(prices).not.toHaveProperty("veo2");
  });

  it("add surcharges to the model's price; API decimals are summed in cents and rounded up once", () => {
    const prices = resolvePrices({ veo3_fast: { web: 2, api: 1.1 }, "4k": { web: 3, api: 1.2 } });
    expect(webCost(prices, "veo3_fast")).toBe(2);
    expect(webCost(prices, "veo3_fast", ["4k"])).toBe(5);
    expect(apiCost(prices, "veo3_fast")).toBe(2);
    // 1.1 + 1.2 = 2.3 (not 2.3000000000000003 rounded up to 3 twice): 3 credits.
    expect(apiCost(prices, "veo3_fast", ["4k"])).toBe(3);
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (modelCents, extraCents) => {
          const p = resolvePrices({ veo3: { api: modelCents / 100 }, extend: { api: extraCents / 100 } });
          expect(apiCost(p, "veo3", ["extend"])).toBe(Math.ceil((modelCents + extraCents) / 100));
        },
      ),
    );
  });
});
