/** Turnstile's secret the e2e fake (tests/fakes/turnstile-fake.mjs) accepts, and a site key for the admin to set. */
export const E2E_TURNSTILE = {
  siteKey: "0x4AAAAAAAe2e-site-key",
  secret: "0x4AAAAAAAe2e-turnstile-secret",
} as const;
