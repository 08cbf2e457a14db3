import { MODELS, type PriceItem } from "../../../shared/catalogue";
import type { PriceTable } from "../../../shared/prices";
import { usePricing } from "@/features/pricing";

/**
 * Every price as the server's price table (the catalogue's defaults until it answers): read with
 * shared/prices.ts (webCost, webVideoCost, surchargeCost), the arithmetic the server charges with.
 */
export function useWebPriceTable(): PriceTable {
  const { byModel, surcharges } = usePricing();
  const items: { item: PriceItem; web: number; api: number }[] = [
    // Every model, offered or not: a draft may still name one the admin turned off.
    ...MODELS.map((model) => ({ item: model, ...byModel[model] })),
    ...surcharges.map((s) => ({ item: s.surcharge, web: s.web, api: s.api })),
  ];
  return Object.fromEntries(items.map(({ item, web, api }) => [item, { web, api }])) as PriceTable;
}
