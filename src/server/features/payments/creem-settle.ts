/**
 * Turns a Creem checkout into credits, the one path shared by the webhook and the return page:
 * the checkout must be ours, its order paid, and the paid amount and currency exactly the
 * order's; then creditPurchase() credits once however many callers arrive.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { paymentOrders, promoCodeRedemptions } from "../../db/schema.js";
import type { CreemCheckout } from "../../integrations/creem/client.js";
import { formatCents, isCents, toCents } from "../../lib/money.js";
import { releaseDiscount } from "../codes/discounts.js";
import { creditPurchase } from "../credits/ledger.js";
import { recordPayerKey } from "../referrals/payer-key.js";
import type { Mailer } from "../mail/outbox.js";
import { creditsText } from "../../../shared/credits-text.js";

export type PaymentOrder = typeof paymentOrders.$inferSelect;

export type Settlement =
  | { kind: "credited" }
  | { kind: "already_credited" }
  /** Creem does not (yet) report a paid order. */
  | { kind: "not_paid" }
  /** Paid, but not what this order costs: nothing credited, the reason recorded. */
  | { kind: "mismatch"; reason: string }
  /** The checkout belongs to another order. */
  | { kind: "not_ours" }
  /** Paid for an order we had already given up on: left for an admin. */
  | { kind: "order_failed" };

/** What Creem says was paid, for the mismatch reason: its amount is in cents, or missing. */
function paidText(cents: number | undefined): string {
  if (cents === undefined) return "nothing";
  return isCents(cents) ? formatCents(cents) : `${cents} cents`;
}

function purchaseDescription(order: Pick<PaymentOrder, "packageName" | "credits">): string {
  return `Purchased ${order.packageName} (${creditsText(order.credits)}) via Creem`;
}

/** The crediting of an order reaches the database and, for the buyer's receipt, the mail outbox. */
export interface SettleDeps {
  db: Db;
  mailer: Mailer;
}

/**
 * Whether Creem charged what the order asks. Without a discount, its `amount` is the order's. With
 * one (decision 0158) Creem's OrderEntity can be read two ways: `amount` is what was charged after
 * the discount, or the price before it with `discount_amount` beside it; either reading that comes
 * to the order's amount to the cent is a match, and nothing else is.
 */
function paidAsAsked(order: PaymentOrder, paid: NonNullable<CreemCheckout["order"]>): boolean {
  const expected = toCents(order.amount);
  if (paid.amount === expected) return true;
  if (order.listAmount === null || paid.amount === undefined || !paid.discountAmount) return false;
  return paid.amount === toCents(order.listAmount) && paid.amount - paid.discountAmount === expected;
}

/** Creem charged the order's price before its discount, with no discount at all. */
function paidWithoutCode(order: PaymentOrder, paid: NonNullable<CreemCheckout["order"]>): boolean {
  return order.listAmount !== null && !paid.discountAmount && paid.amount === toCents(order.listAmount);
}

export async function settleCheckout(
  { db, mailer }: SettleDeps,
  order: PaymentOrder,
  checkout: CreemCheckout,
  log: FastifyBaseLogger,
): Promise<Settlement> {
  const context = { orderId: order.id, checkoutId: checkout.id };
  if (
    (order.providerOrderId && checkout.id !== order.providerOrderId) ||
    (checkout.requestId && checkout.requestId !== order.id)
  ) {
    log.warn(
      { ...context, expectedCheckoutId: order.providerOrderId },
      "Creem checkout does not belong to this order; ignored",
    );
    return { kind: "not_ours" };
  }
  if (order.status === "completed") return { kind: "already_credited" };
  const paid = checkout.order;
  if (!paid || paid.status !== "paid") return { kind: "not_paid" };

  const expected = toCents(order.amount);
  const currency = (paid.currency ?? "").toUpperCase();
  const withoutCode = paidWithoutCode(order, paid);
  if ((!paidAsAsked(order, paid) && !withoutCode) || currency !== order.currency.toUpperCase()) {
    const reason = `amount mismatch: Creem order ${paid.id} paid ${paidText(paid.amount)} ${currency || "(no currency)"}, expected ${order.amount} ${order.currency}`;
    await db
      .update(paymentOrders)
      .set({ failureReason: reason, updatedAt: new Date() })
      .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, ["created", "pending"])));
    log.error(
      { ...context, creemOrderId: paid.id, paidCents: paid.amount, paidCurrency: currency, expectedCents: expected },
      "Creem payment amount does not match the order; not credited",
    );
    return { kind: "mismatch", reason };
  }

  await recordPayerKey(db, order.id, checkout.customerId);
  const result = await db.transaction(async (tx) => {
    // The buyer paid the full price (Creem's code was taken off its page, or had expired): the
    // order is the package at its price, and the code is given back unused (decision 0158).
    if (withoutCode) {
      await tx
        .update(paymentOrders)
        .set({ amount: order.listAmount!, listAmount: null, promoCodeId: null, updatedAt: new Date() })
        .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, ["created", "pending"])));
      await releaseDiscount(tx, { orderId: order.id });
      // No longer this order's: its crediting must not count the use again as a late payment.
      await tx
        .update(promoCodeRedemptions)
        .set({ orderId: null, updatedAt: new Date() })
        .where(and(eq(promoCodeRedemptions.orderId, order.id), eq(promoCodeRedemptions.status, "released")));
      log.warn(
        { ...context, creemOrderId: paid.id },
        "Creem charged the full price for a discounted order; code given back",
      );
    }
    // Creem's refund and dispute events name the transaction (decision 0084).
    if (paid.transactionId)
      await tx
        .update(paymentOrders)
        .set({ providerTransactionId: paid.transactionId })
        .where(eq(paymentOrders.id, order.id));
    return creditPurchase(tx, order.id, paid.id, () => purchaseDescription(order), mailer);
  });
  if (result?.credited) {
    log.info({ ...context, creemOrderId: paid.id, credits: order.credits }, "Creem purchase credited");
    return { kind: "credited" };
  }
  const [now] = await db
    .select({ status: paymentOrders.status })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, order.id));
  if (now?.status === "completed") return { kind: "already_credited" };
  log.error(
    { ...context, creemOrderId: paid.id, status: now?.status },
    "Creem reports a paid checkout for an order that had failed; not credited, needs an admin",
  );
  return { kind: "order_failed" };
}
