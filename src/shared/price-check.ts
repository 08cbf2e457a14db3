/**
 * What each price costs the owner, earns and keeps (issue 68, decision 0144): the settings' price
 * table, the package list and dialog, the set-up checklist and the save's confirmation all read it,
 * so the page and the server agree on what sells below cost.
 */
import {
  climbLadders,
  MODEL_CATALOGUE,
  PRICE_CELLS,
  PRICE_ITEMS,
  SURCHARGE_CATALOGUE,
  type ModelId,
  type Price,
  type PriceItem,
  type Surcharge,
  type Vendor,
} from "./catalogue.js";
import { priceOf, usdPerCredit, webCost, type PriceTable } from "./prices.js";
import { apiPriceFor, DEFAULT_CREDIT_VALUE_USD, webPriceFor } from "./price-rule.js";
import { GOOGLE_USD_PER_SECOND } from "./vendor-costs.js";

/** What costs are reckoned from: the admin's KIE credit price, vendor order and the models on offer. */
export interface CostBasis {
  kieCreditUsd: number;
  vendorOrder: Partial<Record<string, readonly string[]>>;
  disabledModels: readonly string[];
}

/** The vendor that normally makes a model: the first of the admin's order that makes it, else the catalogue's. */
function firstVendorOf(model: ModelId, vendorOrder: CostBasis["vendorOrder"]): Vendor {
  const makers: readonly Vendor[] = MODEL_CATALOGUE[model].vendors;
  return (
    (vendorOrder[model]?.find((v) => (makers as readonly string[]).includes(v)) as Vendor | undefined) ?? makers[0]!
  );
}

/** What one unit of an item (a video, or a second of one; a 4K upgrade) costs its usual vendor, in USD. */
export function unitCostUsd(item: PriceItem, basis: Pick<CostBasis, "kieCreditUsd" | "vendorOrder">): number {
  const found = PRICE_CELLS.get(item);
  if (!found) return SURCHARGE_CATALOGUE[item as Surcharge].vendorCost * basis.kieCreditUsd;
  const { model, cell } = found;
  const google = GOOGLE_USD_PER_SECOND[model];
  if (google !== undefined && ["google", "vertex"].includes(firstVendorOf(model, basis.vendorOrder))) {
    const m = MODEL_CATALOGUE[model];
    return m.pricing.unit === "second" ? google : google * m.durations.default;
  }
  return cell.vendorCost * basis.kieCreditUsd;
}

/** The unit an item is priced in. */
const unitOf = (item: PriceItem): "video" | "second" => {
  const found = PRICE_CELLS.get(item);
  return found ? MODEL_CATALOGUE[found.model].pricing.unit : "video";
};

/** Whether an item is sold: a cell of a model on offer, or a surcharge (4K and extensions need a Veo model). */
export function isOnSale(item: PriceItem, disabledModels: readonly string[]): boolean {
  const found = PRICE_CELLS.get(item);
  return found ? !disabledModels.includes(found.model) : true;
}

/** One channel's figures for one unit: what it sells for, what it costs, what is kept. */
export interface Economics {
  priceUsd: number;
  costUsd: number;
  marginUsd: number;
  /** marginUsd / priceUsd; null for a free item. */
  marginRate: number | null;
  belowCost: boolean;
}

function economicsOf(credits: number, costUsd: number, creditValueUsd: number): Economics {
  const priceUsd = credits * creditValueUsd;
  const marginUsd = priceUsd - costUsd;
  // A cent's fraction is noise, not a loss (prices are whole cents of a credit).
  return {
    priceUsd,
    costUsd,
    marginUsd,
    marginRate: priceUsd > 0 ? marginUsd / priceUsd : null,
    belowCost: marginUsd < -1e-9,
  };
}

export interface PriceLine {
  item: PriceItem;
  unit: "video" | "second";
  onSale: boolean;
  web: Economics;
  api: Economics;
}

/** Every item's economics on both channels when a credit sells for `creditValueUsd`. */
export function priceLines(prices: PriceTable, basis: CostBasis, creditValueUsd: number): PriceLine[] {
  return PRICE_ITEMS.map((item) => {
    const price = priceOf(prices, item);
    const cost = unitCostUsd(item, basis);
    return {
      item,
      unit: unitOf(item),
      onSale: isOnSale(item, basis.disabledModels),
      web: economicsOf(price.web, cost, creditValueUsd),
      api: economicsOf(price.api, cost, creditValueUsd),
    };
  });
}

/**
 * One video's figures on the website for an item (a per-second price at the model's default
 * length, its credits rounded up as a charge is; a 4K upgrade as one): what the owner sees beside
 * each price.
 */
export function videoEconomics(
  item: PriceItem,
  prices: PriceTable,
  basis: CostBasis,
  creditValueUsd: number,
): Economics & { seconds: number | null; credits: number } {
  const found = PRICE_CELLS.get(item);
  const cost = unitCostUsd(item, basis);
  if (!found || unitOf(item) === "video") {
    const credits = priceOf(prices, item).web;
    return { ...economicsOf(credits, cost, creditValueUsd), seconds: null, credits };
  }
  const { model, cell } = found;
  const seconds = MODEL_CATALOGUE[model].durations.default;
  const credits = webCost(prices, { model, resolution: cell.resolution, audio: cell.audio, durationSeconds: seconds });
  return { ...economicsOf(credits, cost * seconds, creditValueUsd), seconds, credits };
}

/** The items on sale that lose money on either channel at this credit value. */
export const belowCostItems = (prices: PriceTable, basis: CostBasis, creditValueUsd: number): PriceItem[] =>
  priceLines(prices, basis, creditValueUsd)
    .filter((l) => l.onSale && (l.web.belowCost || l.api.belowCost))
    .map((l) => l.item);

type PackageLike = { price: string | number; credits: number; bonusCredits: number; isActive?: boolean };

/**
 * The cheapest a buyer can get a credit for: the lowest price per credit of the packages on sale
 * (bonus counted); with none on sale, the admin's credit value, else the default.
 */
export function cheapestCreditUsd(packages: readonly PackageLike[], creditValueSetting: number | null): number {
  const onSale = packages.filter((p) => p.isActive !== false).map(usdPerCredit);
  const values = onSale.filter((v) => Number.isFinite(v) && v > 0);
  if (values.length > 0) return Math.min(...values);
  return creditValueSetting ?? DEFAULT_CREDIT_VALUE_USD;
}

/** The items a package's credits buy below cost. */
export const packageBelowCost = (pkg: PackageLike, prices: PriceTable, basis: CostBasis): PriceItem[] =>
  belowCostItems(prices, basis, usdPerCredit(pkg));

/**
 * The lowest package price for `credits` (bonus included) that keeps `marginPercent` on every
 * item on sale at today's prices, in whole cents; null when nothing on sale costs anything.
 */
export function suggestedPackagePrice(
  credits: number,
  prices: PriceTable,
  basis: CostBasis,
  marginPercent: number,
): number | null {
  let perCredit = 0;
  for (const item of PRICE_ITEMS) {
    if (!isOnSale(item, basis.disabledModels)) continue;
    const price = priceOf(prices, item);
    const cheaper = Math.min(price.web, price.api);
    const cost = unitCostUsd(item, basis);
    if (cheaper <= 0 || cost <= 0) continue;
    perCredit = Math.max(perCredit, cost / (1 - marginPercent / 100) / cheaper);
  }
  if (perCredit === 0 || credits <= 0) return null;
  return Math.ceil(Number((credits * perCredit * 100).toFixed(6))) / 100;
}

/** Every price set to keep `marginPercent` over its cost at `creditValueUsd`, the ladders climbed. */
export function pricesAtMargin(
  basis: CostBasis,
  rule: { marginPercent: number; creditValueUsd: number },
): Record<PriceItem, Price> {
  const table: Record<PriceItem, Price> = {};
  for (const item of PRICE_ITEMS) {
    const web = webPriceFor(unitCostUsd(item, basis), { ...rule, unit: unitOf(item) });
    table[item] = { web, api: apiPriceFor(web) };
  }
  climbLadders(table);
  return table;
}
