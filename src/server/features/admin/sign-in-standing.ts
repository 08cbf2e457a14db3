/**
 * Why this person cannot sign in, or signs in with less (decision 0146), read from the conditions
 * the sign-in itself checks: the account row (auth/service.ts, google-accounts.ts), the failed
 * sign-ins limiter and Google's switch (auth/sign-in-conditions.ts), the second factor's gate
 * (second-factor/gate.ts) and the payment hold (payments/payment-hold.ts).
 */
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import type { RateLimiter } from "../../http/rate-limit.js";
import { enrolledSql } from "../../identity/second-factor-state.js";
import type {
  SignInEffect,
  SignInReason,
  SignInReasonCode,
  SignInStanding,
} from "../../../shared/schemas/sign-in-standing.js";
import { NO_PASSWORD } from "../auth/service.js";
import { googleSignInOn } from "../auth/sign-in-conditions.js";
import { paymentHoldOf } from "../payments/payment-hold.js";
import type { Settings } from "../settings/service.js";

export interface SignInStandingDeps {
  readSettings: () => Promise<Settings>;
  /** The sign-in route's own limiter of failed passwords per username (failedSignInLimiter). */
  failedSignIns: RateLimiter;
  now?: () => number;
}

/** A computed column as read back: a boolean, or its text where a driver gives that. */
const yes = (v: unknown) => v === true || v === "t" || v === "true";

export async function signInStanding(db: Queryable, userId: string, deps: SignInStandingDeps): Promise<SignInStanding> {
  const [user] = await db
    .select({
      username: users.username,
      hasPassword: sql<boolean>`(${users.password} <> ${NO_PASSWORD})`,
      isActive: users.isActive,
      isAdmin: users.isAdmin,
      deletedAt: users.deletedAt,
      googleLinked: sql<boolean>`(${users.googleId} is not null)`,
      email: users.email,
      emailVerified: users.emailVerified,
      secondFactor: enrolledSql,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const hasPassword = yes(user.hasPassword);
  const googleLinked = yes(user.googleLinked);
  const reasons: SignInReason[] = [];
  const add = (code: SignInReasonCode, effect: SignInEffect, until: Date | null = null) =>
    reasons.push({ code, effect, until: until?.toISOString() ?? null });
  // Nothing else counts for a deleted account: no sign-in finds it.
  if (user.deletedAt) {
    add("account_deleted", "refuses");
    return { canSignIn: false, reasons };
  }
  const [settings, hold, pausedSeconds] = await Promise.all([
    deps.readSettings(),
    paymentHoldOf(db, userId),
    // The route counts the name as typed, in lower case; usernames are ASCII.
    hasPassword ? deps.failedSignIns.check(user.username.toLowerCase()) : Promise.resolve(0),
  ]);
  const google = googleLinked && googleSignInOn(settings);
  if (!user.isActive) add("disabled", "refuses");
  if (!hasPassword && !google) add(googleLinked ? "google_sign_in_off" : "no_sign_in_method", "refuses");
  if (pausedSeconds > 0)
    add("sign_in_paused", google ? "limits" : "refuses", new Date((deps.now ?? Date.now)() + pausedSeconds * 1000));
  if (yes(user.secondFactor)) add("second_factor_asked", "limits");
  else if (user.isAdmin && settings.requireAdminSecondFactor) add("second_factor_enrolment_pending", "limits");
  if (hold.owed > 0 || hold.disputed) add("payment_hold", "spending");
  if (user.email && !user.emailVerified) add("email_unconfirmed", "mail");
  return { canSignIn: !reasons.some((r) => r.effect === "refuses"), reasons };
}
