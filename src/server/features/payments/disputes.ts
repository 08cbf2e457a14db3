/**
 * Chargebacks and disputes (decision 0084). Opened: the order is marked disputed, its unspent
 * credits are frozen (generation is refused while any dispute of the person is open). Decided for
 * the seller: nothing is taken. For the buyer: the disputed amount is reversed like a refund.
 * Events may come twice or out of order; a dispute's row is unique per provider id, and a decision
 * that arrives before the opening records the dispute as decided.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { paymentDisputes, paymentOrders, users } from "../../db/schema.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { notifyDispute } from "../notifications/outbox.js";
import { providerName } from "./wording.js";
import { lockedCreditedOrder, reversePayment, type PaymentProvider, type ReversalSource } from "./reversals.js";

export interface DisputeInput {
  orderId: string;
  provider: PaymentProvider;
  providerDisputeId: string;
  amountCents: number;
  currency: string;
  reason: string | null;
  actor: AuditActor;
}

export type DisputeOutcome = "won" | "lost";

/** The order's dispute mark after a change: open while any of its disputes is. */
async function markOrder(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(paymentOrders)
    .set({
      disputeStatus: sql`(select case when bool_or(status = 'open') then 'open' when bool_or(status = 'lost') then 'lost' else 'won' end
        from ${paymentDisputes} where ${paymentDisputes.orderId} = ${orderId})`,
      updatedAt: new Date(),
    })
    .where(eq(paymentOrders.id, orderId));
}

/** Records an opened dispute; false when it was already known (or the order never credited). */
export async function openDispute(tx: Tx, input: DisputeInput): Promise<boolean> {
  const order = await lockedCreditedOrder(tx, input.orderId, input.provider);
  if (!order) return false;
  const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, order.userId));
  const unspent = Math.max(0, order.credits + order.bonusCredits - order.reversedCredits);
  const frozenCredits = Math.min(user?.credits ?? 0, unspent);
  const [row] = await tx
    .insert(paymentDisputes)
    .values({
      orderId: order.id,
      provider: input.provider,
      providerDisputeId: input.providerDisputeId,
      amountCents: input.amountCents,
      currency: input.currency.toUpperCase(),
      reason: input.reason?.slice(0, 500) ?? null,
      frozenCredits,
    })
    .onConflictDoNothing()
    .returning({ id: paymentDisputes.id });
  if (!row) return false;
  await markOrder(tx, order.id);
  await recordAudit(tx, input.actor, {
    action: "payment.dispute_opened",
    targetType: "payment_order",
    targetId: order.id,
    targetLabel: order.packageName,
    details: {
      provider: input.provider,
      providerDisputeId: input.providerDisputeId,
      amountCents: input.amountCents,
      reason: input.reason,
      frozenCredits,
    },
  });
  await notifyDispute(tx, {
    userId: order.userId,
    provider: providerName(input.provider),
    order,
    amountCents: input.amountCents,
    currency: input.currency,
    reason: input.reason,
    state: "opened",
    frozenCredits,
  });
  return true;
}

/**
 * Decides a dispute, once: for the seller the hold ends; for the buyer the disputed amount is
 * reversed (its refund id is `dispute:<id>`, so a repeated decision cannot take twice). Returns
 * false when it was already decided or the order is not ours.
 */
export async function resolveDispute(
  tx: Tx,
  input: DisputeInput & { outcome: DisputeOutcome; outcomeCode: string; source: ReversalSource },
): Promise<boolean> {
  const order = await lockedCreditedOrder(tx, input.orderId, input.provider);
  if (!order) return false;
  const values = {
    status: input.outcome,
    outcome: input.outcomeCode.slice(0, 100),
    resolvedAt: new Date(),
  };
  // Decided before we heard it was opened: recorded decided straight away.
  const [inserted] = await tx
    .insert(paymentDisputes)
    .values({
      orderId: order.id,
      provider: input.provider,
      providerDisputeId: input.providerDisputeId,
      amountCents: input.amountCents,
      currency: input.currency.toUpperCase(),
      reason: input.reason?.slice(0, 500) ?? null,
      frozenCredits: 0,
      ...values,
    })
    .onConflictDoNothing()
    .returning({ id: paymentDisputes.id, amountCents: paymentDisputes.amountCents });
  const decided =
    inserted ??
    (
      await tx
        .update(paymentDisputes)
        .set(values)
        .where(
          and(
            eq(paymentDisputes.provider, input.provider),
            eq(paymentDisputes.providerDisputeId, input.providerDisputeId),
            eq(paymentDisputes.status, "open"),
          ),
        )
        .returning({ id: paymentDisputes.id, amountCents: paymentDisputes.amountCents })
    )[0];
  if (!decided) return false;
  if (input.outcome === "lost") {
    await reversePayment(tx, {
      orderId: order.id,
      provider: input.provider,
      providerRefundId: `dispute:${input.providerDisputeId}`,
      kind: "chargeback",
      amountCents: decided.amountCents,
      currency: input.currency,
      reason: input.reason,
      source: input.source,
      actor: input.actor,
    });
  }
  await markOrder(tx, order.id);
  await recordAudit(tx, input.actor, {
    action: "payment.dispute_resolved",
    targetType: "payment_order",
    targetId: order.id,
    targetLabel: order.packageName,
    details: {
      provider: input.provider,
      providerDisputeId: input.providerDisputeId,
      outcome: input.outcome,
      outcomeCode: input.outcomeCode,
    },
  });
  await notifyDispute(tx, {
    userId: order.userId,
    provider: providerName(input.provider),
    order,
    amountCents: decided.amountCents,
    currency: input.currency,
    reason: input.reason,
    state: input.outcome,
    frozenCredits: 0,
  });
  return true;
}
