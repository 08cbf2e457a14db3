/**
 * The payment methods' address on its own, without the contract's schemas: the landing page's FAQ
 * keys its query by it (the buy dialog's cache) while leaving zod out of the first load.
 */
export const PAYMENT_METHODS_PATH = "/api/settings/payment-methods" as const;
