/**
 * A sign-up through a referral link (decision 0157): the person who just made an account while a
 * visit of someone's link is sealed in their browser becomes that person's referral, once ever (one
 * row per referred person: no second referrer, and the referrer's own referrer earns nothing, so
 * no chains). A look-alike of the referrer is recorded as refused, with why, and earns nothing:
 * the same mailbox in another spelling, the same network (/24, /48) as the referrer's sign-ins or
 * sign-up, or a referrer whose account is deleted or blocked.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { referrals, sessions, users, welcomeGrants } from "../../db/schema.js";
import { mailboxOf, networkOf } from "../welcome/welcome-address.js";
import type { ReferralVisit } from "./referral-cookie.js";
import { normalisedCode } from "./referral-code.js";
import type { ReferralSettings } from "./referral-settings.js";

/** A sign-up counts for a visit only when the account is this new (a Google sign-in of an old account does not). */
const NEW_ACCOUNT_MS = 15 * 60_000;

/** Why a referral earns nothing (`referrals.refused_reason`). */
export type RefusedReason = "same_mailbox" | "same_network" | "referrer_inactive" | "same_payer" | "throwaway";

export type Attribution =
  | { kind: "joined" | "refused"; referralId: string; reason?: RefusedReason }
  | { kind: "off" | "unknown_code" | "not_new" | "same_person" | "already" };

export interface SignUp {
  userId: string;
  /** The client address of the request that made the account. */
  clientAddress: string;
  visit: ReferralVisit;
}

/** The networks the referrer has been seen on: their sessions, their verification, their own sign-up through a link. */
async function referrerNetworks(db: Queryable, referrerId: string): Promise<Set<string>> {
  const seen = await db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, referrerId));
  const verified = await db
    .select({ network: welcomeGrants.network })
    .from(welcomeGrants)
    .where(eq(welcomeGrants.userId, referrerId));
  const joined = await db
    .select({ network: referrals.network })
    .from(referrals)
    .where(and(eq(referrals.refereeId, referrerId), isNotNull(referrals.network)));
  return new Set([
    ...seen.flatMap((s) => (s.ip ? [networkOf(s.ip)] : [])),
    ...verified.map((v) => v.network),
    ...joined.flatMap((j) => (j.network ? [j.network] : [])),
  ]);
}

export async function attributeSignUp(db: Queryable, settings: ReferralSettings, signUp: SignUp): Promise<Attribution> {
  if (!settings.referralEnabled) return { kind: "off" };
  const code = normalisedCode(signUp.visit.code);
  if (!code) return { kind: "unknown_code" };
  const [referrer] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.referralCode, code));
  if (!referrer) return { kind: "unknown_code" };
  if (referrer.id === signUp.userId) return { kind: "same_person" };
  const [referee] = await db
    .select({ email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, signUp.userId));
  if (!referee) return { kind: "not_new" };
  const created = referee.createdAt.getTime();
  if (created < signUp.visit.visitedAt.getTime() - 60_000 || Date.now() - created > NEW_ACCOUNT_MS)
    return { kind: "not_new" };

  const network = networkOf(signUp.clientAddress);
  let reason: RefusedReason | undefined;
  if (referrer.deletedAt || !referrer.isActive) reason = "referrer_inactive";
  else if (referrer.email && referee.email && mailboxOf(referrer.email) === mailboxOf(referee.email))
    reason = "same_mailbox";
  else if ((await referrerNetworks(db, referrer.id)).has(network)) reason = "same_network";

  const [row] = await db
    .insert(referrals)
    .values({
      referrerId: referrer.id,
      refereeId: signUp.userId,
      visitedAt: signUp.visit.visitedAt,
      network,
      status: reason ? "refused" : "joined",
      refusedReason: reason ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  if (!row) return { kind: "already" };
  return reason ? { kind: "refused", referralId: row.id, reason } : { kind: "joined", referralId: row.id };
}

/** Marks a referral refused (a look-alike found later: the referrer's own payment identity) and cancels what it holds. */
export async function refuseReferral(db: Queryable, referralId: string, reason: RefusedReason): Promise<void> {
  await db
    .update(referrals)
    .set({ status: "refused", refusedReason: reason })
    .where(and(eq(referrals.id, referralId), inArray(referrals.status, ["joined", "verified"])));
  await db.execute(
    sql`update referral_rewards set status = 'cancelled', settled_at = now() where referral_id = ${referralId} and status = 'held'`,
  );
}
