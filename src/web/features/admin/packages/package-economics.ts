/**
 * What a package's credits buy (issue 68): the video that keeps least of its sale, what sells below
 * cost, and the lowest price that keeps the owner's margin on every video, reckoned from the saved
 * prices and costs with shared/price-check.ts as the server reckons them.
 */
import { PRICE_ITEMS, type PriceItem } from "../../../../shared/catalogue";
import {
  isOnSale,
  packageBelowCost,
  suggestedPackagePrice,
  videoEconomics,
  type CostBasis,
} from "../../../../shared/price-check";
import { resolvePrices, usdPerCredit } from "../../../../shared/prices";
import { useAdminSettings } from "@/features/admin/admin-api";

type PackageFigures = { price: string | number; credits: number; bonusCredits: number };

export function usePackageEconomics() {
  const settings = useAdminSettings().data;
  if (!settings) return null;
  const prices = resolvePrices(
    Object.fromEntries(
      Object.entries(settings.prices).map(([item, p]) => [item, { web: p.webCredits, api: Number(p.apiPrice) }]),
    ),
  );
  const basis: CostBasis = {
    kieCreditUsd: Number(settings.kieCreditUsd),
    vendorOrder: settings.vendorOrder,
    disabledModels: settings.disabledModels,
  };
  const marginPercent = settings.priceMarginPercent;
  return {
    marginPercent,
    /** The items this package's credits buy below cost (nothing for a package not on sale is the caller's call). */
    belowCost: (pkg: PackageFigures): PriceItem[] => packageBelowCost(pkg, prices, basis),
    /** The video on sale that keeps the least of its sale at this package's price per credit. */
    leanest: (pkg: PackageFigures) => {
      const perCredit = usdPerCredit(pkg);
      const figures = PRICE_ITEMS.filter((item) => isOnSale(item, basis.disabledModels))
        .map((item) => ({ item, economics: videoEconomics(item, prices, basis, perCredit) }))
        .filter((f) => f.economics.costUsd > 0);
      return figures.reduce((a, b) => ((b.economics.marginRate ?? 1) < (a.economics.marginRate ?? 1) ? b : a));
    },
    /** The lowest price for these credits that keeps the margin on every video; null when nothing is priced. */
    suggestedPrice: (credits: number) => suggestedPackagePrice(credits, prices, basis, marginPercent),
  };
}
