/**
 * Sign in with Google: the answers and the callback's query (decisions 0025, 0033 and 0040). The
 * words and problem keys the pages show are in src/shared/google-auth.ts.
 */
import { z } from "zod";

/** GET /api/auth/google/status: whether the admin switched Google sign-in on (and completed it). */
export const googleStatusSchema = z.object({ enabled: z.boolean() }).meta({ id: "GoogleSignInStatus" });

/** GET /api/auth/google/url and POST /api/auth/google/link: where to send the browser (Google's consent page). */
export const googleAuthUrlSchema = z.object({ authUrl: z.string() }).meta({ id: "GoogleAuthUrl" });

/**
 * GET /api/auth/google/url?next=: the page to come back to after signing in (decision 0083). Only
 * a path of this site is kept (shared/next-path.ts); anything else is dropped (the home page).
 */
export const googleSignInQuerySchema = z.object({
  next: z
    .string()
    .max(2048)
    .optional()
    .catch(undefined)
    .meta({ description: "A path of this site to come back to after signing in, e.g. /generate." }),
});

/** GET /api/auth/google/connection */
export const googleConnectionSchema = z.object({ connected: z.boolean() }).meta({ id: "GoogleConnection" });

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
