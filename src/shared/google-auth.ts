/**
 * Sign in with Google: what the pages say (decisions 0025 and 0033); the answers' schemas are in
 * schemas/google-auth.ts.
 * The callback sends the browser to /login?auth=success|error|account-exists, or, for My
 * Account's "Connect Google", to /my-account?google=connected|error.
 */

/** Google's verified e-mail is held by an account whose own e-mail nobody verified: nobody is signed in. */
export const GOOGLE_ACCOUNT_EXISTS_MESSAGE =
  "An account with this e-mail already exists. Sign in with its password and connect Google on My Account, or create a new account with Google.";

/** POST /api/auth/google/new-account without a valid sealed identity. */
export const GOOGLE_NEW_ACCOUNT_EXPIRED =
  "This choice has expired or was already used. Please sign in with Google again.";

/**
 * Why a Google sign-in or connection ended without success. The callback sends the key as
 * `problem` beside the English `message` (decision 0056), so the page words it in the person's
 * language. Connecting Google words `cancelled` and `refused` for itself.
 */
export const GOOGLE_PROBLEMS = {
  cancelled: "Google sign-in was cancelled.",
  refused: "Google sign-in failed: Google refused it.",
  not_enabled: "Google sign-in is not enabled.",
  link_expired: "This sign-in link expired or was opened in another browser. Please try again.",
  no_code: "Google sent no sign-in code. Please try again.",
  session_changed: "You are no longer signed in to the account that started connecting Google. Sign in and try again.",
  account_disabled: "This account has been disabled.",
  google_taken: "This Google account is already connected to another account here.",
  other_google_connected: "Your account is already connected to a different Google account.",
  already_has_account: "This Google account already has an account here. Sign in with Google.",
  no_username: "Could not choose a username for this account. Please try again.",
  unreachable: "Google could not be reached. Please try again in a moment.",
  misconfigured: "Google sign-in is misconfigured (client id or secret). Please tell the site's admin.",
  no_identity: "Google did not send an identity. Please try again.",
  not_accepted: "Google did not accept this sign-in (it may have expired or been used already). Please try again.",
  not_verified: "Google's answer could not be verified. Please try again.",
  wrong_answer: "Google's answer does not belong to this sign-in. Please try again.",
  no_subject: "Google did not say who you are. Please try again.",
  failed: "Google sign-in failed. Please try again.",
} as const;
export type GoogleProblem = keyof typeof GOOGLE_PROBLEMS;
export const isGoogleProblem = (value: unknown): value is GoogleProblem =>
  typeof value === "string" && Object.hasOwn(GOOGLE_PROBLEMS, value);
