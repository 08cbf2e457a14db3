/** What other features may use of the pricing feature (decision 0037). */
export { creditsToUsd, lowestWebPrice, usePricing, type ModelPricing, type Pricing } from "./use-pricing";
