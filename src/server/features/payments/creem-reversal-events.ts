/**
 * Creem's `refund.created` and `dispute.created` (decision 0084): find our order from whatever the
 * event names (our request id, the checkout, Creem's order, or its transaction, asking Creem which
 * order a transaction belongs to when we have not seen it), then reverse or open the dispute. An
 * event for no order of ours is logged and answered, so Creem stops retrying it.
 */
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { paymentOrders } from "../../db/schema.js";
import type { CreemClient } from "../../integrations/creem/client.js";
import {
  parseCreemDispute,
  parseCreemRefund,
  type CreemMoneyEvent,
  type CreemPaymentRef,
} from "../../integrations/creem/events.js";
import { toCents } from "../../lib/money.js";
import type { CreemContext } from "./creem-service.js";
import { openDispute } from "./disputes.js";
import { providerActor, reversePayment } from "./reversals.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Order = typeof paymentOrders.$inferSelect;

async function orderByRef(ctx: CreemContext, ref: CreemPaymentRef): Promise<Order | undefined> {
  const matches: SQL[] = [];
  if (ref.requestId && UUID.test(ref.requestId)) matches.push(eq(paymentOrders.id, ref.requestId));
  if (ref.checkoutId) matches.push(eq(paymentOrders.providerOrderId, ref.checkoutId));
  if (ref.orderId) matches.push(eq(paymentOrders.providerPaymentId, ref.orderId));
  if (ref.transactionId) matches.push(eq(paymentOrders.providerTransactionId, ref.transactionId));
  if (matches.length === 0) return undefined;
  const [order] = await ctx.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, "creem"), or(...matches)))
    .limit(1);
  return order;
}

/** Our order for an event; learns the transaction id on the way, so the next event maps at once. */
async function findOrder(
  ctx: CreemContext,
  ref: CreemPaymentRef,
  creem: () => CreemClient | undefined,
  log: FastifyBaseLogger,
): Promise<Order | undefined> {
  let order = await orderByRef(ctx, ref);
  if (!order && ref.transactionId) {
    const client = creem();
    const creemOrderId = await client?.getTransactionOrderId(ref.transactionId).catch((err: unknown) => {
      log.warn({ err, transactionId: ref.transactionId }, "Creem transaction could not be read");
      return undefined;
    });
    if (creemOrderId) order = await orderByRef(ctx, { ...ref, orderId: creemOrderId });
  }
  if (order && ref.transactionId && !order.providerTransactionId) {
    await ctx.db
      .update(paymentOrders)
      .set({ providerTransactionId: ref.transactionId })
      .where(and(eq(paymentOrders.id, order.id), isNull(paymentOrders.providerTransactionId)));
  }
  return order;
}

/**
 * The event's amount in the order's own cents: Creem's amounts may include tax, so the refunded
 * share is of what the transaction took (`amount_paid`) when Creem says it, and never above the order.
 */
function inOrderCents(order: Order, event: CreemMoneyEvent): number {
  const paid = toCents(order.amount);
  const share = event.amountPaid ? Math.round((paid * event.amount) / event.amountPaid) : event.amount;
  return Math.max(1, Math.min(paid, share));
}

export async function handleCreemRefund(
  ctx: CreemContext,
  object: unknown,
  creem: () => CreemClient | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  const refund = parseCreemRefund(object);
  if (!refund) return log.warn("Creem refund.created without a refund id or amount; ignored");
  if (refund.status && refund.status !== "succeeded")
    return log.info({ refundId: refund.id, status: refund.status }, "Creem refund not succeeded; ignored");
  const order = await findOrder(ctx, refund.payment, creem, log);
  if (!order) return log.warn({ refundId: refund.id, ...refund.payment }, "Creem refund for no order of ours; ignored");
  const result = await ctx.db.transaction((tx) =>
    reversePayment(tx, {
      orderId: order.id,
      provider: "creem",
      providerRefundId: refund.id,
      kind: "refund",
      amountCents: inOrderCents(order, refund),
      currency: order.currency,
      reason: refund.reason ?? null,
      source: "provider",
      actor: providerActor("creem"),
    }),
  );
  log.info({ refundId: refund.id, orderId: order.id, result }, "Creem refund handled");
}

export async function handleCreemDispute(
  ctx: CreemContext,
  object: unknown,
  creem: () => CreemClient | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  const dispute = parseCreemDispute(object);
  if (!dispute) return log.warn("Creem dispute.created without a dispute id or amount; ignored");
  const order = await findOrder(ctx, dispute.payment, creem, log);
  if (!order)
    return log.warn({ disputeId: dispute.id, ...dispute.payment }, "Creem dispute for no order of ours; ignored");
  const opened = await ctx.db.transaction((tx) =>
    openDispute(tx, {
      orderId: order.id,
      provider: "creem",
      providerDisputeId: dispute.id,
      amountCents: inOrderCents(order, dispute),
      currency: order.currency,
      reason: dispute.reason ?? null,
      actor: providerActor("creem"),
    }),
  );
  log.info({ disputeId: dispute.id, orderId: order.id, opened }, "Creem dispute handled");
}
