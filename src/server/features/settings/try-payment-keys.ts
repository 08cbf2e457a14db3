/** Tries the payment keys a save changes (decision 0145), both providers at once; the first refusal wins. */
import type { SettingsUpdate } from "../../../shared/schemas/settings.js";
import type { PaymentKeyChecker } from "./payment-key-check.js";
import type { KeyChecks } from "./payment-key-checks-log.js";
import { creemKeysToTry, paypalKeysToTry } from "./payment-keys-to-try.js";
import type { Settings } from "./service.js";

/** What was tried, for the save's audit entry; undefined when nothing was. Throws the refusal (Creem's first). */
export async function tryPaymentKeys(
  checker: PaymentKeyChecker,
  stored: Settings,
  patch: Partial<SettingsUpdate>,
): Promise<KeyChecks | undefined> {
  const creemKeys = creemKeysToTry(stored, patch);
  const paypalKeys = paypalKeysToTry(stored, patch);
  const [creem, paypal] = await Promise.allSettled([
    creemKeys && checker.creem(creemKeys),
    paypalKeys && checker.paypal(paypalKeys),
  ]);
  for (const outcome of [creem, paypal]) if (outcome.status === "rejected") throw outcome.reason;
  const checks: KeyChecks = {};
  if (creem.status === "fulfilled" && creem.value) checks.creem = creem.value;
  if (paypal.status === "fulfilled" && paypal.value) checks.paypal = paypal.value;
  return checks.creem || checks.paypal ? checks : undefined;
}
