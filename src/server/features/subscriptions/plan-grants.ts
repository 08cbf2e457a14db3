/**
 * A plan's credits (issue 69, decision 0152): each paid period is a payment order of its own,
 * made once per period key (Creem: subscription, product and period start; PayPal: the sale id),
 * and credited as a `subscription` row whose lot expires at the period's end. A yearly plan that
 * grants monthly credits the year's first month with the payment and each further month when it
 * begins (`grantDueMonths`, run by the plan-periods job). Unused credits of the period before
 * roll over up to the plan's cap, as a `rollover` row that expires with the new period.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/connect.js";
import { paymentOrders, subscriptions, transactions, users } from "../../db/schema.js";
import { creditsText } from "../../../shared/credits-text.js";
import { creditPurchase } from "../credits/ledger.js";
import type { Mailer } from "../mail/outbox.js";
import { creditSlices, type CreditSlice } from "./periods.js";
import { firstPaymentDiscount } from "./plan-discount.js";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type OrderRow = typeof paymentOrders.$inferSelect;

export interface PlanPayment {
  subscriptionId: string;
  /** Unique per provider: what makes this payment's grant happen once. */
  periodKey: string;
  periodStart: Date;
  periodEnd: Date;
  /** What was paid, USD with two decimals. */
  amount: string;
  currency: string;
  /** PayPal's sale id or Creem's order id: refunds and disputes name it. */
  providerPaymentId: string | null;
  /** Creem's transaction id (refund and dispute events name it). */
  providerTransactionId?: string | null;
}

export type PlanGrant =
  /** `discounted`: the first payment of a plan bought with a discount code (decision 0158). */
  | { kind: "granted"; orderId: string; credits: number; rolledOver: number; discounted: boolean }
  /** The period key was granted before: a repeated or reordered event. */
  | { kind: "already_granted" }
  /** Nothing more to give for this period (an upgrade's grant when the plan gave as much already). */
  | { kind: "nothing_due" }
  | { kind: "unknown_subscription" };

/**
 * The subscription's row, locked: grants and state changes of one plan take turns. Its person's
 * row is locked first, as every spend locks it before drawing from the lots: a grant (its rollover
 * locks lots, then changes the balance) racing a video being charged would otherwise deadlock.
 */
export async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow | undefined> {
  await tx.execute(sql`select 1 from users where id = (select user_id from subscriptions where id = ${id}) for update`);
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row;
}

/** Credits this subscription's earlier payments already granted for credits that end at `end`. */
async function grantedEndingAt(tx: Tx, subscriptionId: string, end: Date): Promise<number> {
  const res = await tx.execute(sql`
    select coalesce(sum(t.amount), 0)::integer as granted
    from transactions t join payment_orders o on o.id = t.payment_order_id
    where o.subscription_id = ${subscriptionId} and t.type = 'subscription' and t.expires_at = ${end.toISOString()}::timestamptz`);
  return rowsOf<{ granted: number }>(res)[0]?.granted ?? 0;
}

/**
 * Carries the unused credits of the period that ended at (about) `start` into the slice that begins
 * then, up to the plan's cap; the rest expires now. Each earlier lot rolls at most once (a unique
 * rollover row per lot); a lot already taken out as expired rolls what it had left then. Returns
 * the credits carried.
 */
async function rollOver(tx: Tx, sub: SubscriptionRow, slice: CreditSlice): Promise<number> {
  const start = slice.start.toISOString();
  const res = await tx.execute(sql`
    select l.id, l.kind, l.remaining, l.expired_at is not null as expired,
      coalesce((select -e.amount from transactions e where e.lot_id = l.id and e.type = 'expiry'), 0)::integer as expired_amount
    from credit_lots l
    join transactions t on t.id = l.source_transaction_id
    left join credit_lots rolled_from on t.type = 'rollover' and rolled_from.id = t.lot_id
    join transactions g on g.id = coalesce(rolled_from.source_transaction_id, t.id)
    join payment_orders o on o.id = g.payment_order_id
    where o.subscription_id = ${sub.id} and l.kind in ('subscription', 'rollover')
      and t.expires_at <= ${start}::timestamptz + interval '1 day'
      and t.expires_at > ${start}::timestamptz - interval '45 days'
      and (l.kind = 'rollover' or not exists (select 1 from transactions r where r.lot_id = l.id and r.type = 'rollover'))
    order by t.expires_at, l.created_at, l.id
    for update of l`);
  const lots = rowsOf<{ id: string; kind: string; remaining: number; expired: boolean; expired_amount: number }>(res);
  let room = sub.rolloverCap;
  let carried = 0;
  for (const lot of lots) {
    const unused = lot.expired ? lot.expired_amount : lot.remaining;
    // The old period ends now: what it had left is taken out (and a plan lot's part carried below).
    if (!lot.expired) await endLotNow(tx, sub, lot);
    // Credits rolled over once expire with their period: they never roll again.
    const carry = lot.kind === "subscription" ? Math.min(room, unused) : 0;
    if (carry <= 0) continue;
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${carry}` })
      .where(eq(users.id, sub.userId));
    await tx.insert(transactions).values({
      userId: sub.userId,
      type: "rollover",
      amount: carry,
      description: `Rolled over: ${creditsText(carry)} of ${sub.planName}`,
      lotId: lot.id,
      expiresAt: slice.end,
    });
    room -= carry;
    carried += carry;
  }
  return carried;
}

/** Takes out what is left of a period's lot when the next period begins, as an expiry row. */
async function endLotNow(tx: Tx, sub: SubscriptionRow, lot: { id: string; remaining: number }): Promise<void> {
  await tx.execute(sql`update credit_lots set expired_at = now() where id = ${lot.id}`);
  if (lot.remaining <= 0) return;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${lot.remaining}` })
    .where(eq(users.id, sub.userId));
  await tx.insert(transactions).values({
    userId: sub.userId,
    type: "expiry",
    amount: -lot.remaining,
    description: `Expired: ${creditsText(lot.remaining)} of ${sub.planName}'s last period`,
    lotId: lot.id,
  });
}

const planDescription = (sub: Pick<SubscriptionRow, "planName" | "interval">, provider: string, credits: number) =>
  `${sub.planName} plan (${sub.interval === "year" ? "yearly" : "monthly"}): ${creditsText(credits)} via ${
    provider === "paypal" ? "PayPal" : "Creem"
  }`;

/**
 * Records a plan's payment and grants its period's (first month's) credits, exactly once per
 * period key, in the caller's transaction. The subscription must already be on the plan paid for.
 */
export async function grantPlanPayment(tx: Tx, payment: PlanPayment, mailer: Mailer): Promise<PlanGrant> {
  const sub = await lockSubscription(tx, payment.subscriptionId);
  if (!sub) return { kind: "unknown_subscription" };
  const [seen] = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, sub.provider), eq(paymentOrders.periodKey, payment.periodKey)));
  if (seen) return { kind: "already_granted" };
  const [first] = creditSlices({
    interval: sub.interval as "month" | "year",
    yearlyGrant: sub.yearlyGrant as "monthly" | "upfront",
    creditsPerMonth: sub.creditsPerMonth,
    start: payment.periodStart,
    end: payment.periodEnd,
  });
  if (!first) return { kind: "nothing_due" };
  // An upgrade inside a period earns its own grant: what the new plan gives beyond what was given.
  const credits = first.credits - (await grantedEndingAt(tx, sub.id, first.end));
  if (credits <= 0) return { kind: "nothing_due" };
  const rolledOver = await rollOver(tx, sub, first);
  // The first payment of a plan bought with a code carries it, and the price before it (decision 0158).
  const discounted = (await firstPaymentDiscount(tx, sub)) !== undefined;
  const [order] = await tx
    .insert(paymentOrders)
    .values({
      userId: sub.userId,
      packageName: `${sub.planName} plan`,
      provider: sub.provider,
      providerPaymentId: payment.providerPaymentId,
      providerTransactionId: payment.providerTransactionId ?? null,
      amount: payment.amount,
      currency: payment.currency,
      credits,
      status: "created",
      subscriptionId: sub.id,
      periodKey: payment.periodKey,
      periodStart: payment.periodStart,
      periodEnd: payment.periodEnd,
      ...(discounted ? { promoCodeId: sub.promoCodeId, listAmount: sub.price } : {}),
      // Who pays the plan (decision 0157): the provider's customer of the subscription.
      payerKey: sub.providerCustomerId,
    })
    .onConflictDoNothing()
    .returning({ id: paymentOrders.id });
  if (!order) return { kind: "already_granted" };
  const credited = await creditPurchase(
    tx,
    order.id,
    payment.providerPaymentId,
    () => planDescription(sub, sub.provider, credits),
    mailer,
    { expiresAt: first.end },
  );
  if (!credited?.credited) return { kind: "already_granted" };
  return { kind: "granted", orderId: order.id, credits, rolledOver, discounted };
}

/**
 * Grants the months of a yearly plan's paid year that have begun, each once (a unique row per
 * order and expiry), from the subscription's newest payment of its current period. Returns the
 * credits granted.
 */
export async function grantDueMonths(tx: Tx, subscriptionId: string, now: Date): Promise<number> {
  const sub = await lockSubscription(tx, subscriptionId);
  if (!sub || sub.interval !== "year" || sub.yearlyGrant !== "monthly") return 0;
  if (sub.status !== "active" && sub.status !== "past_due") return 0;
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.subscriptionId, sub.id), eq(paymentOrders.status, "completed")))
    .orderBy(desc(paymentOrders.periodStart), desc(paymentOrders.completedAt))
    .limit(1);
  if (!order?.periodStart || !order.periodEnd || order.reversedCredits > 0) return 0;
  let granted = 0;
  for (const slice of slicesOf(sub, order)) {
    if (slice.start.getTime() > now.getTime() || slice.end.getTime() <= now.getTime()) continue;
    const due = slice.credits - (await grantedEndingAt(tx, sub.id, slice.end));
    if (due <= 0) continue;
    await rollOver(tx, sub, slice);
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${due}` })
      .where(eq(users.id, sub.userId));
    await tx.insert(transactions).values({
      userId: sub.userId,
      type: "subscription",
      amount: due,
      description: `${sub.planName} plan (yearly): ${creditsText(due)} for the month`,
      paymentOrderId: order.id,
      expiresAt: slice.end,
    });
    await tx
      .update(paymentOrders)
      .set({ credits: sql`${paymentOrders.credits} + ${due}`, updatedAt: new Date() })
      .where(eq(paymentOrders.id, order.id));
    granted += due;
  }
  return granted;
}

function slicesOf(sub: SubscriptionRow, order: OrderRow): CreditSlice[] {
  return creditSlices({
    interval: "year",
    yearlyGrant: "monthly",
    creditsPerMonth: sub.creditsPerMonth,
    start: order.periodStart!,
    end: order.periodEnd!,
  });
}
