/**
 * A discount code on a plan (issue 70, decision 0158): it takes money off the first payment only,
 * through Creem (a discount limited to one payment, `duration: once`) or PayPal (the subscription
 * reprices its billing plan's one-cycle trial, paypal-plans.ts). The
 * code is reserved for the pending subscription in the transaction that writes it; the first
 * period's payment order carries the code and the price before it, and its crediting marks the
 * code paid (markDiscountPaid finds it by the subscription). A checkout that fails gives it back.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { PlanInterval } from "../../../shared/schemas/plans.js";
import type { Db, Tx } from "../../db/connect.js";
import { promoCodeRedemptions, subscriptions } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { toCents } from "../../lib/money.js";
import { quoteDiscount, releaseDiscount, reserveDiscount, type DiscountQuote } from "../codes/discounts.js";
import type { SubscriptionRow } from "./plan-grants.js";

export interface PlanCode {
  code: string;
  clientAddress: string;
  via: "web" | "api";
}

type NewSubscription = typeof subscriptions.$inferInsert & { planId: string; interval: PlanInterval; price: string };

/**
 * Writes the pending subscription; with a code, reserves it for the subscription in the same
 * transaction (quoted first, so a wrong code's failed guess is kept) and records it on the row.
 */
export async function insertPendingSubscription(
  db: Db,
  values: NewSubscription,
  code: PlanCode | undefined,
): Promise<{ subscription: SubscriptionRow; quote: DiscountQuote | undefined }> {
  if (!code) {
    const [subscription] = await db.insert(subscriptions).values(values).returning();
    return { subscription: subscription!, quote: undefined };
  }
  const ask = {
    userId: values.userId,
    code: code.code,
    target: { kind: "plan" as const, planId: values.planId, interval: values.interval },
    listCents: toCents(values.price),
    clientAddress: code.clientAddress,
  };
  try {
    await quoteDiscount(db, ask);
  } catch (err) {
    // Held by this person's own earlier checkout: the reservation gives that back first.
    const reason = err instanceof AppError ? (err.extra as { reason?: string }).reason : undefined;
    if (reason !== "code_used_up" && reason !== "code_already_used") throw err;
  }
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id });
    const quote = await reserveDiscount(tx, { ...ask, subscriptionId: inserted!.id, via: code.via });
    const [subscription] = await tx
      .update(subscriptions)
      .set({ promoCodeId: quote.promoCodeId })
      .where(eq(subscriptions.id, inserted!.id))
      .returning();
    return { subscription: subscription!, quote };
  });
}

/** The checkout never started: the subscription ends and its code's use is given back, together. */
export async function endFailedCheckout(db: Db, subscriptionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(subscriptions)
      .set({ status: "ended", endReason: "checkout_failed", endedAt: now, updatedAt: now })
      .where(eq(subscriptions.id, subscriptionId));
    await releaseDiscount(tx, { subscriptionId });
  });
}

/**
 * The discount of this subscription's first payment, when that payment has not been recorded yet
 * (its redemption names no order): the cents it took off. Undefined for every later payment.
 */
export async function firstPaymentDiscount(tx: Tx, sub: SubscriptionRow): Promise<number | undefined> {
  if (!sub.promoCodeId) return undefined;
  const [row] = await tx
    .select({ discountCents: promoCodeRedemptions.discountCents })
    .from(promoCodeRedemptions)
    .where(
      and(
        eq(promoCodeRedemptions.subscriptionId, sub.id),
        isNull(promoCodeRedemptions.orderId),
        inArray(promoCodeRedemptions.status, ["reserved", "released"]),
      ),
    );
  return row?.discountCents;
}
