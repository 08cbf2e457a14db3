/**
 * Which payment providers can take money now, and with what. A provider is usable only when the
 * admin switched it on and every key it needs is set (GET /api/settings/payment-methods says so).
 */
import type { Config } from "../../config.js";
import { CREEM_BASE_URLS } from "../../integrations/creem/hosts.js";
import { PAYPAL_BASE_URLS } from "../../integrations/paypal/hosts.js";
import type { Settings } from "../settings/service.js";

export interface CreemSettings {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  environment: "test" | "prod";
}

export interface PaypalSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  environment: "sandbox" | "production";
}

type PaymentFields = Pick<
  Settings,
  | "creemEnabled"
  | "creemApiKey"
  | "creemWebhookSecret"
  | "creemEnvironment"
  | "paypalEnabled"
  | "paypalClientId"
  | "paypalClientSecret"
  | "paypalEnvironment"
>;

/** Creem as configured, or undefined when switched off or missing a key. */
export function creemSettings(s: PaymentFields, config: Pick<Config, "payments">): CreemSettings | undefined {
  if (!s.creemEnabled || !s.creemApiKey || !s.creemWebhookSecret) return undefined;
  const environment = s.creemEnvironment === "prod" ? "prod" : "test";
  return {
    baseUrl: config.payments.creemBaseUrl ?? CREEM_BASE_URLS[environment],
    apiKey: s.creemApiKey,
    webhookSecret: s.creemWebhookSecret,
    environment,
  };
}

/** PayPal as configured, or undefined when switched off or missing a key. */
export function paypalSettings(s: PaymentFields, config: Pick<Config, "payments">): PaypalSettings | undefined {
  if (!s.paypalEnabled || !s.paypalClientId || !s.paypalClientSecret) return undefined;
  const environment = s.paypalEnvironment === "production" ? "production" : "sandbox";
  return {
    baseUrl: config.payments.paypalBaseUrl ?? PAYPAL_BASE_URLS[environment],
    clientId: s.paypalClientId,
    clientSecret: s.paypalClientSecret,
    environment,
  };
}
