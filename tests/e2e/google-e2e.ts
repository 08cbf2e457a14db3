/** The Google OAuth client the e2e fake provider (tests/fakes/google-fake.mjs) knows. */
export const E2E_GOOGLE = {
  clientId: "e2e-client.apps.googleusercontent.com",
  clientSecret: "GOCSPX-e2e-fake-secret",
} as const;
