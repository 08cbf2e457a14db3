/**
 * What things cost (decision 0048): each model and surcharge has a web price in credits and an API
 * price (a decimal, charged rounded up). The admin's prices are stored per item; an item without
 * one costs the catalogue's default, so a new model needs no migration.
 */
import { defaultPriceOf, PRICE_ITEMS, type Price, type PriceItem, type Surcharge, type VeoModel } from "./catalogue.js";

export type PriceTable = Record<PriceItem, Price>;
/** As stored in admin_settings.prices: any subset, possibly with items the catalogue no longer has. */
export type StoredPrices = Partial<Record<string, Partial<Price>>>;

export function resolvePrices(stored: StoredPrices | null | undefined): PriceTable {
  const table = {} as PriceTable;
  for (const item of PRICE_ITEMS) {
    const fallback = defaultPriceOf(item);
    const own = stored?.[item];
    table[item] = { web: own?.web ?? fallback.web, api: own?.api ?? fallback.api };
  }
  return table;
}

/** Credits on the website: the model's price plus each surcharge's. */
export function webCost(prices: PriceTable, model: VeoModel, extras: readonly Surcharge[] = []): number {
  return extras.reduce((sum, extra) => sum + prices[extra].web, prices[model].web);
}

/** Credits for a video made on the website: its model, plus the 4K surcharge when its 4K version is asked for with it. */
export function webVideoCost(prices: PriceTable, video: { model: VeoModel; upgrade4k?: boolean }): number {
  return webCost(prices, video.model, video.upgrade4k ? ["4k"] : []);
}

/** Credits through the API: the decimal prices added up, then rounded up to whole credits (decision 0017). */
export function apiCost(prices: PriceTable, model: VeoModel, extras: readonly Surcharge[] = []): number {
  const cents = extras.reduce(
    (sum, extra) => sum + Math.round(prices[extra].api * 100),
    Math.round(prices[model].api * 100),
  );
  return Math.ceil(cents / 100);
}

/** A surcharge charged on its own (a 4K upgrade): its web price, or its API price rounded up. */
export function surchargeCost(prices: PriceTable, surcharge: Surcharge, via: "web" | "api"): number {
  return via === "web" ? prices[surcharge].web : Math.ceil(prices[surcharge].api);
}

/** What a package's credits cost each in USD, its bonus credits counted: $25 for 150 + 25 credits is $0.1428... */
export function usdPerCredit(pkg: { price: string | number; credits: number; bonusCredits: number }): number {
  return Number(pkg.price) / (pkg.credits + pkg.bonusCredits);
}

/**
 * What one credit is worth when the admin has not said (decision 0075): the lowest price per
 * credit among the packages on sale, so a buyer can pay exactly that; null with no package.
 */
export function creditValueFromPackages(
  packages: readonly { price: string | number; credits: number; bonusCredits: number }[],
): number | null {
  const values = packages.map(usdPerCredit).filter((v) => Number.isFinite(v) && v > 0);
  return values.length > 0 ? Math.min(...values) : null;
}

/** What `credits` credits are worth in US dollars at `usdPerCredit` a credit: 5 credits at $0.15 are 0.75. */
export function creditsToUsd(credits: number, valueUsd: number): number {
  return credits * valueUsd;
}

/** The cheapest web price among these models ("From 1 credit per video"); the catalogue has at least one. */
export function lowestWebPrice(models: readonly { web: number }[]): number {
  return Math.min(...models.map((m) => m.web));
}
