/**
 * Which payment keys a save of the settings must have tried first (decision 0145): a provider's
 * keys as the save leaves them, when it will be on afterwards and the save changes what it uses
 * (a new key typed, switched on, another environment; for PayPal also the client id and the
 * webhook id). Keys left as they were are not tried again; nothing is tried while a provider is off.
 */
import { isMaskedSecret } from "../../../shared/mask.js";
import type { SettingsUpdate } from "../../../shared/schemas/settings.js";
import type { CreemKeys, PaypalKeys } from "./payment-key-check.js";
import type { Settings } from "./service.js";

type Patch = Partial<SettingsUpdate>;

/** A secret after the save (blank or masked keeps the stored one, null clears it) and whether one was typed. */
function secretAfter(stored: string | null, sent: string | null | undefined): { value: string | null; typed: boolean } {
  if (sent === undefined) return { value: stored, typed: false };
  if (sent === null) return { value: null, typed: false };
  const typed = sent.trim();
  if (typed === "" || isMaskedSecret(typed)) return { value: stored, typed: false };
  return { value: typed, typed: true };
}

const after = <T>(stored: T, sent: T | undefined): T => (sent === undefined ? stored : sent);

export function creemKeysToTry(stored: Settings, patch: Patch): CreemKeys | undefined {
  const key = secretAfter(stored.creemApiKey, patch.creemApiKey);
  const environment = after(stored.creemEnvironment, patch.creemEnvironment) === "prod" ? "prod" : "test";
  if (!after(stored.creemEnabled, patch.creemEnabled) || !key.value) return undefined;
  const changed = key.typed || !stored.creemEnabled || environment !== stored.creemEnvironment;
  return changed ? { apiKey: key.value, environment } : undefined;
}

export function paypalKeysToTry(stored: Settings, patch: Patch): PaypalKeys | undefined {
  const secret = secretAfter(stored.paypalClientSecret, patch.paypalClientSecret);
  const clientId = after(stored.paypalClientId, patch.paypalClientId);
  const environment =
    after(stored.paypalEnvironment, patch.paypalEnvironment) === "production" ? "production" : "sandbox";
  const webhookId = after(stored.paypalWebhookId, patch.paypalWebhookId);
  if (!after(stored.paypalEnabled, patch.paypalEnabled) || !clientId || !secret.value) return undefined;
  const changed =
    secret.typed ||
    clientId !== stored.paypalClientId ||
    !stored.paypalEnabled ||
    environment !== stored.paypalEnvironment ||
    webhookId !== stored.paypalWebhookId;
  return changed ? { clientId, clientSecret: secret.value, environment, webhookId } : undefined;
}
