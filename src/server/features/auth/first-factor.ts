/**
 * The first factor asked again before a change a session alone must not make (decision 0135):
 * adding an account's first second factor, which a borrowed cookie would otherwise use to lock the
 * owner out (a password reset leaves them at a second step they cannot pass). The password, as a
 * change of address asks for it; an account without one (made by Google sign-in) proves a Google
 * sign-in of the last minutes instead (recent-sign-in.ts). The second factor's routes are given
 * this function by app.ts: this feature already reads theirs (the gate), not the other way round.
 */
import type { Queryable } from "../../db/connect.js";
import { AppError, unauthorized } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { CHANGE_PASSWORD_MESSAGES } from "../../../shared/schemas/auth.js";
import { verifyPassword } from "./passwords.js";
import { requireRecentSignIn } from "./recent-sign-in.js";
import { NO_PASSWORD } from "./service.js";
import { findUserById } from "./users.js";

export interface FirstFactorProof {
  userId: string;
  /** What the person typed; undefined or empty when they typed nothing. */
  password: string | undefined;
  /** The session's cookie value: its age is the Google sign-in's for an account without a password. */
  sessionToken: string | undefined;
  /** Counts a try before the password is checked (parallel guesses cannot pass a check made before any failed). */
  countAttempt: () => Promise<void>;
}

/** Resolves when the person proved the first factor; 400 without or with a wrong password, 403 `google_recheck_needed`. */
export async function confirmFirstFactor(db: Queryable, proof: FirstFactorProof): Promise<void> {
  const user = await findUserById(db, proof.userId);
  if (!user) throw unauthorized();
  if (user.password === NO_PASSWORD) {
    await requireRecentSignIn(db, proof.sessionToken);
    return;
  }
  if (!proof.password) throw new AppError("invalid_input", "Enter your password.", reasoned("fields_required"));
  await proof.countAttempt();
  if (!(await verifyPassword(user.password, proof.password)))
    throw new AppError("invalid_input", CHANGE_PASSWORD_MESSAGES.wrongCurrent, reasoned("wrong_current_password"));
}

export type ConfirmFirstFactor = typeof confirmFirstFactor;
