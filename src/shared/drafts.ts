/**
 * Drafts (issue 74 §3, decision 0178): a cheap, fast version of a video to iterate on, then its
 * final at full quality. A model's catalogue entry says how it is drafted (`draft`: the same model
 * at a lower resolution, or a cheaper sibling with the same options). A draft is offered only where
 * it makes something different and costs strictly less than its final at the prices in force (the
 * admin's): the generator, the server and the repo test read the same rule from here.
 */
import {
  combinationProblem,
  MODEL_CATALOGUE,
  optionsFor,
  optionsProblem,
  type GenerationMode,
  type ModelId,
  type Resolution,
  type VideoOptions,
} from "./catalogue.js";
import { apiCost, webCost, type PriceTable } from "./prices.js";

/** What a draft is the draft of: the model and resolution the person chose for the final. */
export interface DraftOf {
  model: ModelId;
  resolution: Resolution;
}

/** The video a draft is made as: its model and its options (the final's, but for the draft's resolution). */
export interface DraftPlan {
  model: ModelId;
  options: VideoOptions;
}

/**
 * The draft of a video of `model` with these options in `mode`, by the catalogue alone (no price):
 * undefined where the model has no draft, where the options are already the draft's (a 480p video
 * of a model drafted at 480p), or where the draft model cannot make them.
 */
export function draftPlanOf(
  model: ModelId,
  mode: GenerationMode,
  asked: Partial<VideoOptions>,
  imageCount: number,
): DraftPlan | undefined {
  const way = MODEL_CATALOGUE[model].draft;
  if (!way) return undefined;
  const final = optionsFor(model, asked);
  if ("resolution" in way) {
    if (final.resolution === way.resolution) return undefined;
    const options = { ...final, resolution: way.resolution };
    return optionsProblem(model, options) ? undefined : { model, options };
  }
  const options = { ...final };
  if (combinationProblem({ model: way.model, mode, imageCount }) || optionsProblem(way.model, options))
    return undefined;
  return { model: way.model, options: optionsFor(way.model, options) };
}

/** What a video costs on this channel (the web's credits, or the API's rounded up). */
const costOf = (prices: PriceTable, via: "web" | "api", model: ModelId, options: VideoOptions) =>
  via === "web" ? webCost(prices, { model, ...options }) : apiCost(prices, { model, ...options });

/**
 * The draft as offered now: draftPlanOf's, and only when it costs strictly less than its final at
 * these prices on this channel (an admin's prices may make it not cheaper: then there is none).
 */
export function usableDraft(
  prices: PriceTable,
  via: "web" | "api",
  model: ModelId,
  mode: GenerationMode,
  asked: Partial<VideoOptions>,
  imageCount: number,
): (DraftPlan & { cost: number; finalCost: number }) | undefined {
  const plan = draftPlanOf(model, mode, asked, imageCount);
  if (!plan) return undefined;
  const cost = costOf(prices, via, plan.model, plan.options);
  const finalCost = costOf(prices, via, model, optionsFor(model, asked));
  return cost < finalCost ? { ...plan, cost, finalCost } : undefined;
}

/** Why `draft: true` cannot be had for this video, in words a person can act on (the catalogue alone). */
export function draftProblem(
  model: ModelId,
  mode: GenerationMode,
  asked: Partial<VideoOptions>,
  imageCount: number,
): string | undefined {
  const m = MODEL_CATALOGUE[model];
  const way = m.draft;
  if (!way) return `${m.label} has no draft: choose a model that offers one, or leave draft out`;
  if (draftPlanOf(model, mode, asked, imageCount)) return undefined;
  if ("resolution" in way && optionsFor(model, asked).resolution === way.resolution)
    return `A ${way.resolution} video of ${m.label} is already a draft: choose a higher resolution, or leave draft out`;
  return `${m.label} has no draft for these options: leave draft out`;
}
