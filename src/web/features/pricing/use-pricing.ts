import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/pricing/current (public). Read tolerantly: any missing or bad figure gets its default. */
export const PRICING_REFETCH_MS = 60_000;

/** Spec section 9: web fast 1 and quality 5 credits; API fast 2 and quality 10. */
export const DEFAULT_PRICING = {
  fast: { web: 1, api: 2 },
  quality: { web: 5, api: 10 },
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

interface PricingResponse {
  veo3_fast?: { web_credits?: unknown; api_credits?: unknown };
  veo3_quality?: { web_credits?: unknown; api_credits?: unknown };
  simulated?: unknown;
}

function credits(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The current prices (refetched every 60 s), with the defaults applied while unknown. */
export function usePricing(): Pricing {
  const { data } = useQuery<PricingResponse | null>({
    queryKey: queryKeys.pricing,
    refetchInterval: PRICING_REFETCH_MS,
  });
  return {
    fast: {
      web: credits(data?.veo3_fast?.web_credits, DEFAULT_PRICING.fast.web),
      api: credits(data?.veo3_fast?.api_credits, DEFAULT_PRICING.fast.api),
    },
    quality: {
      web: credits(data?.veo3_quality?.web_credits, DEFAULT_PRICING.quality.web),
      api: credits(data?.veo3_quality?.api_credits, DEFAULT_PRICING.quality.api),
    },
    simulated: data?.simulated === true,
    fromServer: Boolean(data),
  };
}

/** One credit is $0.01: "$0.05" for 5 credits. */
export function creditsToUsd(creditAmount: number): string {
  return `$${(creditAmount / 100).toFixed(2)}`;
}
