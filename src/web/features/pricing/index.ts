/** What other features may use of the pricing feature (decision 0037). */
export { creditsToUsd, usePricing, type Pricing } from "./use-pricing";
