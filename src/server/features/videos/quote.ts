/**
 * What a video costs the person who asks (decision 0139): the one place the credits to charge are
 * worked out, from the admin's prices (decision 0048) and the way the video is asked for. Callers
 * say who, what and through which channel; none of them computes a price.
 *
 * - `web`: the website's form. The chosen cell's web price × its units (seconds for a per-second
 *   model, issue 42); a 4K version asked for with it is its own charge, the 4K surcharge's web price.
 * - `api`: the automation API. The cell's API price × its units, rounded up to whole credits
 *   (decision 0017); a 4K version asked for with it is the 4K surcharge's API price, rounded up on its own.
 * - `extend`: an extension of a finished video (decision 0050): the model's price at its
 *   default options plus the extension surcharge, in one figure: web prices, or API prices when
 *   the automation API asks (`via: "api"`, issue 71), rounded up as the API's are. Never with 4K.
 * - `4k`: the 4K version of a finished video (decision 0049): the 4K surcharge's web price alone,
 *   or its API price when an API token asks (`via: "api"`: the MCP server's upgrade_video, 0168).
 */
import type { ModelId } from "../../../shared/catalogue.js";
import { apiCost, resolvePrices, surchargeCost, webCost, type PricedVideo } from "../../../shared/prices.js";
import type { Settings } from "../settings/service.js";

/** The options that change a video's price; the model's defaults where absent. */
export type QuotedVideo = Exclude<PricedVideo, ModelId>;

/** What is asked for, and through which channel. A 4K upgrade of a finished video needs nothing more. */
export type QuoteRequest =
  | { channel: "web" | "api"; video: QuotedVideo }
  | { channel: "extend"; video: QuotedVideo; via?: "web" | "api" }
  | { channel: "4k"; via?: "web" | "api" };

export interface Quote {
  /** The video's own charge (0 for a 4K upgrade of a finished video). */
  credits: number;
  /** The 4K add-on, its own charge (and its own usage row): 0 when no 4K version is asked for. */
  uhd: number;
  /** What the person must have and is charged: `credits + uhd`. */
  total: number;
}

const quoted = (credits: number, uhd: number): Quote => ({ credits, uhd, total: credits + uhd });

/** The price of `request` under the admin's prices in `settings`. */
export function quote(settings: Pick<Settings, "prices">, request: QuoteRequest): Quote {
  const prices = resolvePrices(settings.prices);
  switch (request.channel) {
    case "4k":
      return quoted(0, surchargeCost(prices, "4k", request.via ?? "web"));
    case "extend": {
      const cost = request.via === "api" ? apiCost : webCost;
      return quoted(cost(prices, { ...request.video, upgrade4k: false }, ["extend"]), 0);
    }
    case "web":
    case "api": {
      const { channel, video } = request;
      const cost = channel === "web" ? webCost : apiCost;
      const uhd = video.upgrade4k ? surchargeCost(prices, "4k", channel) : 0;
      return quoted(cost(prices, { ...video, upgrade4k: false }), uhd);
    }
  }
}

/** `quote` with the admin's settings as they are now (cached). */
export async function quoteNow(deps: { readSettings(): Promise<Pick<Settings, "prices">> }, request: QuoteRequest) {
  return quote(await deps.readSettings(), request);
}
