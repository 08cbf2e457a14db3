/**
 * What credits buy in videos (decision 0167): one headline per plan or pack, counted in a
 * reference model's videos, and the count for every model offered, for the fold-out detail.
 */
import { plural } from "@lingui/core/macro";
import type { ModelId } from "../../../shared/catalogue";
import type { ModelPricing } from "./use-pricing";

/**
 * The model the headlines count in: Veo3 Fast (the welcome credits' lines count in it too, issue
 * 70) while it is offered and priced, else the offered model that gives the most videos.
 */
const REFERENCE_MODEL: ModelId = "veo3_fast";

export function referenceModel<M extends Pick<ModelPricing, "model" | "web">>(models: readonly M[]): M | null {
  const priced = models.filter((m) => m.web > 0);
  const reference = priced.find((m) => m.model === REFERENCE_MODEL);
  if (reference) return reference;
  return priced.reduce<M | null>((best, m) => (best === null || m.web < best.web ? m : best), null);
}

/** How many videos of one model `credits` pay for (a model without a price: none). */
export function videosOf(credits: number, model: Pick<ModelPricing, "web">): number {
  return model.web > 0 ? Math.floor(credits / model.web) : 0;
}

/**
 * "≈ 100 Veo3 Fast videos" for `credits` at the reference model's web price, with "a month" or "a
 * year" for a plan's credits; null while no model is offered (words in the active language).
 */
export function videosHeadline(
  credits: number,
  models: readonly Pick<ModelPricing, "model" | "web" | "label">[],
  per: "month" | "year" | null = null,
): string | null {
  const model = referenceModel(models);
  if (!model) return null;
  const n = videosOf(credits, model);
  const label = model.label;
  if (per === "month") return plural(n, { one: `≈ # ${label} video a month`, other: `≈ # ${label} videos a month` });
  if (per === "year") return plural(n, { one: `≈ # ${label} video a year`, other: `≈ # ${label} videos a year` });
  return plural(n, { one: `≈ # ${label} video`, other: `≈ # ${label} videos` });
}
