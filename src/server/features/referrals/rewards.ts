/**
 * The referrer's share of what a referred person pays (decision 0157). A credited payment, package
 * or plan alike (creditPurchase calls `holdReferralReward` in its transaction), earns a held
 * reward: floor(paid USD × share % / the credit's value) credits, capped so one referred person
 * never earns their referrer more than the cap, for payments inside the months after joining of a
 * verified referral, and none when the payment came from the referrer's own payment identity. The
 * reward is released by the referral-rewards job after the hold (held -> granted by one conditional
 * update, with its `referral` ledger row in the same transaction), and a refund or chargeback takes
 * its share back (`reverseReferralReward`, in reversePayment's transaction under the order's lock):
 * from the held reward before release, from the referrer's balance after, what it cannot pay owed.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.js";
import { paymentOrders, referralRewards, referrals, transactions, users } from "../../db/schema.js";
import { toCents } from "../../lib/money.js";
import { creditsText } from "../../../shared/credits-text.js";
import { creditValueOf } from "../packages/credit-value.js";
import { refuseReferral } from "./attribution.js";
import { HOUR_MS, monthsAfter, readReferralSettings } from "./referral-settings.js";

type Order = typeof paymentOrders.$inferSelect;

export type HeldReward =
  | { kind: "held"; credits: number; releaseAt: Date }
  | {
      kind:
        | "no_referral"
        | "not_verified"
        | "off"
        | "too_late"
        | "not_usd"
        | "no_credit_value"
        | "same_payer"
        | "capped"
        | "nothing"
        | "already";
    };

/** The credits `paidCents` earns at `percent` when a credit is worth `creditUsd` (rounded down). */
function shareCredits(paidCents: number, percent: number, creditUsd: number): number {
  if (!(creditUsd > 0) || paidCents <= 0 || percent <= 0) return 0;
  return Math.floor((paidCents * percent) / (10_000 * creditUsd) + 1e-9);
}

/** Whether the payer of `order` also paid one of the referrer's own orders. */
async function paidByReferrer(tx: Tx, referrerId: string, order: Pick<Order, "provider" | "payerKey">) {
  if (!order.payerKey) return false;
  const [same] = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, referrerId),
        eq(paymentOrders.provider, order.provider),
        eq(paymentOrders.payerKey, order.payerKey),
      ),
    )
    .limit(1);
  return Boolean(same);
}

/** In the transaction that credits `order`: the referrer's held reward for it, when it earns one. */
export async function holdReferralReward(tx: Tx, order: Order): Promise<HeldReward> {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.refereeId, order.userId)).for("update");
  if (!referral) return { kind: "no_referral" };
  if (referral.status !== "verified") return { kind: "not_verified" };
  const settings = await readReferralSettings(tx);
  if (!settings.referralEnabled) return { kind: "off" };
  const paidAt = order.completedAt ?? new Date();
  if (paidAt.getTime() > monthsAfter(referral.createdAt, settings.referralMonths).getTime())
    return { kind: "too_late" };
  if (order.currency.toUpperCase() !== "USD") return { kind: "not_usd" };
  if (await paidByReferrer(tx, referral.referrerId, order)) {
    await refuseReferral(tx, referral.id, "same_payer");
    return { kind: "same_payer" };
  }
  const value = await creditValueOf(tx, settings.creditValueUsd);
  if (!value) return { kind: "no_credit_value" };
  const paidCents = toCents(order.amount);
  const earned = shareCredits(paidCents, settings.referralSharePercent, value.usd);
  if (earned <= 0) return { kind: "nothing" };
  const [sofar] = await tx
    .select({
      credits: sql<number>`coalesce(sum(${referralRewards.credits} - ${referralRewards.reversedCredits}), 0)::int`,
    })
    .from(referralRewards)
    .where(and(eq(referralRewards.referralId, referral.id), inArray(referralRewards.status, ["held", "granted"])));
  const credits = Math.min(earned, settings.referralCapCredits - Number(sofar?.credits ?? 0));
  if (credits <= 0) return { kind: "capped" };
  const releaseAt = new Date(paidAt.getTime() + settings.referralHoldHours * HOUR_MS);
  const [made] = await tx
    .insert(referralRewards)
    .values({
      referralId: referral.id,
      referrerId: referral.referrerId,
      orderId: order.id,
      paidCents,
      credits,
      releaseAt,
    })
    .onConflictDoNothing()
    .returning({ id: referralRewards.id });
  return made ? { kind: "held", credits, releaseAt } : { kind: "already" };
}

export type Release = { kind: "granted"; credits: number } | { kind: "cancelled" | "not_due" };

/**
 * Releases one held reward whose time has come, once however many processes sweep: the move from
 * held to granted is the gate, and the balance and the ledger row follow in its transaction. What a
 * refund left of it is granted; nothing left, or the referral refused meanwhile, cancels it.
 */
export async function releaseReward(db: Db, rewardId: string, now = new Date()): Promise<Release> {
  return db.transaction(async (tx) => {
    // The order's row lock first, as a refund takes it (reversals.ts): a release and a refund of
    // one payment wait in one line instead of each holding what the other needs.
    const [of] = await tx
      .select({ orderId: referralRewards.orderId })
      .from(referralRewards)
      .where(eq(referralRewards.id, rewardId));
    if (!of) return { kind: "not_due" as const };
    await tx.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.id, of.orderId)).for("update");
    const [reward] = await tx
      .update(referralRewards)
      .set({ status: "granted", settledAt: now })
      .where(
        and(eq(referralRewards.id, rewardId), eq(referralRewards.status, "held"), lte(referralRewards.releaseAt, now)),
      )
      .returning();
    if (!reward) return { kind: "not_due" as const };
    const cancel = async () => {
      await tx.update(referralRewards).set({ status: "cancelled" }).where(eq(referralRewards.id, reward.id));
      return { kind: "cancelled" as const };
    };
    const [referral] = await tx.select().from(referrals).where(eq(referrals.id, reward.referralId));
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, reward.orderId));
    if (!referral || referral.status === "refused" || !order) return cancel();
    // The referrer may have paid with the referred person's card since: checked again before paying out.
    if (await paidByReferrer(tx, referral.referrerId, order)) {
      await refuseReferral(tx, referral.id, "same_payer");
      return cancel();
    }
    const credits = reward.credits - reward.reversedCredits;
    if (credits <= 0) return cancel();
    const [user] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${credits}` })
      .where(and(eq(users.id, reward.referrerId), sql`${users.deletedAt} is null`))
      .returning({ id: users.id });
    if (!user) return cancel();
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: reward.referrerId,
        type: "referral",
        amount: credits,
        description: `Referral reward: ${creditsText(credits)} for a referred person's payment`,
      })
      .returning({ id: transactions.id });
    await tx.update(referralRewards).set({ transactionId: row!.id }).where(eq(referralRewards.id, reward.id));
    return { kind: "granted" as const, credits };
  });
}

/**
 * A referrer's own due rewards, released when they look (GET /api/referrals) rather than at the
 * job's next pass: the same gate, so the job and the page never both grant one.
 */
export async function releaseDueRewardsOf(db: Db, referrerId: string, now = new Date()): Promise<void> {
  const due = await db
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.referrerId, referrerId),
        eq(referralRewards.status, "held"),
        lte(referralRewards.releaseAt, now),
      ),
    )
    .limit(50);
  for (const { id } of due) await releaseReward(db, id, now);
}

/** The held rewards due now, oldest first: the job releases them one transaction each. */
export async function dueRewardIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(and(eq(referralRewards.status, "held"), lte(referralRewards.releaseAt, now)))
    .orderBy(referralRewards.releaseAt)
    .limit(limit);
  return due.map((r) => r.id);
}

/**
 * A refund or chargeback of the referred person's order (decision 0084), in reversePayment's
 * transaction: the reward keeps the share of the payment not refunded so far (`refundedCents`, the
 * order's running total), so partial refunds in any order add up to what one refund of their sum
 * takes. The part taken back is rounded up, as the order's own credits are. Held: the reward is
 * reduced (cancelled when nothing is left). Granted: the referrer's balance pays it back as a
 * negative `referral` row, what it cannot pay added to their credits owed.
 */
export async function reverseReferralReward(
  tx: Tx,
  order: Pick<Order, "id" | "amount">,
  refundedCents: number,
): Promise<{ credits: number; taken: number; owed: number } | undefined> {
  const [reward] = await tx.select().from(referralRewards).where(eq(referralRewards.orderId, order.id)).for("update");
  if (!reward || (reward.status !== "held" && reward.status !== "granted")) return undefined;
  const paidCents = reward.paidCents || toCents(order.amount);
  const share = paidCents > 0 ? Math.min(1, refundedCents / paidCents) : 1;
  const target = Math.min(reward.credits, Math.ceil(reward.credits * share - 1e-9));
  const delta = target - reward.reversedCredits;
  if (delta <= 0) return undefined;
  const whole = target >= reward.credits;
  if (reward.status === "held") {
    await tx
      .update(referralRewards)
      .set({ reversedCredits: target, ...(whole ? { status: "cancelled", settledAt: new Date() } : {}) })
      .where(eq(referralRewards.id, reward.id));
    return { credits: delta, taken: 0, owed: 0 };
  }
  const [user] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, reward.referrerId))
    .for("update");
  const taken = Math.min(user?.credits ?? 0, delta);
  const owed = delta - taken;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${taken}`, creditsOwed: sql`${users.creditsOwed} + ${owed}` })
    .where(eq(users.id, reward.referrerId));
  const owing = owed > 0 ? `; ${creditsText(owed)} owed` : "";
  await tx.insert(transactions).values({
    userId: reward.referrerId,
    type: "referral",
    amount: -taken,
    description: `Referral reward taken back: the referred person's payment was refunded (${creditsText(taken)} taken back${owing})`,
  });
  await tx
    .update(referralRewards)
    .set({ reversedCredits: target, ...(whole ? { status: "reversed" } : {}) })
    .where(eq(referralRewards.id, reward.id));
  return { credits: delta, taken, owed };
}
