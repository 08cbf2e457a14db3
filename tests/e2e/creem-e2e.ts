/** What the fake Creem that playwright.config.ts starts knows, shared with the spec that buys from it. */
export const E2E_CREEM = {
  apiKey: "creem_test_e2e_key",
  webhookSecret: "whsec_e2e_secret",
  productId: "prod_e2e_credits",
  /** The fake charges this for the product, so the package must cost the same ($19.99). */
  priceCents: 1999,
} as const;
