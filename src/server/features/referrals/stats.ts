/** What the referral programme shows (decision 0157): a person's own figures, the overview's, a user's page. */
import { and, desc, eq, gte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/connect.js";
import { paymentOrders, referralRewards, referrals, users } from "../../db/schema.js";
import type { AdminReferrals, AdminUserReferrals, MyReferrals } from "../../../shared/schemas/referrals.js";
import { DAY_MS, type ReferralSettings } from "./referral-settings.js";

const int = (v: unknown) => Number(v ?? 0);
const kept = sql<number>`coalesce(sum(${referralRewards.credits} - ${referralRewards.reversedCredits}), 0)::int`;

export const termsOf = (s: ReferralSettings): MyReferrals["terms"] => ({
  sharePercent: s.referralSharePercent,
  months: s.referralMonths,
  capCredits: s.referralCapCredits,
  holdHours: s.referralHoldHours,
  refereeCredits: s.referralRefereeCredits,
  refereeDays: s.referralRefereeDays,
});

export async function myReferralFigures(db: Queryable, userId: string) {
  const notRefused = and(eq(referrals.referrerId, userId), ne(referrals.status, "refused"));
  const [joined] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(notRefused);
  const [bought] = await db
    .select({ n: sql<number>`count(distinct ${referrals.refereeId})::int` })
    .from(referrals)
    .innerJoin(paymentOrders, and(eq(paymentOrders.userId, referrals.refereeId), eq(paymentOrders.status, "completed")))
    .where(notRefused);
  const credits = async (status: "granted" | "held") =>
    int(
      (
        await db
          .select({ n: kept })
          .from(referralRewards)
          .where(and(eq(referralRewards.referrerId, userId), eq(referralRewards.status, status)))
      )[0]?.n,
    );
  return {
    joined: int(joined?.n),
    bought: int(bought?.n),
    earnedCredits: await credits("granted"),
    heldCredits: await credits("held"),
  };
}

export async function adminReferralFigures(
  db: Queryable,
  settings: ReferralSettings,
  days: number,
  now = new Date(),
): Promise<AdminReferrals> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const [people] = await db
    .select({
      signUps: sql<number>`count(*) filter (where ${referrals.createdAt} >= ${since})::int`,
      refused: sql<number>`count(*) filter (where ${referrals.createdAt} >= ${since} and ${referrals.status} = 'refused')::int`,
      verified: sql<number>`count(*) filter (where ${referrals.verifiedAt} >= ${since})::int`,
      bonus: sql<number>`coalesce(sum(${referrals.bonusCredits}) filter (where ${referrals.verifiedAt} >= ${since}), 0)::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(referrals);
  const [sales] = await db
    .select({
      buyers: sql<number>`count(distinct ${paymentOrders.userId})::int`,
      cents: sql<number>`coalesce(sum(round(${paymentOrders.amount} * 100) - ${paymentOrders.refundedCents}), 0)::bigint`,
    })
    .from(paymentOrders)
    .innerJoin(referrals, and(eq(referrals.refereeId, paymentOrders.userId), ne(referrals.status, "refused")))
    .where(
      and(
        eq(paymentOrders.status, "completed"),
        gte(paymentOrders.completedAt, since),
        eq(paymentOrders.currency, "USD"),
      ),
    );
  const [granted] = await db
    .select({ n: kept })
    .from(referralRewards)
    .where(and(eq(referralRewards.status, "granted"), gte(referralRewards.settledAt, since)));
  const [held] = await db.select({ n: kept }).from(referralRewards).where(eq(referralRewards.status, "held"));
  return {
    enabled: settings.referralEnabled,
    days,
    signUps: int(people?.signUps),
    refused: int(people?.refused),
    verified: int(people?.verified),
    buyers: int(sales?.buyers),
    revenueUsd: (int(sales?.cents) / 100).toFixed(2),
    creditsGranted: int(granted?.n),
    creditsHeld: int(held?.n),
    bonusCredits: int(people?.bonus),
    totalSignUps: int(people?.total),
  };
}

export async function adminUserReferrals(db: Queryable, userId: string): Promise<AdminUserReferrals | undefined> {
  const [user] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const referrer = alias(users, "referrer");
  const [by] = await db
    .select({
      userId: referrals.referrerId,
      username: referrer.username,
      status: referrals.status,
      refusedReason: referrals.refusedReason,
      bonusCredits: referrals.bonusCredits,
      joinedAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .where(eq(referrals.refereeId, userId));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(eq(referrals.referrerId, userId));
  const referred = await db
    .select({
      userId: referrals.refereeId,
      username: users.username,
      status: referrals.status,
      refusedReason: referrals.refusedReason,
      joinedAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt))
    .limit(50);
  const rewards = await db
    .select({
      id: referralRewards.id,
      refereeUsername: users.username,
      orderId: referralRewards.orderId,
      paidCents: referralRewards.paidCents,
      credits: referralRewards.credits,
      reversedCredits: referralRewards.reversedCredits,
      status: referralRewards.status,
      releaseAt: referralRewards.releaseAt,
      createdAt: referralRewards.createdAt,
    })
    .from(referralRewards)
    .innerJoin(referrals, eq(referrals.id, referralRewards.referralId))
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .where(eq(referralRewards.referrerId, userId))
    .orderBy(desc(referralRewards.createdAt))
    .limit(50);
  type Status = AdminUserReferrals["referred"][number]["status"];
  type RewardStatus = AdminUserReferrals["rewards"][number]["status"];
  return {
    code: user.code,
    referredBy: by ? { ...by, status: by.status as Status, joinedAt: by.joinedAt.toISOString() } : null,
    referredCount: int(count?.n),
    referred: referred.map((r) => ({ ...r, status: r.status as Status, joinedAt: r.joinedAt.toISOString() })),
    rewards: rewards.map(({ paidCents, ...r }) => ({
      ...r,
      paidUsd: (paidCents / 100).toFixed(2),
      status: r.status as RewardStatus,
      releaseAt: r.releaseAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
