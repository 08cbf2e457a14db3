/**
 * Sign in with Google: what the server answers and the pages say (decisions 0025 and 0033).
 * The callback sends the browser to /login?auth=success|error|account-exists, or, for My
 * Account's "Connect Google", to /my-account?google=connected|error.
 */

/** Google's verified e-mail is held by an account whose own e-mail nobody verified: nobody is signed in. */
export const GOOGLE_ACCOUNT_EXISTS_MESSAGE =
  "An account with this e-mail already exists. Sign in with its password and connect Google on My Account, or create a new account with Google.";

/** POST /api/auth/google/new-account without a valid sealed identity. */
export const GOOGLE_NEW_ACCOUNT_EXPIRED = "This choice has expired or was already used. Please sign in with Google again.";

/** GET /api/auth/google/connection */
export interface GoogleConnection {
  connected: boolean;
}
