/** What a video costs in our credits, from the admin's prices (decision 0048). */
import {
  MODE_CATALOGUE,
  MODEL_CATALOGUE,
  modesFor,
  priceKeyOf,
  SURCHARGE_CATALOGUE,
  SURCHARGES,
  type ModelId,
} from "../../../shared/catalogue.js";
import { priceOf, resolvePrices } from "../../../shared/prices.js";
import type { PricingView } from "../../../shared/schemas/videos.js";
import type { ModelsView } from "../../../shared/schemas/models.js";
import type { Settings } from "../settings/service.js";
import { welcomeCredits } from "../welcome/welcome-grant.js";
import { offeredModels } from "./model-offer.js";
import { quote } from "./quote.js";
import { vendorsFor } from "./video-vendors.js";
import type { ModelHealth } from "../../../shared/schemas/model-health.js";

/** A model's price at its default options, on the website and through the API: what quote.ts charges. */
const listPrice = (s: Settings, model: ModelId) => ({
  web: quote(s, { channel: "web", video: { model } }).credits,
  api: quote(s, { channel: "api", video: { model } }).credits,
});

export function pricingView(
  s: Settings,
  simulated: boolean,
  creditValue: PricingView["credit_value"],
  health: readonly ModelHealth[],
): PricingView {
  const prices = resolvePrices(s.prices);
  const price = (model: ModelId) => {
    const { web, api } = listPrice(s, model);
    return { web_credits: web, api_credits: api };
  };
  return {
    veo3_fast: price("veo3_fast"),
    veo3_quality: price("veo3"),
    // Only what can be made now (issue 42): the form and the price tables list these.
    models: offeredModels(s).map((model) => ({
      model,
      label: MODEL_CATALOGUE[model].label,
      description: MODEL_CATALOGUE[model].description,
      modes: modesFor(model),
      ...price(model),
      status: statusOf(health, model),
    })),
    modes: Object.entries(MODE_CATALOGUE).map(([mode, entry]) => ({
      mode: mode as PricingView["modes"][number]["mode"],
      label: entry.label,
      description: entry.description,
      minImages: entry.images.min,
      maxImages: entry.images.max,
      imageLabels: [...entry.imageLabels],
    })),
    surcharges: SURCHARGES.map((surcharge) => ({
      surcharge,
      label: SURCHARGE_CATALOGUE[surcharge].label,
      web_credits: priceOf(prices, surcharge).web,
      api_credits: priceOf(prices, surcharge).api,
    })),
    simulated,
    welcome_videos_marked: s.welcomeVideosWatermarked,
    welcome_grant: s.welcomeGrantEnabled ? { credits: welcomeCredits(s), days: s.welcomeGrantDays } : null,
    credit_value: creditValue,
  };
}

/** GET /api/models: every model in our words (decision 0095), with the admin's prices. */
export function modelsView(s: Settings, simulated: boolean, health: readonly ModelHealth[]): ModelsView {
  const prices = resolvePrices(s.prices);
  return {
    models: offeredModels(s).map((id) => {
      const m = MODEL_CATALOGUE[id];
      const h = health.find((x) => x.model === id);
      return {
        id,
        label: m.label,
        description: m.description,
        family: m.family,
        vendors: [...vendorsFor(id, s)],
        modes: modesFor(id).map((mode) => {
          const { images, shapeFollowsImage } = m.modes[mode]!;
          return {
            mode,
            minImages: images.min,
            maxImages: images.max,
            imageLabels: MODE_CATALOGUE[mode].imageLabels.slice(0, images.max),
            shapeFollowsImage: shapeFollowsImage === true,
          };
        }),
        durations: { options: [...m.durations.options], default: m.durations.default, chosen: m.durations.chosen },
        resolutions: { options: [...m.resolutions.options], default: m.resolutions.default },
        aspectRatios: {
          options: [...m.aspectRatios.options],
          default: m.aspectRatios.default,
          chosen: m.aspectRatios.chosen,
        },
        limits: m.limits.map((l) => ({ resolution: l.resolution, durations: [...l.durations] })),
        audio: m.audio,
        seed: m.seed && { min: m.seed.min, max: m.seed.max },
        negativePrompt: m.negativePrompt,
        watermark: m.watermark,
        upgrades: { ...m.upgrades },
        draft: m.draft ? { ...m.draft } : null,
        price: {
          unit: m.pricing.unit,
          webCredits: listPrice(s, id).web,
          apiCredits: listPrice(s, id).api,
          cells: m.pricing.cells.map((cell) => {
            const own = priceOf(prices, priceKeyOf(id, cell));
            return { resolution: cell.resolution, audio: cell.audio, webCredits: own.web, apiCredits: own.api };
          }),
        },
        status: statusOf(health, id),
        typicalSeconds: h?.lastDay.medianSeconds ?? null,
      };
    }),
    surcharges: SURCHARGES.map((surcharge) => ({
      surcharge,
      label: SURCHARGE_CATALOGUE[surcharge].label,
      webCredits: priceOf(prices, surcharge).web,
      apiCredits: priceOf(prices, surcharge).api,
    })),
    simulated,
    firstFrame: s.firstFrameEnabled,
  };
}

const statusOf = (health: readonly ModelHealth[], model: ModelId) =>
  health.find((h) => h.model === model)?.degraded ? ("degraded" as const) : ("available" as const);
