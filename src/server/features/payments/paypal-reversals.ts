/**
 * PayPal's refunds and disputes mapped onto our orders (decision 0084), shared by the webhook,
 * the re-check and the admin's refund: a refund or dispute names our order by custom_id, else by
 * the capture (payment_orders.provider_payment_id). Every path ends in reversePayment /
 * openDispute / resolveDispute, which take a refund id or a dispute id once, however often and in
 * whatever order it is reported.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { paymentOrders } from "../../db/schema.js";
import type { PaypalDispute, PaypalRefund } from "../../integrations/paypal/client.js";
import { toCents } from "../../lib/money.js";
import type { AuditActor } from "../audit/audit-log.js";
import { openDispute, resolveDispute, type DisputeOutcome } from "./disputes.js";
import {
  providerActor,
  reversePayment,
  type ReversalKind,
  type ReversalResult,
  type ReversalSource,
} from "./reversals.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Order = typeof paymentOrders.$inferSelect;

/** Our PayPal order for a custom_id and/or a capture id; a custom_id naming another capture is not trusted. */
export async function findPaypalOrder(
  db: Db,
  ref: { customId: string | undefined; captureId: string | undefined },
): Promise<Order | undefined> {
  if (ref.customId && UUID.test(ref.customId)) {
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, ref.customId), eq(paymentOrders.provider, "paypal")));
    if (order && (!ref.captureId || !order.providerPaymentId || order.providerPaymentId === ref.captureId))
      return order;
  }
  if (!ref.captureId) return undefined;
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, "paypal"), eq(paymentOrders.providerPaymentId, ref.captureId)))
    .limit(1);
  return order;
}

export type RefundOutcome = ReversalResult | { kind: "unreadable"; why: string };

/** One PayPal refund (or reversal) of `order`, taken back once by its refund id. */
export async function reversePaypalRefund(
  db: Db,
  order: Pick<Order, "id">,
  refund: PaypalRefund,
  opts: { kind: ReversalKind; source: ReversalSource; actor?: AuditActor; reason?: string | null },
): Promise<RefundOutcome> {
  if (refund.status !== "COMPLETED") return { kind: "unreadable", why: `refund status ${refund.status}` };
  const cents = refund.amount ? toCents(refund.amount.value) : Number.NaN;
  if (!Number.isSafeInteger(cents) || cents <= 0) return { kind: "unreadable", why: "no refund amount" };
  return db.transaction((tx) =>
    reversePayment(tx, {
      orderId: order.id,
      provider: "paypal",
      providerRefundId: refund.id,
      kind: opts.kind,
      amountCents: cents,
      currency: refund.amount!.currency,
      reason: opts.reason ?? refund.note ?? (opts.kind === "chargeback" ? "reversed by PayPal" : null),
      source: opts.source,
      actor: opts.actor ?? providerActor("paypal"),
    }),
  );
}

/** PayPal's outcome codes for the seller; every other outcome of a resolved dispute went to the buyer. */
const SELLER_OUTCOMES = new Set(["RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER", "DENIED"]);

export function disputeOutcome(code: string): DisputeOutcome {
  return SELLER_OUTCOMES.has(code.toUpperCase()) ? "won" : "lost";
}

export type DisputeChange = "opened" | "resolved" | "already_known" | "unreadable";

/**
 * A dispute as PayPal reports it now: open, or resolved with an outcome. `resolved` says whether
 * the event was a resolution (RESOLVED, or UPDATED with status RESOLVED).
 */
export async function applyPaypalDispute(
  db: Db,
  order: Order,
  dispute: PaypalDispute,
  resolved: boolean,
): Promise<DisputeChange> {
  const paidCents = toCents(order.amount);
  const disputed = dispute.amount ? toCents(dispute.amount.value) : Number.NaN;
  const input = {
    orderId: order.id,
    provider: "paypal" as const,
    providerDisputeId: dispute.id,
    amountCents: Number.isSafeInteger(disputed) && disputed > 0 ? disputed : paidCents,
    currency: dispute.amount?.currency ?? order.currency,
    reason: dispute.reason ?? null,
    actor: providerActor("paypal"),
  };
  if (!resolved) return (await db.transaction((tx) => openDispute(tx, input))) ? "opened" : "already_known";
  if (!dispute.outcome) return "unreadable";
  const done = await db.transaction((tx) =>
    resolveDispute(tx, {
      ...input,
      outcome: disputeOutcome(dispute.outcome!),
      outcomeCode: dispute.outcome!,
      source: "provider",
    }),
  );
  return done ? "resolved" : "already_known";
}
