/**
 * What a sign-in hangs on beyond the account's own row, in one place: the routes that enforce it
 * and the admin's user page that explains it (decision 0146) read the same limiters and the same
 * test of Google sign-in, so the page cannot say something the sign-in does not do.
 */
import { RateLimiter, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import type { Settings } from "../settings/service.js";

/**
 * Failed password sign-ins per username, in lower case (decision 0035): at the rule's `max`, a
 * password sign-in with that name waits for the window to end, whatever the password.
 */
export const failedSignInLimiter = (rule: RateLimitRule, store: RateLimitStore): RateLimiter =>
  new RateLimiter("login-failures", rule, store);

/** Reset links sent to one account, whoever asks: the person, or an admin for them (decisions 0088, 0146). */
export const resetLinksPerAccountLimiter = (rule: RateLimitRule, store: RateLimitStore): RateLimiter =>
  new RateLimiter("password-reset-account", rule, store);

type GoogleSettings = Pick<Settings, "googleAuthEnabled" | "googleClientId" | "googleClientSecret">;

/** Google sign-in is switched on and complete (a client id and its secret). */
export function googleSignInOn<S extends GoogleSettings>(
  s: S,
): s is S & { googleClientId: string; googleClientSecret: string } {
  return s.googleAuthEnabled && Boolean(s.googleClientId) && Boolean(s.googleClientSecret);
}
