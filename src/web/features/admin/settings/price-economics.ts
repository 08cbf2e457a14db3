/**
 * What each price in the form costs, earns and keeps as the owner types (issue 68): the draft's
 * prices, KIE credit price, vendor order and models on offer, at the cheapest credit a buyer can
 * get (the lowest package on sale, else the credit value, else 10 cents). Reckoned with
 * shared/price-check.ts, as the server reckons it.
 */
import { PRICE_ITEMS, type PriceItem } from "../../../../shared/catalogue";
import { cheapestCreditUsd, priceLines, videoEconomics, type CostBasis } from "../../../../shared/price-check";
import { DEFAULT_KIE_CREDIT_USD } from "../../../../shared/price-rule";
import { resolvePrices, type StoredPrices } from "../../../../shared/prices";
import { useAdminPackages } from "@/features/admin/packages/packages-api";
import type { PriceDraft } from "./settings-draft";

export type VideoEconomics = ReturnType<typeof videoEconomics>;

export interface PriceDraftBasis {
  prices: Record<PriceItem, PriceDraft>;
  kieCreditUsd: string;
  vendorOrder: CostBasis["vendorOrder"];
  disabledModels: readonly string[];
  creditValueUsd: string | null;
}

const numberOr = (text: string | undefined): number | undefined => {
  const n = Number(text?.trim());
  return text?.trim() && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The prices as typed; a field that is not a number yet counts as its default. */
function typedPrices(drafts: Record<PriceItem, PriceDraft>): StoredPrices {
  return Object.fromEntries(
    PRICE_ITEMS.map((item) => [
      item,
      { web: numberOr(drafts[item]?.webCredits), api: numberOr(drafts[item]?.apiPrice) },
    ]),
  );
}

export function usePriceEconomics(draft: PriceDraftBasis) {
  const packages = useAdminPackages().data ?? [];
  const creditUsd = cheapestCreditUsd(packages, numberOr(draft.creditValueUsd ?? undefined) ?? null);
  const basis: CostBasis = {
    kieCreditUsd: numberOr(draft.kieCreditUsd) || DEFAULT_KIE_CREDIT_USD,
    vendorOrder: draft.vendorOrder,
    disabledModels: draft.disabledModels,
  };
  const prices = resolvePrices(typedPrices(draft.prices));
  const ofItem = (item: PriceItem): VideoEconomics => videoEconomics(item, prices, basis, creditUsd);
  const perUnit = new Map(priceLines(prices, basis, creditUsd).map((line) => [line.item, line]));
  /** Whether the API price of an item sells below cost (the table marks its field). */
  const apiBelowCost = (item: PriceItem): boolean => perUnit.get(item)?.api.belowCost ?? false;
  return { creditUsd, fromPackages: packages.some((p) => p.isActive), ofItem, apiBelowCost };
}
