/** What a video costs in our credits: web prices, and API prices rounded up (decision 0017). */
import type { PricingView } from "../../../shared/schemas/videos.js";
import type { VeoModel } from "../../../shared/videos.js";
import type { Settings } from "../settings/service.js";

export function webCost(model: VeoModel, s: Pick<Settings, "veo3Credits" | "veo3FastCredits">): number {
  return model === "veo3" ? s.veo3Credits : s.veo3FastCredits;
}

/** API prices are stored as decimals; a video costs whole credits, rounded up. */
export function apiCost(model: VeoModel, s: Pick<Settings, "veo3ApiPrice" | "veo3FastApiPrice">): number {
  return Math.ceil(Number(model === "veo3" ? s.veo3ApiPrice : s.veo3FastApiPrice));
}

export function pricingView(s: Settings, simulated: boolean): PricingView {
  return {
    veo3_fast: { web_credits: webCost("veo3_fast", s), api_credits: apiCost("veo3_fast", s) },
    veo3_quality: { web_credits: webCost("veo3", s), api_credits: apiCost("veo3", s) },
    simulated,
  };
}
