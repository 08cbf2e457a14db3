import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react";
import { schemaQueryFn } from "@/lib/api";
import { modelDescription, modelLabel, surchargeLabel } from "@/lib/catalogue-text";
import { formatMoney } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import type { PricingView } from "../../../shared/schemas/videos";
import {
  defaultPriceOf,
  MODELS,
  modesFor,
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
  /** In the active language (lib/catalogue-text). */
  description: string;
  modes: GenerationMode[];
}

export interface SurchargePricing extends ModelPrice {
  surcharge: Surcharge;
  /** In the active language (lib/catalogue-text). */
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

/** The prices without their words: what the query keeps (the words follow the language when read). */
interface PricingData extends Omit<Pricing, "models" | "surcharges"> {
  models: Omit<ModelPricing, "label" | "description">[];
  surcharges: Omit<SurchargePricing, "label">[];
}

/** The catalogue's models and surcharges with the server's prices, or the catalogue's defaults (shared/catalogue.ts). */
function pricingOf(data: PricingView | undefined): PricingData {
  const models = MODELS.map((model) => {
    const own = data?.models.find((m) => m.model === model);
    const fallback = defaultPriceOf(model);
    return {
      model,
      modes: modesFor(model),
      web: own?.web_credits ?? fallback.web,
      api: own?.api_credits ?? fallback.api,
    };
  });
  const surcharges = SURCHARGES.map((surcharge) => {
    const own = data?.surcharges.find((s) => s.surcharge === surcharge);
    const fallback = defaultPriceOf(surcharge);
    return { surcharge, web: own?.web_credits ?? fallback.web, api: own?.api_credits ?? fallback.api };
  });
  const byModel = Object.fromEntries(models.map(({ model, web, api }) => [model, { web, api }])) as Record<
    VeoModel,
    ModelPrice
  >;
  return { models, byModel, surcharges, simulated: data?.simulated ?? false, fromServer: data !== undefined };
}

/** The labels and descriptions of the catalogue in the active language, added to the prices. */
function withWords(data: PricingData): Pricing {
  return {
    ...data,
    models: data.models.map((m) => ({ ...m, label: modelLabel(m.model), description: modelDescription(m.model) })),
    surcharges: data.surcharges.map((s) => ({ ...s, label: surchargeLabel(s.surcharge) })),
  };
}

/** The prices shown until the server answers, and when it cannot (the catalogue's defaults, the database's too). */
const DEFAULT_PRICES: PricingData = pricingOf(undefined);

// Imported when the answer comes: the landing page shows prices (lib/api.ts, SchemaSource).
const pricingViewSchema = () => import("../../../shared/schemas/videos").then((m) => m.pricingViewSchema);
const readPricing = schemaQueryFn(pricingViewSchema, queryKeys.pricing[0]);

/** The current prices (refetched every 60 s), with the defaults while unknown; their words in the active language. */
export function usePricing(): Pricing {
  // Subscribes to the language: a change renders again with the new words.
  useLingui();
  const { data } = useQuery({
    queryKey: queryKeys.pricing,
    queryFn: readPricing,
    refetchInterval: PRICING_REFETCH_MS,
    select: pricingOf,
  });
  return withWords(data ?? DEFAULT_PRICES);
}

/** The cheapest web price of any model ("From 1 credit per video"). */
export function lowestWebPrice(pricing: Pricing): number {
  return Math.min(...pricing.models.map((m) => m.web));
}

/** One credit is $0.01: "$0.05" for 5 credits (in the active language's way). */
export function creditsToUsd(creditAmount: number): string {
  return formatMoney(creditAmount / 100, "USD");
}
