/**
 * A plan's state as its provider reports it (issue 69, decision 0152). Only provider events move it
 * (the webhook, or the server's own read of the provider after an approval): an event older than
 * the newest one applied changes nothing, and an ended plan stays ended. Past due keeps the
 * period's credits usable for PAST_DUE_GRACE_DAYS after its end; the end of a plan takes that
 * grace back, and what was paid for stays until the period's end.
 */
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/connect.js";
import { plans, subscriptions } from "../../db/schema.js";
import { lockSubscription, type SubscriptionRow } from "./plan-grants.js";
import { PAST_DUE_GRACE_DAYS } from "./periods.js";

type SubscriptionStatus = "pending" | "active" | "past_due" | "paused" | "ended";
const LIVE: ReadonlySet<string> = new Set(["active", "past_due", "paused"]);

export interface ProviderChange {
  /** When the provider says this happened: older than the last applied, it is ignored. */
  eventAt: Date;
  status?: Exclude<SubscriptionStatus, "pending">;
  cancelAtPeriodEnd?: boolean;
  periodStart?: Date;
  periodEnd?: Date;
  /** The Creem product or PayPal billing plan the subscription is on now. */
  planRef?: string;
  providerSubscriptionId?: string;
  customerId?: string;
  /** Why it ended: canceled, unpaid, refunded, admin... */
  endReason?: string;
}

export type ChangeOutcome =
  | { kind: "applied"; from: SubscriptionStatus; to: SubscriptionStatus; subscription: SubscriptionRow }
  | { kind: "stale" | "unknown" };

/** The plan and interval a provider's product or billing plan id stands for, if any of ours. */
export async function planForProviderRef(
  tx: Tx,
  provider: string,
  ref: string,
): Promise<{ plan: typeof plans.$inferSelect; interval: "month" | "year"; price: string | null } | undefined> {
  const [plan] =
    provider === "creem"
      ? await tx
          .select()
          .from(plans)
          .where(or(eq(plans.creemProductMonthly, ref), eq(plans.creemProductYearly, ref)))
          .limit(1)
      : await tx
          .select()
          .from(plans)
          .where(sql`${plans.paypalPlanPrices} ? ${ref}`)
          .limit(1);
  if (!plan) return undefined;
  if (provider === "creem") {
    const interval = plan.creemProductMonthly === ref ? "month" : "year";
    return { plan, interval, price: interval === "month" ? plan.monthlyPrice : plan.yearlyPrice };
  }
  const made = (plan.paypalPlanPrices as Record<string, { interval: "month" | "year"; price: string }>)[ref]!;
  return { plan, interval: made.interval, price: made.price };
}

/** Moves the subscription onto the plan its provider now bills: what it gives from now on is that plan's. */
async function switchPlan(tx: Tx, sub: SubscriptionRow, ref: string): Promise<Partial<SubscriptionRow>> {
  const found = await planForProviderRef(tx, sub.provider, ref);
  if (!found) return { providerPlanRef: ref };
  const { plan, interval, price } = found;
  const scheduledDone = sub.scheduledPlanId === plan.id && sub.scheduledInterval === interval;
  return {
    providerPlanRef: ref,
    planId: plan.id,
    interval,
    planName: plan.name,
    price: price ?? sub.price,
    creditsPerMonth: plan.creditsPerMonth,
    yearlyGrant: plan.yearlyGrant,
    rolloverCap: plan.rolloverCap,
    ...(scheduledDone ? { scheduledPlanId: null, scheduledInterval: null } : {}),
  };
}

/** Plan lots of this subscription that are still to be taken out. */
const liveLotsOf = (subscriptionId: string) => sql`
  credit_lots.expired_at is null and credit_lots.kind = 'subscription' and exists (
    select 1 from transactions t join payment_orders o on o.id = t.payment_order_id
    where t.id = credit_lots.source_transaction_id and o.subscription_id = ${subscriptionId})`;

/** Past due: the credits stay usable while the provider retries (until the grace is over). */
async function extendForRetries(tx: Tx, sub: SubscriptionRow): Promise<void> {
  if (!sub.currentPeriodEnd) return;
  await tx.execute(sql`
    update credit_lots set expires_at = ${sub.currentPeriodEnd.toISOString()}::timestamptz + make_interval(days => ${PAST_DUE_GRACE_DAYS})
    where ${liveLotsOf(sub.id)} and expires_at <= ${sub.currentPeriodEnd.toISOString()}::timestamptz + interval '1 day'`);
}

/** Ended: a grace given for retries ends now; what was paid for keeps its own end. */
async function endGrace(tx: Tx, sub: SubscriptionRow): Promise<void> {
  await tx.execute(sql`
    update credit_lots set expires_at = greatest(
      (select t.expires_at from transactions t where t.id = credit_lots.source_transaction_id), now())
    where ${liveLotsOf(sub.id)}
      and expires_at > (select t.expires_at from transactions t where t.id = credit_lots.source_transaction_id)`);
}

/** Applies what the provider reports, in the caller's transaction. */
export async function applyProviderChange(
  tx: Tx,
  subscriptionId: string,
  change: ProviderChange,
): Promise<ChangeOutcome> {
  const sub = await lockSubscription(tx, subscriptionId);
  if (!sub) return { kind: "unknown" };
  if (sub.lastEventAt && change.eventAt.getTime() < sub.lastEventAt.getTime()) return { kind: "stale" };
  const from = sub.status as SubscriptionStatus;
  const patch: Partial<SubscriptionRow> = { lastEventAt: change.eventAt, updatedAt: new Date() };
  if (change.providerSubscriptionId) patch.providerSubscriptionId = change.providerSubscriptionId;
  if (change.customerId) patch.providerCustomerId = change.customerId;
  if (from === "ended") {
    // An ended plan never comes back: a late "active" is history, not a new plan.
    await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, sub.id));
    return { kind: "stale" };
  }
  if (change.planRef && change.planRef !== sub.providerPlanRef)
    Object.assign(patch, await switchPlan(tx, sub, change.planRef));
  if (change.periodStart) patch.currentPeriodStart = change.periodStart;
  if (change.periodEnd) patch.currentPeriodEnd = change.periodEnd;
  if (change.cancelAtPeriodEnd !== undefined) patch.cancelAtPeriodEnd = change.cancelAtPeriodEnd;
  let to = change.status ?? from;
  if (LIVE.has(to) && !LIVE.has(from) && (await otherLivePlan(tx, sub))) {
    // A second plan paid in a race with the first: its credits are granted, the state waits for an admin.
    to = from;
  }
  patch.status = to;
  if (to === "past_due" && from !== "past_due") patch.pastDueSince = change.eventAt;
  if (to !== "past_due") patch.pastDueSince = null;
  if (to === "ended") {
    patch.endedAt = change.eventAt;
    patch.endReason = change.endReason ?? "canceled";
    patch.cancelAtPeriodEnd = false;
  }
  const [updated] = await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, sub.id)).returning();
  if (to === "past_due" && from !== "past_due") await extendForRetries(tx, updated!);
  if (to === "ended") await endGrace(tx, updated!);
  return { kind: "applied", from, to, subscription: updated! };
}

async function otherLivePlan(tx: Tx, sub: SubscriptionRow): Promise<boolean> {
  const [other] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, sub.userId),
        ne(subscriptions.id, sub.id),
        sql`${subscriptions.status} in ('active', 'past_due', 'paused')`,
      ),
    );
  return Boolean(other);
}

/** The person's live plan, or their newest one still waiting for its first payment. */
export async function livePlanOf(tx: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} in ('active', 'past_due', 'paused')`));
  return row;
}
