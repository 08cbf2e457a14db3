import { useQuery } from "@tanstack/react-query";
import { siteApi } from "../../../shared/api/site";
import { priceKeyOf } from "../../../shared/catalogue";
import { resolvePrices, type PriceTable, type StoredPrices } from "../../../shared/prices";
import type { ModelsView } from "../../../shared/schemas/models";
import { callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** As GET /api/pricing/current: the admin may change a price at any time. */
const PRICES_REFETCH_MS = 60_000;

/** The admin's price of every cell (GET /api/models) and surcharge; a model not offered keeps its default. */
function priceTableOf(view: ModelsView): PriceTable {
  const stored: StoredPrices = {};
  for (const model of view.models)
    for (const cell of model.price.cells)
      stored[priceKeyOf(model.id, cell)] = { web: cell.webCredits, api: cell.apiCredits };
  for (const s of view.surcharges) stored[s.surcharge] = { web: s.webCredits, api: s.apiCredits };
  return resolvePrices(stored);
}

/** The catalogue's defaults, until the server answers (and when it cannot). */
const DEFAULT_PRICES = resolvePrices(undefined);

/**
 * Every price as the server's price table, cell by cell (a resolution, with or without sound):
 * read with shared/prices.ts (webCost, surchargeCost), the arithmetic the server charges with.
 */
export function useWebPriceTable(): PriceTable {
  const { data } = useQuery({
    queryKey: queryKeys.models,
    queryFn: callQuery(siteApi.models),
    refetchInterval: PRICES_REFETCH_MS,
    select: priceTableOf,
  });
  return data ?? DEFAULT_PRICES;
}

/** Whether people may make a first frame from text now (the admin's switch, decision 0161); true until known. */
export function useFirstFrameOffered(): boolean {
  const { data } = useQuery({
    queryKey: queryKeys.models,
    queryFn: callQuery(siteApi.models),
    refetchInterval: PRICES_REFETCH_MS,
    select: (view: ModelsView) => view.firstFrame !== false,
  });
  return data ?? true;
}
