/** Prices (decision 0048): the admin's where set, the catalogue's defaults elsewhere; API charges rounded up once. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODEL_CATALOGUE, MODELS, PRICE_ITEMS, priceKeyOf } from "../../src/shared/catalogue.js";
import {
  apiCost,
  creditsToUsd,
  creditValueFromPackages,
  usdPerCredit,
  lowestWebPrice,
  resolvePrices,
  webCost,
  webVideoCost,
} from "../../src/shared/prices.js";
import { quote } from "../../src/server/features/videos/quote.js";

describe("prices", () => {
  it("default to a 30 % margin over KIE's cost at 10 cents a credit, and give every catalogue item one", () => {
    const prices = resolvePrices({});
    // KIE: 250, 60 and 30 credits at $0.005 ($1.25, $0.30, $0.15), kept as 70 % of the sale.
    expect(prices.veo3).toEqual({ web: 18, api: 36 });
    expect(prices.veo3_fast).toEqual({ web: 5, api: 10 });
    expect(prices.veo3_lite).toEqual({ web: 3, api: 6 });
    expect(Object.keys(prices).sort()).toEqual([...PRICE_ITEMS].sort());
    for (const model of MODELS) expect(webCost(prices, model)).toBeGreaterThanOrEqual(1);
  });

  it("take the admin's price per item and field, ignoring items the catalogue no longer has", () => {
    const prices = resolvePrices({ veo3_lite: { web: 3 }, "4k": { api: 7.5 }, veo2: { web: 9 } });
    expect(prices.veo3_lite).toEqual({ web: 3, api: MODEL_CATALOGUE.veo3_lite.pricing.cells[0]!.defaultPrice.api });
    expect(prices["4k"]!.api).toBe(7.5);
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

  it("show on the website what the server charges for a video and its 4K version (server/features/videos/quote.ts)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MODELS),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (model, upgrade4k, modelWeb, uhdWeb) => {
          const m = MODEL_CATALOGUE[model];
          const cell = m.pricing.cells.find(
            (c) => c.resolution === m.resolutions.default && c.audio === (m.audio !== "never"),
          )!;
          const prices = resolvePrices({ [priceKeyOf(model, cell)]: { web: modelWeb / 100 }, "4k": { web: uhdWeb } });
          // The server's web quote: the model's web price and, for a 4K version asked for with it, the 4K surcharge.
          const stored = { [priceKeyOf(model, cell)]: { web: modelWeb / 100 }, "4k": { web: uhdWeb } };
          const charged = quote({ prices: stored }, { channel: "web", video: { model, upgrade4k } }).total;
          expect(webVideoCost(prices, { model, upgrade4k })).toBe(charged);
          const units = m.pricing.unit === "second" ? m.durations.default : 1;
          expect(webVideoCost(prices, { model, upgrade4k })).toBe(
            Math.ceil((modelWeb * units) / 100) + (upgrade4k ? uhdWeb : 0),
          );
        },
      ),
    );
  });
});

describe("what the pages show", () => {
  it("value credits at the credit value they are given, not at a fixed cent", () => {
    expect(creditsToUsd(1, 0.01)).toBe(0.01);
    expect(creditsToUsd(5, 0.15)).toBeCloseTo(0.75, 10);
    expect(creditsToUsd(0, 0.2)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000 }), (credits, cents) => {
        // Whole cents a credit: written with two decimals, the dollars are credits times cents.
        expect(Math.round(Number(creditsToUsd(credits, cents / 100).toFixed(2)) * 100)).toBe(credits * cents);
      }),
    );
  });

  it("derive a credit's value from the cheapest credit on sale, bonus credits counted", () => {
    expect(creditValueFromPackages([])).toBeNull();
    const starter = { price: "10.00", credits: 50, bonusCredits: 0 }; // $0.20
    const pro = { price: "25.00", credits: 150, bonusCredits: 25 }; // $0.1428...
    const premium = { price: "45.00", credits: 300, bonusCredits: 0 }; // $0.15
    expect(creditValueFromPackages([starter])).toBe(0.2);
    expect(creditValueFromPackages([starter, premium])).toBe(0.15);
    expect(creditValueFromPackages([starter, pro, premium])).toBeCloseTo(25 / 175, 12);
    expect(usdPerCredit(pro)).toBeCloseTo(25 / 175, 12);
  });

  it("start the price list at the cheapest model on the website, whatever its place", () => {
    const defaults = resolvePrices({});
    expect(lowestWebPrice(MODELS.map((model) => ({ web: webCost(defaults, model) })))).toBe(3); // Lite, today's cheapest
    expect(lowestWebPrice([{ web: 5 }, { web: 2 }, { web: 3 }])).toBe(2);
    expect(lowestWebPrice([{ web: 7 }])).toBe(7);
  });
});
