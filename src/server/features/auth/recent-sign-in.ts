/**
 * A person without a password (an account made by Google sign-in) has nothing to type to prove it
 * is them, so the proof is a Google sign-in at most GOOGLE_RECHECK_MINUTES old (decisions 0087,
 * 0088): such an account can only sign in with Google, so its session's age is that sign-in's.
 * Asked before a first password is set, a new address is asked for, and the account is deleted:
 * a borrowed or forgotten session is not enough for any of them.
 */
import type { Queryable } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import { sessionAgeSeconds } from "../../identity/sessions.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { GOOGLE_RECHECK_MINUTES } from "../../../shared/schemas/auth.js";

/** The sign-in's age in seconds, or 403 google_recheck_needed when it is older than allowed. */
export async function requireRecentSignIn(db: Queryable, sessionToken: string | undefined): Promise<number> {
  const age = await sessionAgeSeconds(db, sessionToken);
  if (age > GOOGLE_RECHECK_MINUTES * 60)
    throw new AppError(
      "forbidden",
      `Sign in with Google again to confirm it is you, then try again within ${GOOGLE_RECHECK_MINUTES} minutes.`,
      reasoned("google_recheck_needed", { minutes: GOOGLE_RECHECK_MINUTES }),
    );
  return age;
}
