import type { PriceItem } from "../../../shared/catalogue";
import type { PriceTable } from "../../../shared/prices";
import { usePricing } from "@/features/pricing";

/**
 * Every price as the server's price table (the catalogue's defaults until it answers): read with
 * shared/prices.ts (webCost, webVideoCost, surchargeCost), the arithmetic the server charges with.
 */
export function useWebPriceTable(): PriceTable {
  const { models, surcharges } = usePricing();
  const items: { item: PriceItem; web: number; api: number }[] = [
    ...models.map((m) => ({ item: m.model, web: m.web, api: m.api })),
    ...surcharges.map((s) => ({ item: s.surcharge, web: s.web, api: s.api })),
  ];
  return Object.fromEntries(items.map(({ item, web, api }) => [item, { web, api }])) as PriceTable;
}
