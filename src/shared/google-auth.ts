/**
 * Sign in with Google: what the server answers and the pages say (decisions 0025 and 0033).
 * The callback sends the browser to /login?auth=success|error|account-exists, or, for My
 * Account's "Connect Google", to /my-account?google=connected|error.
 */
import { z } from "zod";

/** Google's verified e-mail is held by an account whose own e-mail nobody verified: nobody is signed in. */
export const GOOGLE_ACCOUNT_EXISTS_MESSAGE =
  "An account with this e-mail already exists. Sign in with its password and connect Google on My Account, or create a new account with Google.";

/** POST /api/auth/google/new-account without a valid sealed identity. */
export const GOOGLE_NEW_ACCOUNT_EXPIRED = "This choice has expired or was already used. Please sign in with Google again.";

// ---- Answers and the callback's query (decision 0040) ----

/** GET /api/auth/google/status: whether the admin switched Google sign-in on (and completed it). */
export const googleStatusSchema = z.object({ enabled: z.boolean() }).meta({ id: "GoogleSignInStatus" });
export type GoogleStatus = z.infer<typeof googleStatusSchema>;

/** GET /api/auth/google/url and POST /api/auth/google/link: where to send the browser (Google's consent page). */
export const googleAuthUrlSchema = z.object({ authUrl: z.string() }).meta({ id: "GoogleAuthUrl" });
export type GoogleAuthUrl = z.infer<typeof googleAuthUrlSchema>;

/** GET /api/auth/google/connection */
export const googleConnectionSchema = z.object({ connected: z.boolean() }).meta({ id: "GoogleConnection" });
export type GoogleConnection = z.infer<typeof googleConnectionSchema>;

/**
 * GET /api/auth/google/callback?code=&state= (or ?error=), as Google sends it. Anything else in
 * a field (a repeated parameter) reads as absent: the callback then ends on the page with
 * auth=error, never with a JSON error the browser would show as is.
 */
const callbackParam = z.string().optional().catch(undefined);
export const googleCallbackQuerySchema = z.object({
  code: callbackParam.meta({ description: "The authorization code." }),
  state: callbackParam.meta({ description: "Must match the flow this browser started." }),
  error: callbackParam.meta({ description: "Set by Google instead of a code (access_denied: cancelled)." }),
});
