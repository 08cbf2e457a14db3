/**
 * A save that starts selling something below cost must say so (issue 68, decision 0144): the items
 * below cost after the save that were not before, or whose own price the save changed, refuse the
 * save (409, nothing kept) unless it carries `confirmBelowCost: true`. A loss already confirmed and
 * left alone does not ask again.
 */
import type { Queryable } from "../../db/connect.js";
import type { PriceItem } from "../../../shared/catalogue.js";
import { resolvePrices } from "../../../shared/prices.js";
import { belowCostError, lossesWith, packagesOnSale } from "../packages/sales-check.js";
import type { Settings } from "./service.js";

export async function refuseNewLosses(
  tx: Queryable,
  before: Settings,
  after: Settings,
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  // One read of the packages: a save changes the settings, not what is on sale.
  const onSale = await packagesOnSale(tx);
  const was = lossesWith(onSale, before);
  const now = lossesWith(onSale, after);
  const oldPrices = resolvePrices(before.prices);
  const newPrices = resolvePrices(after.prices);
  const repriced = (item: PriceItem) =>
    oldPrices[item]!.web !== newPrices[item]!.web || oldPrices[item]!.api !== newPrices[item]!.api;
  const fresh = now.items.filter((item) => !was.items.includes(item) || repriced(item));
  if (fresh.length > 0) throw belowCostError(fresh);
}
