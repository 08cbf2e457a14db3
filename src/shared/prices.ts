/**
 * What things cost (decision 0048): each model and surcharge has a web price in credits and an API
 * price (a decimal, charged rounded up). The admin's prices are stored per item; an item without
 * one costs the catalogue's default, so a new model needs no migration.
 */
import {
  defaultPriceOf,
  optionsFor,
  PRICE_ITEMS,
  priceCellFor,
  priceKeyOf,
  unitsOf,
  type ModelId,
  type Price,
  type PriceItem,
  type Resolution,
  type Surcharge,
} from "./catalogue.js";

export type PriceTable = Record<PriceItem, Price>;
/** As stored in admin_settings.prices: any subset, possibly with items the catalogue no longer has. */
export type StoredPrices = Partial<Record<string, Partial<Price>>>;

export function resolvePrices(stored: StoredPrices | null | undefined): PriceTable {
  const table: PriceTable = {};
  for (const item of PRICE_ITEMS) {
    const fallback = defaultPriceOf(item);
    const own = stored?.[item];
    table[item] = { web: own?.web ?? fallback.web, api: own?.api ?? fallback.api };
  }
  return table;
}

/** An item's price in the table (every catalogue item is in it; another costs its default). */
export const priceOf = (prices: PriceTable, item: PriceItem): Price => prices[item] ?? defaultPriceOf(item);

/** A video to price: its model, and the options that change the price (the model's defaults where absent). */
export type PricedVideo =
  ModelId | { model: ModelId; durationSeconds?: number; resolution?: Resolution; audio?: boolean; upgrade4k?: boolean };

/** The price per unit (a video, or a second of it) of this video's cell, and how many units it is. */
function unitPrice(prices: PriceTable, video: PricedVideo): { price: Price; units: number } {
  const { model, ...asked } = typeof video === "string" ? { model: video } : video;
  const options = optionsFor(model, asked);
  const price = priceOf(prices, priceKeyOf(model, priceCellFor(model, options)));
  return { price, units: unitsOf(model, options) };
}

const cents = (n: number) => Math.round(n * 100);

/**
 * Credits on the website: the cell's price × its units, rounded up to whole credits, plus each
 * surcharge's (and 4K's when the video asks for it).
 */
export function webCost(prices: PriceTable, video: PricedVideo, extras: readonly Surcharge[] = []): number {
  const { price, units } = unitPrice(prices, video);
  const all = typeof video !== "string" && video.upgrade4k ? [...extras, "4k" as const] : extras;
  return Math.ceil((cents(price.web) * units) / 100) + all.reduce((sum, extra) => sum + priceOf(prices, extra).web, 0);
}

/** Credits for a video made on the website (its 4K surcharge counted when asked for with it). */
export const webVideoCost = (prices: PriceTable, video: Exclude<PricedVideo, ModelId>): number =>
  webCost(prices, video);

/** Credits through the API: the decimal prices added up, then rounded up to whole credits (decision 0017). */
export function apiCost(prices: PriceTable, video: PricedVideo, extras: readonly Surcharge[] = []): number {
  const { price, units } = unitPrice(prices, video);
  const all = typeof video !== "string" && video.upgrade4k ? [...extras, "4k" as const] : extras;
  const total = all.reduce((sum, extra) => sum + cents(priceOf(prices, extra).api), cents(price.api) * units);
  return Math.ceil(total / 100);
}

/** A surcharge charged on its own (a 4K upgrade): its web price, or its API price rounded up. */
export function surchargeCost(prices: PriceTable, surcharge: Surcharge, via: "web" | "api"): number {
  return via === "web" ? priceOf(prices, surcharge).web : Math.ceil(priceOf(prices, surcharge).api);
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
