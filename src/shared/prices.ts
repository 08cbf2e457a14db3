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
