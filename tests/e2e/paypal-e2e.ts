/** What the fake PayPal that playwright.config.ts starts accepts: a save tries PayPal's keys (decision 0145). */
export const E2E_PAYPAL = { clientId: "e2e-client-id", clientSecret: "e2e-secret" } as const;
