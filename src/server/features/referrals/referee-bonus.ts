/**
 * The referred person's bonus (decision 0157): given when their identity is verified, at the same
 * two places as the welcome grant (the confirmation link, a Google sign-in with a verified address),
 * in that transaction. Exactly once: the referral moves from joined to verified by one conditional
 * update, and only the caller that moved it writes the `referral` ledger row, a lot that expires
 * after the admin's days. Never to a throwaway domain, nor to the referrer's own mailbox in another
 * spelling (the address may have changed since sign-up): those refuse the referral instead.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { referrals, transactions, users } from "../../db/schema.js";
import { creditsText } from "../../../shared/credits-text.js";
import { isThrowawayAddress } from "../sign-up-protection/email-domains.js";
import type { Settings } from "../settings/service.js";
import { mailboxOf } from "../welcome/welcome-address.js";
import { refuseReferral } from "./attribution.js";
import { DAY_MS } from "./referral-settings.js";

export type RefereeBonus =
  { kind: "granted"; credits: number; expiresAt: Date } | { kind: "none" | "off" | "refused" | "already" };

export async function grantRefereeBonus(
  tx: Tx,
  settings: Settings,
  verified: { userId: string; email: string },
): Promise<RefereeBonus> {
  const [referral] = await tx
    .select({ id: referrals.id, status: referrals.status, referrerEmail: users.email })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(eq(referrals.refereeId, verified.userId));
  if (!referral) return { kind: "none" };
  if (referral.status !== "joined") return { kind: "already" };
  if (!settings.referralEnabled) return { kind: "off" };
  const lookAlike = referral.referrerEmail && mailboxOf(referral.referrerEmail) === mailboxOf(verified.email);
  if (lookAlike || isThrowawayAddress(verified.email, settings)) {
    await refuseReferral(tx, referral.id, lookAlike ? "same_mailbox" : "throwaway");
    return { kind: "refused" };
  }
  const credits = settings.referralRefereeCredits;
  const now = new Date();
  const [moved] = await tx
    .update(referrals)
    .set({ status: "verified", verifiedAt: now, bonusCredits: credits })
    .where(and(eq(referrals.id, referral.id), eq(referrals.status, "joined")))
    .returning({ id: referrals.id });
  if (!moved) return { kind: "already" };
  if (credits <= 0) return { kind: "granted", credits: 0, expiresAt: now };
  const [user] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${credits}` })
    .where(and(eq(users.id, verified.userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!user) throw new Error("referral bonus for an account that is gone");
  const expiresAt = new Date(now.getTime() + settings.referralRefereeDays * DAY_MS);
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: verified.userId,
      type: "referral",
      amount: credits,
      description: `Referral bonus: ${creditsText(credits)} for joining through a friend's link`,
      expiresAt,
    })
    .returning({ id: transactions.id });
  await tx.update(referrals).set({ bonusTransactionId: row!.id }).where(eq(referrals.id, referral.id));
  return { kind: "granted", credits, expiresAt };
}
