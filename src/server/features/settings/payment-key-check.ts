/**
 * Creem's and PayPal's keys are tried before they are saved, as KIE's are (decisions 0074, 0145):
 * a wrong key saved unchecked offers a checkout that fails for every buyer, and nobody is told.
 * Creem: a read of one product, which needs a working x-api-key. PayPal: a new OAuth token with the
 * client id and secret, then the webhook id looked up with it.
 */
import type { Config } from "../../config.js";
import { AppError } from "../../http/errors.js";
import { CreemClient } from "../../integrations/creem/client.js";
import { CreemError } from "../../integrations/creem/errors.js";
import { CREEM_BASE_URLS, type CreemEnvironment } from "../../integrations/creem/hosts.js";
import { PaypalClient } from "../../integrations/paypal/client.js";
import { PaypalError } from "../../integrations/paypal/errors.js";
import { PAYPAL_BASE_URLS, type PaypalEnvironment } from "../../integrations/paypal/hosts.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { CreemKeyCheck, PaypalKeyCheck } from "../../../shared/schemas/payment-key-checks.js";

/** An admin waits for the answer: at most this long per provider. */
const CHECK_TIMEOUT_MS = 10_000;

export interface CreemKeys {
  apiKey: string;
  environment: CreemEnvironment;
}

export interface PaypalKeys {
  clientId: string;
  clientSecret: string;
  environment: PaypalEnvironment;
  webhookId: string | null;
}

export interface PaymentKeyChecker {
  /** What Creem accepted; throws a 422 AppError saying why the key cannot be saved. */
  creem(keys: CreemKeys): Promise<CreemKeyCheck>;
  /** What PayPal accepted and said of the webhook id; throws a 422 AppError saying why the keys cannot be saved. */
  paypal(keys: PaypalKeys): Promise<PaypalKeyCheck>;
}

/** The English sentences, as the web app words them in the other languages (web/lib/error-text.ts). */
const CREEM_REFUSED = {
  test: (detail: string) =>
    `Creem refused this API key in test mode: ${detail}. Use a test-mode key (it starts with creem_test_). Nothing was saved.`,
  prod: (detail: string) =>
    `Creem refused this API key in production: ${detail}. Use a live key, not a test-mode one. Nothing was saved.`,
} as const;
const PAYPAL_REFUSED = {
  sandbox: (detail: string) =>
    `PayPal's sandbox refused this client ID and secret: ${detail}. Use the sandbox app's credentials from PayPal's developer dashboard. Nothing was saved.`,
  production: (detail: string) =>
    `PayPal refused this client ID and secret for live payments: ${detail}. Use the live app's credentials from PayPal's developer dashboard. Nothing was saved.`,
} as const;

/** Keys are tried where they will be used: the environment's host, or CREEM_BASE_URL / PAYPAL_BASE_URL when set. */
export function paymentKeyChecker(config: Pick<Config, "payments">, now = () => new Date()): PaymentKeyChecker {
  return {
    async creem({ apiKey, environment }) {
      const baseUrl = config.payments.creemBaseUrl ?? CREEM_BASE_URLS[environment];
      try {
        await new CreemClient({ baseUrl, apiKey, timeoutMs: CHECK_TIMEOUT_MS }).checkApiKey();
      } catch (err) {
        if (err instanceof CreemError && err.kind === "unauthorized") {
          const detail = said(err.detail ?? `HTTP ${err.status ?? "error"}`);
          throw new AppError(
            "unprocessable",
            CREEM_REFUSED[environment](detail),
            reasoned("creem_key_refused", { detail, environment }),
          );
        }
        throw unreachable("Creem", err);
      }
      return { environment, checkedAt: now().toISOString() };
    },

    async paypal({ clientId, clientSecret, environment, webhookId }) {
      const baseUrl = config.payments.paypalBaseUrl ?? PAYPAL_BASE_URLS[environment];
      // A client of its own: the shared token cache is for payments, and this must ask PayPal anew.
      const client = new PaypalClient({ baseUrl, clientId, clientSecret, timeoutMs: CHECK_TIMEOUT_MS });
      let webhook;
      try {
        ({ webhook } = await client.checkCredentials(webhookId ?? undefined));
      } catch (err) {
        if (err instanceof PaypalError && err.kind === "unauthorized") {
          const detail = said(err.detail ?? err.issue ?? `HTTP ${err.status ?? "error"}`);
          throw new AppError(
            "unprocessable",
            PAYPAL_REFUSED[environment](detail),
            reasoned("paypal_keys_refused", { detail, environment }),
          );
        }
        throw unreachable("PayPal", err);
      }
      return {
        environment,
        checkedAt: now().toISOString(),
        webhook: webhookId ? (webhook?.status ?? "not_checked") : "not_set",
        webhookUrl: webhook?.status === "found" ? (webhook.url ?? null) : null,
      };
    },
  };
}

/** A provider's words without their own full stop: the sentence around them adds one. */
function said(words: string): string {
  let out = words.trim();
  while (out.endsWith(".")) out = out.slice(0, -1).trimEnd();
  return out;
}

/** Down, slow, or an answer that says nothing of the key: the key cannot be vouched for, so it is not saved (as KIE's). */
function unreachable(provider: "Creem" | "PayPal", err: unknown): AppError {
  const detail = err instanceof Error ? err.message : String(err);
  return new AppError(
    "unprocessable",
    `${provider} could not be reached to test these keys (${detail}), so nothing was saved. Try again in a minute.`,
    reasoned("payment_unreachable", { provider }),
  );
}
