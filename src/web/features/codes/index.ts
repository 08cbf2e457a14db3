/**
 * What other features may use of the codes (issue 70, decision 0156): the purchase dialogs'
 * discount code (features/payments, features/plans). Pages import the redeem card's file.
 * Loading it adds the codes' refusals to the error texts (code-reason-texts.ts).
 */
import "./code-reason-texts";

export { DiscountCodeField } from "./discount-code-field";
export { DiscountedPrice } from "./discounted-price";
export { useDiscountCode, type AppliedDiscount } from "./use-discount-code";
