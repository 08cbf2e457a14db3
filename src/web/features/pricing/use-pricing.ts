import { useQuery } from "@tanstack/react-query";
import { schemaQueryFn } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { pricingViewSchema, type PricingView } from "../../../shared/schemas/videos";
import {
  defaultPriceOf,
  MODEL_CATALOGUE,
  MODELS,
  modesFor,
  SURCHARGE_CATALOGUE,
  SURCHARGES,
  type GenerationMode,
  type Surcharge,
  type VeoModel,
} from "../../../shared/catalogue";

/** GET /api/pricing/current (public), read with its shared schema; until it answers, the defaults. */
export const PRICING_REFETCH_MS = 60_000;

export interface ModelPrice {
  /** Credits per 8 second video made on the website. */
  web: number;
  /** Credits per 8 second video made through the API (n8n, Make, ...). */
  api: number;
}

/** A model of the catalogue with what a video of it costs. */
export interface ModelPricing extends ModelPrice {
  model: VeoModel;
  label: string;
  description: string;
  modes: GenerationMode[];
}

export interface SurchargePricing extends ModelPrice {
  surcharge: Surcharge;
  label: string;
}

export interface Pricing {
  /** Every model of the catalogue, in its order. */
  models: ModelPricing[];
  /** The same prices by model. */
  byModel: Record<VeoModel, ModelPrice>;
  /** Added to a model's price (a 4K version, an extension); API prices are decimals here. */
  surcharges: SurchargePricing[];
  /** True while videos come from the built-in simulator (demo mode). */
  simulated: boolean;
  /** True once the server answered; false while loading or when it failed (defaults shown). */
  fromServer: boolean;
}

/** The catalogue's models and surcharges with the server's prices, or the catalogue's defaults (shared/catalogue.ts). */
function pricingOf(data: PricingView | undefined): Pricing {
  const models = MODELS.map((model): ModelPricing => {
    const own = data?.models.find((m) => m.model === model);
    const fallback = defaultPriceOf(model);
    return {
      model,
      label: MODEL_CATALOGUE[model].label,
      description: MODEL_CATALOGUE[model].description,
      modes: modesFor(model),
      web: own?.web_credits ?? fallback.web,
      api: own?.api_credits ?? fallback.api,
    };
  });
  const surcharges = SURCHARGES.map((surcharge): SurchargePricing => {
    const own = data?.surcharges.find((s) => s.surcharge === surcharge);
    const fallback = defaultPriceOf(surcharge);
    return { surcharge, label: SURCHARGE_CATALOGUE[surcharge].label, web: own?.web_credits ?? fallback.web, api: own?.api_credits ?? fallback.api };
  });
  const byModel = Object.fromEntries(models.map(({ model, web, api }) => [model, { web, api }])) as Record<VeoModel, ModelPrice>;
  return { models, byModel, surcharges, simulated: data?.simulated ?? false, fromServer: data !== undefined };
}

/** The prices shown until the server answers, and when it cannot (the catalogue's defaults, the database's too). */
export const DEFAULT_PRICING: Pricing = pricingOf(undefined);

const readPricing = schemaQueryFn(pricingViewSchema, queryKeys.pricing[0]);

/** The current prices (refetched every 60 s), with the defaults while unknown. */
export function usePricing(): Pricing {
  const { data } = useQuery({ queryKey: queryKeys.pricing, queryFn: readPricing, refetchInterval: PRICING_REFETCH_MS, select: pricingOf });
  return data ?? DEFAULT_PRICING;
}

/** The cheapest web price of any model ("From 1 credit per video"). */
export function lowestWebPrice(pricing: Pricing): number {
  return Math.min(...pricing.models.map((m) => m.web));
}

/** One credit is $0.01: "$0.05" for 5 credits. */
export function creditsToUsd(creditAmount: number): string {
  return `$${(creditAmount / 100).toFixed(2)}`;
}
