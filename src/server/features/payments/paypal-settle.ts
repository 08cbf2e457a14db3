/**
 * Turns what PayPal says about an order into our order's state, the one path shared by the
 * capture endpoint and the background re-check. Only a COMPLETED capture of exactly the stored
 * amount and currency, carrying our order id, credits; creditPurchase() makes that happen once
 * however many callers arrive. PENDING is recorded, DECLINED/FAILED fail the order.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { paymentOrders } from "../../db/schema.js";
import type { PaypalCapture, PaypalOrder } from "../../integrations/paypal/client.js";
import { toCents } from "../../lib/money.js";
import { creditPurchase } from "../credits/ledger.js";
import { failOpenOrder } from "./discounted-order.js";
import { recordPayerKey } from "../referrals/payer-key.js";
import type { SettleDeps } from "./creem-settle.js";
import { creditsText } from "../../../shared/credits-text.js";

export type PaymentOrder = typeof paymentOrders.$inferSelect;

export type PaypalSettlement =
  | { kind: "credited" }
  | { kind: "already_credited" }
  /** Captured, not settled yet (PENDING): recorded, credited by the re-check once COMPLETED. */
  | { kind: "pending" }
  /** No capture yet: the buyer has not approved, or our capture never reached PayPal. */
  | { kind: "not_captured"; orderStatus: string | undefined }
  /** The capture was declined or failed, or the order voided: the order failed, nothing credited. */
  | { kind: "declined"; reason: string }
  /** Money moved, but not what (or not for whom) this order says: failed, left for an admin. */
  | { kind: "mismatch"; reason: string }
  /** PayPal reports money for an order we had already failed: not credited, left for an admin. */
  | { kind: "order_failed" };

/** Failure reasons start with these words so a repeated capture answers the same way. */
export const DECLINED_PREFIX = "declined:";
export const MISMATCH_PREFIX = "mismatch:";

export function purchaseDescription(order: Pick<PaymentOrder, "packageName" | "credits">): string {
  return `Purchased ${order.packageName} (${creditsText(order.credits)}) via PayPal`;
}

/** The capture this order is about: the one we recorded, else the first. */
function captureOf(order: PaymentOrder, paid: PaypalOrder): PaypalCapture | undefined {
  return paid.captures.find((c) => c.id === order.providerPaymentId) ?? paid.captures[0];
}

/** Fails an open order and gives its discount code back; a completed or already failed one is left as it is. */
export async function failOrder(db: Db, orderId: string, reason: string, paymentId?: string): Promise<void> {
  await failOpenOrder(db, orderId, reason, paymentId ? { providerPaymentId: paymentId } : {});
}

/** Records that PayPal holds the money but has not settled it yet. */
export async function markPending(db: Db, orderId: string, paymentId: string | undefined): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: "pending", updatedAt: new Date(), ...(paymentId ? { providerPaymentId: paymentId } : {}) })
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, ["created", "pending"])));
}

export async function settlePaypalOrder(
  deps: SettleDeps,
  order: PaymentOrder,
  paid: PaypalOrder,
  log: FastifyBaseLogger,
): Promise<PaypalSettlement> {
  const { db } = deps;
  const context = { orderId: order.id, paypalOrderId: paid.id };
  if (order.status === "completed") return { kind: "already_credited" };
  const capture = captureOf(order, paid);
  if (!capture) {
    if (paid.status === "VOIDED") {
      const reason = `${DECLINED_PREFIX} PayPal voided order ${paid.id}`;
      await failOrder(db, order.id, reason);
      log.warn(context, "PayPal order voided; order failed");
      return { kind: "declined", reason };
    }
    return { kind: "not_captured", orderStatus: paid.status };
  }

  const customId = capture.customId ?? paid.customId;
  if (paid.id !== order.providerOrderId || customId !== order.id) {
    const reason = `${MISMATCH_PREFIX} PayPal capture ${capture.id} of order ${paid.id} carries custom_id ${customId ?? "(none)"}, expected ${order.id} on ${order.providerOrderId ?? "(no PayPal order)"}`;
    return mismatch(db, order, reason, capture, log);
  }

  await recordPayerKey(db, order.id, paid.payerId);
  switch (capture.status) {
    case "COMPLETED":
      return complete(deps, order, capture, log);
    case "PENDING":
      await markPending(db, order.id, capture.id);
      log.info({ ...context, captureId: capture.id }, "PayPal capture pending; credits wait for completion");
      return { kind: "pending" };
    case "DECLINED":
    case "FAILED":
    case "REFUNDED":
    case "PARTIALLY_REFUNDED":
    case "REVERSED": {
      const reason = `${DECLINED_PREFIX} PayPal capture ${capture.id} is ${capture.status}`;
      await failOrder(db, order.id, reason, capture.id);
      log.warn(
        { ...context, captureId: capture.id, captureStatus: capture.status },
        "PayPal capture not paid; order failed",
      );
      return { kind: "declined", reason };
    }
    default:
      // A status PayPal may add later: not money yet; the re-check keeps asking.
      await markPending(db, order.id, capture.id);
      log.warn(
        { ...context, captureId: capture.id, captureStatus: capture.status },
        "PayPal capture in an unknown state; treated as pending",
      );
      return { kind: "pending" };
  }
}

async function complete(
  { db, mailer }: SettleDeps,
  order: PaymentOrder,
  capture: PaypalCapture,
  log: FastifyBaseLogger,
): Promise<PaypalSettlement> {
  const context = { orderId: order.id, paypalOrderId: order.providerOrderId, captureId: capture.id };
  const expected = toCents(order.amount);
  const paidCents = capture.amount ? toCents(capture.amount.value) : Number.NaN;
  const currency = capture.amount?.currency.toUpperCase();
  if (paidCents !== expected || currency !== order.currency.toUpperCase()) {
    const paidText = capture.amount ? `${capture.amount.value} ${capture.amount.currency}` : "no amount";
    const reason = `${MISMATCH_PREFIX} PayPal capture ${capture.id} paid ${paidText}, expected ${order.amount} ${order.currency}`;
    return mismatch(db, order, reason, capture, log);
  }

  const result = await db.transaction((tx) =>
    creditPurchase(tx, order.id, capture.id, () => purchaseDescription(order), mailer),
  );
  if (result?.credited) {
    log.info({ ...context, credits: order.credits, userId: order.userId }, "PayPal purchase credited");
    return { kind: "credited" };
  }
  const [now] = await db
    .select({ status: paymentOrders.status })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, order.id));
  if (now?.status === "completed") return { kind: "already_credited" };
  log.error(
    { ...context, status: now?.status },
    "PayPal reports a completed capture for an order that had failed; not credited, needs an admin",
  );
  return { kind: "order_failed" };
}

async function mismatch(
  db: Db,
  order: PaymentOrder,
  reason: string,
  capture: PaypalCapture,
  log: FastifyBaseLogger,
): Promise<PaypalSettlement> {
  await failOrder(db, order.id, reason, capture.id);
  log.error(
    {
      orderId: order.id,
      paypalOrderId: order.providerOrderId,
      captureId: capture.id,
      captureStatus: capture.status,
      paid: capture.amount,
      expected: { value: order.amount, currency: order.currency },
    },
    "PayPal payment does not match the order; not credited, needs an admin",
  );
  return { kind: "mismatch", reason };
}
