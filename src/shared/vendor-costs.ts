/**
 * What a video costs a provider account, in its vendor's credits (decision 0099): the account's
 * own figure for the model where the admin set one, else the catalogue's KIE price of the video's
 * cell × its units. The server picks and charges accounts by it; the admin's pages show it.
 */
import { optionsFor, priceCellFor, unitsOf, type ModelId, type VideoOptions } from "./catalogue.js";

/** Google's Gemini API price per second of Veo 3.1 at 720p with sound (video-vendors-2026.md §1.6). */
export const GOOGLE_USD_PER_SECOND: Partial<Record<ModelId, number>> = { veo3: 0.4, veo3_fast: 0.1, veo3_lite: 0.05 };

/** An account's own costs by model id (the column model_costs); a model not in it costs the default. */
type AccountCosts = Partial<Record<string, number>>;

/**
 * What a video of `model` with `options` costs an account, in its vendor's credits: the account's
 * own figure for the model where its cost map names it, else the catalogue's KIE price of the
 * video's cell × its units (decision 0099), e.g. 60 for a default Veo Fast video.
 */
export function vendorCostOf(model: ModelId, options: VideoOptions, accountCosts?: AccountCosts) {
  const own = accountCosts?.[model];
  if (own !== undefined) return own;
  return Math.ceil(priceCellFor(model, options).vendorCost * unitsOf(model, options));
}

/** What a video of `model` with its default options costs an account with no figure of its own. */
export const defaultModelCost = (model: ModelId): number => vendorCostOf(model, optionsFor(model, {}));

/** What a video of `model` with its default options costs an account with these costs. */
export const modelCostOf = (costs: AccountCosts, model: ModelId): number =>
  vendorCostOf(model, optionsFor(model, {}), costs);
