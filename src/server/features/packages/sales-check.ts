/**
 * Whether anything on sale loses money (issue 68, decision 0144): the prices at the cheapest credit
 * a buyer can get (the lowest package on sale, else the credit value, else the default), costed
 * from the admin's KIE credit price and vendor order. The settings save, the package save and the
 * set-up checklist ask it; the admin's pages reckon the same with shared/price-check.ts.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { creditPackages } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { priceItemLabel, type PriceItem } from "../../../shared/catalogue.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { belowCostItems, cheapestCreditUsd, packageBelowCost, type CostBasis } from "../../../shared/price-check.js";
import { resolvePrices } from "../../../shared/prices.js";
import type { Settings } from "../settings/service.js";

type PricedSettings = Pick<Settings, "prices" | "kieCreditUsd" | "vendorOrder" | "disabledModels" | "creditValueUsd">;

export const costBasisOf = (s: PricedSettings): CostBasis => ({
  kieCreditUsd: Number(s.kieCreditUsd),
  vendorOrder: s.vendorOrder,
  disabledModels: s.disabledModels,
});

type OnSale = { price: string; credits: number; bonusCredits: number }[];

/** The packages on sale, with what decides their price per credit. */
export const packagesOnSale = (db: Queryable): Promise<OnSale> =>
  db
    .select({ price: creditPackages.price, credits: creditPackages.credits, bonusCredits: creditPackages.bonusCredits })
    .from(creditPackages)
    .where(eq(creditPackages.isActive, true));

/** The cheapest a buyer can get a credit for with these packages on sale and these settings. */
export const cheapestCredit = (onSale: OnSale, settings: Pick<PricedSettings, "creditValueUsd">): number =>
  cheapestCreditUsd(onSale, settings.creditValueUsd === null ? null : Number(settings.creditValueUsd));

/** The items on sale that some buyer would get below cost, and the credit price that decides it. */
export function lossesWith(onSale: OnSale, settings: PricedSettings): { items: PriceItem[]; creditUsd: number } {
  const creditUsd = cheapestCredit(onSale, settings);
  return { items: belowCostItems(resolvePrices(settings.prices), costBasisOf(settings), creditUsd), creditUsd };
}

/** The same, for the packages on sale today. */
export const salesBelowCost = async (db: Queryable, settings: PricedSettings) =>
  lossesWith(await packagesOnSale(db), settings);

/** The items one package's credits would buy below cost at today's prices (none for a package not on sale). */
export function packageLosses(
  pkg: { price: string; credits: number; bonusCredits: number; isActive: boolean },
  settings: PricedSettings,
): PriceItem[] {
  if (!pkg.isActive) return [];
  return packageBelowCost(pkg, resolvePrices(settings.prices), costBasisOf(settings));
}

/** The refusal of a save that would start selling below cost: the items by name, so an owner or a script knows what to change. */
export function belowCostError(items: readonly PriceItem[]): AppError {
  const names = items.map(priceItemLabel).join(", ");
  return new AppError(
    "conflict",
    `This would sell below the vendor's cost: ${names}. Raise these prices, or save again and confirm.`,
    reasoned("prices_below_cost", { count: items.length, items: names }),
  );
}
