import { useQuery } from "@tanstack/react-query";
import { schemaQueryFn } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { pricingViewSchema } from "../../../shared/schemas/videos";
import { DEFAULT_PRICES } from "../../../shared/videos";

/** GET /api/pricing/current (public), read with its shared schema; until it answers, the defaults. */
export const PRICING_REFETCH_MS = 60_000;

/** The prices shown until the server answers (shared/videos.ts, the database's defaults too). */
export const DEFAULT_PRICING = {
  fast: DEFAULT_PRICES.veo3_fast,
  quality: DEFAULT_PRICES.veo3,
} as const;

export interface ModelPrice {
  /** Credits per 8 second video made on the website. */
  web: number;
  /** Credits per 8 second video made through the API (n8n, Make, ...). */
  api: number;
}

export interface Pricing {
  fast: ModelPrice;
  quality: ModelPrice;
  /** True while videos come from the built-in simulator (demo mode). */
  simulated: boolean;
  /** True once the server answered; false while loading or when it failed (defaults shown). */
  fromServer: boolean;
}

const readPricing = schemaQueryFn(pricingViewSchema, queryKeys.pricing[0]);

/** The current prices (refetched every 60 s), with the defaults while unknown. */
export function usePricing(): Pricing {
  const { data } = useQuery({ queryKey: queryKeys.pricing, queryFn: readPricing, refetchInterval: PRICING_REFETCH_MS });
  if (!data) return { ...DEFAULT_PRICING, simulated: false, fromServer: false };
  return {
    fast: { web: data.veo3_fast.web_credits, api: data.veo3_fast.api_credits },
    quality: { web: data.veo3_quality.web_credits, api: data.veo3_quality.api_credits },
    simulated: data.simulated,
    fromServer: true,
  };
}

/** One credit is $0.01: "$0.05" for 5 credits. */
export function creditsToUsd(creditAmount: number): string {
  return `$${(creditAmount / 100).toFixed(2)}`;
}
