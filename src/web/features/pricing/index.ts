/** What other features may use of the pricing feature (decision 0037). */
export { formatCreditsInUsd, formatCreditValue, usePricing, type CreditValue, type ModelPricing } from "./use-pricing";
