/** PayPal's REST API hosts, one per environment: an app's client id and secret work in one only. */
export const PAYPAL_BASE_URLS = {
  sandbox: "https://api-m.sandbox.paypal.com",
  production: "https://api-m.paypal.com",
} as const;
export type PaypalEnvironment = keyof typeof PAYPAL_BASE_URLS;
