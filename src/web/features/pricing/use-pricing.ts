import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react";
import { callQuery } from "@/lib/api";
import { modelDescription, modelLabel, surchargeLabel } from "@/lib/catalogue-text";
import { formatMoney, formatNumber } from "@/lib/format";
import { firstLoadKeys } from "@/lib/first-load-keys";
import type { PricingView } from "../../../shared/schemas/videos";
import { apiCost, creditsToUsd, resolvePrices, webCost } from "../../../shared/prices";
import {
  defaultPriceOf,
  MODELS,
  modesFor,
  SURCHARGES,
  type GenerationMode,
  type Surcharge,
  type ModelId,
} from "../../../shared/catalogue";

/** GET /api/pricing/current (public), read with its shared schema; until it answers, the defaults. */
const PRICING_REFETCH_MS = 60_000;

export type CreditValue = NonNullable<PricingView["credit_value"]>;

interface ModelPrice {
  /** Credits per video with the model's default options (8 seconds for Veo) made on the website. */
  web: number;
  /** The same through the API (n8n, Make, ...). */
  api: number;
}

/** A model of the catalogue with what a video of it costs. */
export interface ModelPricing extends ModelPrice {
  model: ModelId;
  label: string;
  /** In the active language (lib/catalogue-text). */
  description: string;
  modes: GenerationMode[];
}

interface SurchargePricing extends ModelPrice {
  surcharge: Surcharge;
  /** In the active language (lib/catalogue-text). */
  label: string;
}

export interface Pricing {
  /** The models offered now (the admin may turn some off), in the catalogue's order. */
  models: ModelPricing[];
  /** Every model's price, offered or not. */
  byModel: Record<ModelId, ModelPrice>;
  /** The ids of the models offered now: all of them until the server answers. */
  offered: ModelId[];
  /** Models failing often right now (decision 0097): still offered, marked on the form. */
  degraded: ModelId[];
  /** Added to a model's price (a 4K version, an extension); API prices are decimals here. */
  surcharges: SurchargePricing[];
  /** True while videos come from the built-in simulator (demo mode). */
  simulated: boolean;
  /** Videos paid with welcome credits are 720p with a watermark (the admin's setting, decision 0155). */
  welcomeVideosMarked: boolean;
  /** What a new person gets once their address is confirmed; null while the grant is off (decision 0155). */
  welcomeGrant: { credits: number; days: number } | null;
  /**
   * What one credit is worth (decision 0075): the admin's value, or the lowest price per credit
   * among the packages on sale; null until the server answers and while nothing is sold (the
   * pages then speak of credits only, never of dollars).
   */
  creditValue: CreditValue | null;
  /** True once the server answered; false while loading or when it failed (defaults shown). */
  fromServer: boolean;
}

/** The prices without their words: what the query keeps (the words follow the language when read). */
interface PricingData extends Omit<Pricing, "models" | "surcharges"> {
  models: Omit<ModelPricing, "label" | "description">[];
  surcharges: Omit<SurchargePricing, "label">[];
}

/** The catalogue's default prices, cell by cell: a model's default video costs what the server's answer would say. */
const DEFAULT_TABLE = resolvePrices(undefined);

/** The catalogue's models and surcharges with the server's prices, or the catalogue's defaults (shared/catalogue.ts). */
function pricingOf(data: PricingView | undefined): PricingData {
  // The server lists only the models offered now (issue 42).
  const offered = data ? MODELS.filter((model) => data.models.some((m) => m.model === model)) : [...MODELS];
  const all = MODELS.map((model) => {
    const own = data?.models.find((m) => m.model === model);
    // A model priced per cell (per second, per resolution) has no price item of its own: its default video's cost.
    const fallback = { web: webCost(DEFAULT_TABLE, model), api: apiCost(DEFAULT_TABLE, model) };
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
  const byModel = Object.fromEntries(all.map(({ model, web, api }) => [model, { web, api }])) as Record<
    ModelId,
    ModelPrice
  >;
  return {
    models: all.filter((m) => offered.includes(m.model)),
    byModel,
    offered,
    degraded: (data?.models ?? []).filter((m) => m.status === "degraded").map((m) => m.model),
    surcharges,
    simulated: data?.simulated ?? false,
    welcomeVideosMarked: data?.welcome_videos_marked ?? false,
    welcomeGrant: data?.welcome_grant ?? null,
    creditValue: data?.credit_value ?? null,
    fromServer: data !== undefined,
  };
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

// The contract (and zod) is imported when the call is made: the landing page shows prices (lib/api.ts, RouteSource).
const readPricing = callQuery(() => import("../../../shared/api/site").then((m) => m.siteApi.pricing));

/** The current prices (refetched every 60 s), with the defaults while unknown; their words in the active language. */
export function usePricing(): Pricing {
  // Subscribes to the language: a change renders again with the new words.
  useLingui();
  const { data } = useQuery({
    queryKey: firstLoadKeys.pricing,
    queryFn: readPricing,
    refetchInterval: PRICING_REFETCH_MS,
    select: pricingOf,
  });
  return withWords(data ?? DEFAULT_PRICES);
}

/** What credits are worth at the credit's value, written in the active language's way: "$0.75" for 5 credits at $0.15. */
export function formatCreditsInUsd(credits: number, value: CreditValue): string {
  return formatMoney(creditsToUsd(credits, value.usd), "USD");
}

/**
 * One credit's value: "$0.15"; a value derived from the packages with up to three decimals, as
 * the package cards write their price per credit ("$0.143"), the admin's own with up to four.
 */
export function formatCreditValue(value: CreditValue): string {
  return formatNumber(value.usd, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: value.source === "packages" ? 3 : 4,
  });
}
