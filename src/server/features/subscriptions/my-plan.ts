/**
 * A person's plan as they read it (GET /api/subscription, issue 69): its state, the next renewal,
 * the plan credits left of this period and when they expire, and the other credits beside them.
 * The two credit figures add up to the balance every other place shows.
 */
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Queryable } from "../../db/connect.js";
import { plans, users } from "../../db/schema.js";
import type { MySubscription, SubscriptionView } from "../../../shared/schemas/plans.js";
import { livePlanOf } from "./lifecycle.js";
import type { SubscriptionRow } from "./plan-grants.js";
import { priceFor } from "./plans-service.js";

/** The unexpired plan and rollover credits this subscription granted, and the soonest they expire. */
async function planCreditsOf(db: Queryable, sub: SubscriptionRow): Promise<SubscriptionView["planCredits"]> {
  const res = await db.execute(sql`
    select coalesce(sum(l.remaining), 0)::integer as remaining, min(l.expires_at) filter (where l.remaining > 0) as expires_at
    from credit_lots l
    join transactions t on t.id = l.source_transaction_id
    left join credit_lots rolled_from on t.type = 'rollover' and rolled_from.id = t.lot_id
    join transactions g on g.id = coalesce(rolled_from.source_transaction_id, t.id)
    join payment_orders o on o.id = g.payment_order_id
    where o.subscription_id = ${sub.id} and l.expired_at is null and l.kind in ('subscription', 'rollover')`);
  const row = rowsOf<{ remaining: number; expires_at: string | Date | null }>(res)[0];
  return {
    remaining: row?.remaining ?? 0,
    expiresAt: row?.expires_at ? new Date(row.expires_at).toISOString() : null,
  };
}

async function nextRenewal(db: Queryable, sub: SubscriptionRow): Promise<SubscriptionView["nextRenewal"]> {
  if (sub.status !== "active" || sub.cancelAtPeriodEnd || !sub.currentPeriodEnd) return null;
  let amount = sub.price;
  if (sub.scheduledPlanId && sub.scheduledInterval) {
    const [next] = await db.select().from(plans).where(eq(plans.id, sub.scheduledPlanId));
    amount = (next && priceFor(next, sub.scheduledInterval as "month" | "year")) ?? amount;
  }
  return { at: sub.currentPeriodEnd.toISOString(), amount: Number(amount).toFixed(2) };
}

async function scheduledChange(db: Queryable, sub: SubscriptionRow): Promise<SubscriptionView["scheduledChange"]> {
  if (!sub.scheduledPlanId || !sub.scheduledInterval) return null;
  const [next] = await db.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.scheduledPlanId));
  return next ? { planName: next.name, interval: sub.scheduledInterval as "month" | "year" } : null;
}

export async function subscriptionView(db: Queryable, sub: SubscriptionRow): Promise<SubscriptionView> {
  return {
    id: sub.id,
    planId: sub.planId,
    planName: sub.planName,
    interval: sub.interval as SubscriptionView["interval"],
    provider: sub.provider as SubscriptionView["provider"],
    status: sub.status as SubscriptionView["status"],
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    price: Number(sub.price).toFixed(2),
    currency: sub.currency,
    creditsPerMonth: sub.creditsPerMonth,
    currentPeriodStart: sub.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    nextRenewal: await nextRenewal(db, sub),
    planCredits: await planCreditsOf(db, sub),
    scheduledChange: await scheduledChange(db, sub),
    pastDueSince: sub.pastDueSince?.toISOString() ?? null,
  };
}

export async function mySubscription(db: Queryable, userId: string): Promise<MySubscription> {
  const sub = await livePlanOf(db, userId);
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const balance = user?.credits ?? 0;
  if (!sub) return { subscription: null, otherCredits: balance };
  const view = await subscriptionView(db, sub);
  return { subscription: view, otherCredits: Math.max(0, balance - view.planCredits.remaining) };
}
