import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  climbLadders,
  ladderCellBelow,
  MODEL_CATALOGUE,
  MODEL_LADDERS,
  MODELS,
  PRICE_CELLS,
  PRICE_ITEMS,
  priceKeyOf,
  type Price,
  type PriceItem,
} from "../../src/shared/catalogue.js";
import {
  belowCostItems,
  cheapestCreditUsd,
  packageBelowCost,
  priceLines,
  pricesAtMargin,
  suggestedPackagePrice,
  unitCostUsd,
  videoEconomics,
  type CostBasis,
} from "../../src/shared/price-check.js";
import { API_PRICE_FACTOR, DEFAULT_CREDIT_VALUE_USD, webPriceFor } from "../../src/shared/price-rule.js";
import { resolvePrices, usdPerCredit } from "../../src/shared/prices.js";
import { SUGGESTED_PACKAGES } from "../../src/shared/suggested-packages.js";

const KIE: CostBasis = { kieCreditUsd: 0.005, vendorOrder: {}, disabledModels: [] };
const DEFAULTS = resolvePrices({});

/** Every pair of cells a ladder or a model's own table says must be strictly ordered, lower first. */
function orderedPairs(table: Record<PriceItem, Price>): [Price, Price, string][] {
  const pairs: [Price, Price, string][] = [];
  for (const ladder of MODEL_LADDERS)
    for (let i = 1; i < ladder.length; i++)
      for (const cell of MODEL_CATALOGUE[ladder[i]!].pricing.cells) {
        // The same resolution and sound, or the silent cell of a model below that makes no sound.
        const lower = ladderCellBelow(ladder[i - 1]!, cell);
        if (lower)
          pairs.push([
            table[priceKeyOf(ladder[i - 1]!, lower)]!,
            table[priceKeyOf(ladder[i]!, cell)]!,
            `${ladder[i]} ${cell.resolution}`,
          ]);
      }
  return pairs;
}

describe("the default prices (issue 68)", () => {
  it("order Wan 2.7 above Wan 2.6 at each resolution, its sound against 2.6's silence (decision 0179)", () => {
    const pairs = orderedPairs(DEFAULTS).filter(([, , name]) => name.startsWith("wan27"));
    expect(pairs.map(([, , name]) => name)).toEqual(["wan27 720p", "wan27 1080p"]);
    for (const [lower, higher] of pairs) expect(higher.web).toBeGreaterThan(lower.web);
    // 2.7's cells are named with their sound; one priced as 2.6's is climbed a step above it.
    const table: Record<PriceItem, Price> = { ...DEFAULTS, "wan27:1080p+sound": DEFAULTS["wan26:1080p"]! };
    climbLadders(table);
    expect(table["wan27:1080p+sound"]!.web).toBeGreaterThan(DEFAULTS["wan26:1080p"]!.web);
  });

  it("keep at least 30 % of every sale over KIE's list cost at 10 cents a credit, on both channels", () => {
    for (const line of priceLines(DEFAULTS, KIE, DEFAULT_CREDIT_VALUE_USD)) {
      if (line.web.priceUsd === 0) continue; // an extension is priced as its video
      expect(line.web.marginRate, line.item).toBeGreaterThanOrEqual(0.3 - 1e-9);
      expect(line.api.marginRate, line.item).toBeGreaterThanOrEqual(0.3 - 1e-9);
    }
    expect(belowCostItems(DEFAULTS, KIE, DEFAULT_CREDIT_VALUE_USD)).toEqual([]);
  });

  it("put a better model above the one it improves on, and Lite below Fast below Quality", () => {
    expect(DEFAULTS.veo3_lite!.web).toBeLessThan(DEFAULTS.veo3_fast!.web);
    expect(DEFAULTS.veo3_fast!.web).toBeLessThan(DEFAULTS.veo3!.web);
    for (const [lower, better, name] of orderedPairs(DEFAULTS)) expect(better.web, name).toBeGreaterThan(lower.web);
  });

  it("cost more per unit at a higher resolution, and never less with sound", () => {
    for (const model of MODELS) {
      const { cells } = MODEL_CATALOGUE[model].pricing;
      const order = MODEL_CATALOGUE[model].resolutions.options;
      for (const a of cells)
        for (const b of cells) {
          const pa = DEFAULTS[priceKeyOf(model, a)]!.web;
          const pb = DEFAULTS[priceKeyOf(model, b)]!.web;
          if (a.audio === b.audio && order.indexOf(a.resolution) < order.indexOf(b.resolution))
            expect(pb, `${model} ${b.resolution}`).toBeGreaterThan(pa);
          if (a.resolution === b.resolution && !a.audio && b.audio) expect(pb).toBeGreaterThanOrEqual(pa);
        }
    }
  });

  it("price the API by one rule: twice the website's", () => {
    for (const item of PRICE_ITEMS)
      expect(DEFAULTS[item]!.api, item).toBeCloseTo(DEFAULTS[item]!.web * API_PRICE_FACTOR, 9);
  });

  it("leave the margin with every suggested package", () => {
    for (const pkg of SUGGESTED_PACKAGES) {
      expect(usdPerCredit(pkg)).toBeGreaterThanOrEqual(DEFAULT_CREDIT_VALUE_USD);
      expect(packageBelowCost(pkg, DEFAULTS, KIE), pkg.name).toEqual([]);
    }
  });
});

describe("what a price costs and earns", () => {
  it("reads the cost from the model's first vendor: Google's per-second price when the owner puts it first", () => {
    expect(unitCostUsd("veo3_fast", KIE)).toBeCloseTo(0.3, 9);
    expect(unitCostUsd("veo3_fast", { ...KIE, vendorOrder: { veo3_fast: ["google", "kie"] } })).toBeCloseTo(0.8, 9);
    expect(unitCostUsd("kling3:1080p+sound", KIE)).toBeCloseTo(0.135, 9);
    expect(unitCostUsd("4k", KIE)).toBeCloseTo(0.6, 9);
  });

  it("finds the issue's three packages selling every Veo video below cost at the spec's old prices", () => {
    const old = resolvePrices({
      veo3: { web: 5, api: 10 },
      veo3_fast: { web: 1, api: 2 },
      veo3_lite: { web: 1, api: 1 },
    });
    const studio = { price: "129", credits: 2000, bonusCredits: 300 };
    expect(packageBelowCost(studio, old, KIE)).toEqual(expect.arrayContaining(["veo3", "veo3_fast", "veo3_lite"]));
    const fast = priceLines(old, KIE, usdPerCredit(studio)).find((l) => l.item === "veo3_fast")!;
    expect(fast.web.priceUsd).toBeCloseTo(0.0561, 4);
    expect(fast.web.belowCost).toBe(true);
    // A model taken off sale loses nothing.
    expect(
      packageBelowCost(studio, old, { ...KIE, disabledModels: MODELS.filter((m) => !m.startsWith("veo")) }),
    ).not.toContain("kling3:720p");
  });

  it("shows a per-second price as one video at the model's default length, rounded up as it is charged", () => {
    // Kling 3.0 1080p with sound: 1.93 credits a second, 5 seconds: 9.65, charged 10; KIE: 27 × 5 credits.
    const kling = videoEconomics("kling3:1080p+sound", DEFAULTS, KIE, 0.1);
    expect(kling).toMatchObject({ seconds: 5, credits: 10 });
    expect(kling.priceUsd).toBeCloseTo(1, 9);
    expect(kling.costUsd).toBeCloseTo(0.675, 9);
    expect(kling.marginUsd).toBeCloseTo(0.325, 9);
    expect(videoEconomics("veo3_fast", DEFAULTS, KIE, 0.1)).toMatchObject({ seconds: null, credits: 5 });
    expect(videoEconomics("4k", DEFAULTS, KIE, 0.1)).toMatchObject({ credits: 9, belowCost: false });
    expect(videoEconomics("4k", DEFAULTS, KIE, 0.05).belowCost).toBe(true);
  });

  it("takes the cheapest credit a buyer can get: the lowest package on sale, else the setting, else 10 cents", () => {
    const packs = [
      { price: "10", credits: 50, bonusCredits: 0 },
      { price: "45", credits: 300, bonusCredits: 50, isActive: true },
      { price: "1", credits: 100, bonusCredits: 0, isActive: false },
    ];
    expect(cheapestCreditUsd(packs, 0.5)).toBeCloseTo(45 / 350, 12);
    expect(cheapestCreditUsd([], 0.5)).toBe(0.5);
    expect(cheapestCreditUsd([], null)).toBe(0.1);
  });
});

const basis = fc.record({
  kieCreditUsd: fc.double({ min: 0.001, max: 0.05, noNaN: true }),
  vendorOrder: fc.constantFrom({}, { veo3: ["google", "kie"], veo3_fast: ["google"] }),
  disabledModels: fc.subarray([...MODELS], { maxLength: MODELS.length - 1 }),
});

describe("set every price to cost + margin", () => {
  it("keeps the margin on every item at any cost, margin and credit value, the ladders kept", () => {
    fc.assert(
      fc.property(
        basis,
        fc.integer({ min: 0, max: 90 }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        (costs, marginPercent, creditValueUsd) => {
          const table = pricesAtMargin(costs, { marginPercent, creditValueUsd });
          const prices = resolvePrices(table);
          for (const line of priceLines(prices, costs, creditValueUsd)) {
            if (line.web.priceUsd === 0) continue;
            expect(line.web.marginRate!).toBeGreaterThanOrEqual(marginPercent / 100 - 1e-9);
          }
          for (const [lower, better] of orderedPairs(prices)) expect(better.web).toBeGreaterThan(lower.web);
        },
      ),
    );
  });

  it("suggests a package price that sells nothing on sale below cost and keeps the margin", () => {
    fc.assert(
      fc.property(
        basis,
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 1, max: 100_000 }),
        (costs, margin, credits) => {
          const price = suggestedPackagePrice(credits, DEFAULTS, costs, margin)!;
          const pkg = { price, credits, bonusCredits: 0 };
          expect(packageBelowCost(pkg, DEFAULTS, costs)).toEqual([]);
          for (const line of priceLines(DEFAULTS, costs, usdPerCredit(pkg)))
            if (line.onSale && line.web.priceUsd > 0 && line.web.costUsd > 0)
              expect(line.web.marginRate!).toBeGreaterThanOrEqual(margin / 100 - 1e-9);
        },
      ),
    );
  });

  it("rounds a price up to the unit's step and never to nothing", () => {
    expect(webPriceFor(0.3, { marginPercent: 30, creditValueUsd: 0.1, unit: "video" })).toBe(5);
    expect(webPriceFor(0.07, { marginPercent: 30, creditValueUsd: 0.1, unit: "second" })).toBe(1);
    expect(webPriceFor(0.0001, { marginPercent: 0, creditValueUsd: 1, unit: "second" })).toBe(0.01);
    expect(webPriceFor(0, { marginPercent: 30, creditValueUsd: 0.1, unit: "video" })).toBe(0);
    expect([...PRICE_CELLS.keys()].every((item) => DEFAULTS[item]!.web > 0)).toBe(true);
  });
});
