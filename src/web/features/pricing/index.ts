/** What other features may use of the pricing feature (decision 0037). */
export { formatCreditValue, usePricing, type CreditValue } from "./use-pricing";
// A plan's and a pack's headline and their videos per model (decision 0167): features/plans and payments.
export { VideosPerModel } from "./videos-per-model";
