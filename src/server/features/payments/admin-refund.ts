/**
 * An admin refunds a paid order or decides a Creem dispute (decision 0084).
 *
 * A refund first claims the order with one conditional update (completed, nothing claimed in the
 * last two minutes, and refunded exactly what the admin saw), so of two admins clicking at once
 * one makes the provider call and the other is told why not. PayPal: the capture is refunded with
 * a PayPal-Request-Id made of the claim's intent (order, what was refunded before, amount), so a
 * retry after a lost answer replays PayPal's refund instead of making a second; a refused call
 * releases the claim and reverses nothing; a refund made is reversed under PayPal's refund id,
 * which its PAYMENT.CAPTURE.REFUNDED event (before or after) then meets as a duplicate. Creem has
 * no refund call: the admin refunds in Creem's dashboard and records it here; Creem's
 * refund.created event for it is matched to that record by reversePayment.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  AdminDisputeDecisionInput,
  AdminPaymentActionResult,
  AdminRefundInput,
} from "../../../shared/schemas/admin-payments.js";
import type { Db, Queryable } from "../../db/connect.js";
import { paymentDisputes, paymentOrders, paymentReversals, users } from "../../db/schema.js";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.js";
import { PaypalError } from "../../integrations/paypal/errors.js";
import { formatCents, toCents } from "../../lib/money.js";
import type { AuditActor } from "../audit/audit-log.js";
import { resolveDispute } from "./disputes.js";
import { reversePayment } from "./reversals.js";
import { paypalConnection, type PaypalContext } from "./paypal-service.js";

/** A claim older than this is taken to be a crashed request's and may be taken over. */
const REFUND_CLAIM_MS = 2 * 60_000;

type Order = typeof paymentOrders.$inferSelect;
type RefundInput = Required<Pick<AdminRefundInput, "amount" | "reason" | "expectedRefundedCents">> & {
  recordedByHand?: boolean;
};

/** The key PayPal dedupes this refund by: the same admin intent on the same state is one refund. */
const paypalRefundRequestId = (orderId: string, refundedBefore: number, cents: number) =>
  `refund-${orderId}-${refundedBefore}-${cents}`;

async function orderOf(db: Db, orderId: string): Promise<Order> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order) throw notFound("Payment order not found");
  return order;
}

async function resultOf(db: Db, orderId: string, credits: number): Promise<AdminPaymentActionResult> {
  const [row] = await db
    .select({
      refundedCents: paymentOrders.refundedCents,
      reversedCredits: paymentOrders.reversedCredits,
      disputeStatus: paymentOrders.disputeStatus,
      creditsOwed: users.creditsOwed,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(eq(paymentOrders.id, orderId));
  return {
    orderId,
    refundedCents: row?.refundedCents ?? 0,
    reversedCredits: row?.reversedCredits ?? 0,
    disputeStatus: (row?.disputeStatus ?? null) as AdminPaymentActionResult["disputeStatus"],
    credits,
    creditsOwed: row?.creditsOwed ?? 0,
  };
}

/** Takes the order for this admin's refund, or says (409) why it cannot be taken. */
async function claim(db: Db, order: Order, expectedRefundedCents: number): Promise<Date> {
  const claimedAt = new Date();
  const [claimed] = await db
    .update(paymentOrders)
    .set({ refundClaimedAt: claimedAt })
    .where(
      and(
        eq(paymentOrders.id, order.id),
        eq(paymentOrders.status, "completed"),
        eq(paymentOrders.refundedCents, expectedRefundedCents),
        or(
          isNull(paymentOrders.refundClaimedAt),
          lt(paymentOrders.refundClaimedAt, new Date(claimedAt.getTime() - REFUND_CLAIM_MS)),
        ),
      ),
    )
    .returning({ id: paymentOrders.id });
  if (claimed) return claimedAt;
  const now = await orderOf(db, order.id);
  if (now.refundedCents !== expectedRefundedCents) throw staleView(now, expectedRefundedCents);
  if (now.status !== "completed") throw conflict("Only a completed payment can be refunded");
  throw conflict("Another admin's refund of this payment is under way. Wait a moment and reload it.");
}

/** 409: the admin decided on refunds that have changed since (another admin's, or PayPal's). */
function staleView(now: Order, expectedRefundedCents: number) {
  return conflict(
    `This payment's refunds changed since you looked: ${formatCents(now.refundedCents)} ${now.currency} is refunded now, not ${formatCents(expectedRefundedCents)}. Reload it and check before refunding again.`,
  );
}

/** Ends this claim (and only this one), in the reversal's transaction or after a failure. */
async function release(db: Queryable, orderId: string, claimedAt: Date): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ refundClaimedAt: null })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.refundClaimedAt, claimedAt)));
}

export async function adminRefund(
  deps: { db: Db; paypal: PaypalContext },
  orderId: string,
  input: RefundInput,
  actor: AuditActor,
  log: FastifyBaseLogger,
): Promise<AdminPaymentActionResult> {
  const { db } = deps;
  const order = await orderOf(db, orderId);
  if (order.status !== "completed") throw conflict("Only a completed payment can be refunded");
  // A view that is out of date says so first: its amount was chosen against refunds that changed.
  if (order.refundedCents !== input.expectedRefundedCents) throw staleView(order, input.expectedRefundedCents);
  const cents = toCents(input.amount);
  const remaining = toCents(order.amount) - order.refundedCents;
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > remaining)
    throw badRequest(
      `The amount must be more than 0 and at most ${formatCents(Math.max(0, remaining))} ${order.currency}, what is not yet refunded of this payment`,
    );
  const recordedByHand = input.recordedByHand === true;

  if (order.provider === "creem") {
    if (!recordedByHand)
      throw new AppError(
        "unprocessable",
        "Creem has no refund call: refund the payment in Creem's dashboard first, then record it here as refunded by hand (recordedByHand)",
      );
    const claimedAt = await claim(db, order, input.expectedRefundedCents);
    try {
      const result = await db.transaction(async (tx) => {
        const reversed = await reversePayment(tx, {
          orderId: order.id,
          provider: "creem",
          providerRefundId: null,
          kind: "refund",
          amountCents: cents,
          currency: order.currency,
          reason: input.reason,
          source: "manual",
          actor,
        });
        await release(tx, order.id, claimedAt);
        return reversed;
      });
      return resultOf(db, order.id, result.kind === "reversed" ? result.credits : 0);
    } catch (err) {
      await release(db, order.id, claimedAt);
      throw err;
    }
  }

  if (recordedByHand)
    throw new AppError(
      "unprocessable",
      "PayPal refunds are made through PayPal's API from here: leave recordedByHand off",
    );
  if (!order.providerPaymentId)
    throw conflict("This PayPal payment has no capture recorded, so it cannot be refunded here");
  const client = await paypalConnection(deps.paypal);
  if (!client)
    throw new AppError("payment_not_configured", "PayPal is not configured", {
      suggestion: "Set the PayPal client id and secret in the admin settings",
    });
  const claimedAt = await claim(db, order, input.expectedRefundedCents);
  let refund;
  try {
    // A plan's period is a v1 sale (its PAYMENT.SALE.* events), a pack a v2 capture.
    const refundOf = order.subscriptionId ? client.refundSale.bind(client) : client.refundCapture.bind(client);
    refund = await refundOf({
      captureId: order.providerPaymentId,
      amount: { value: formatCents(cents), currency: order.currency },
      noteToPayer: input.reason,
      requestId: paypalRefundRequestId(order.id, input.expectedRefundedCents, cents),
    });
  } catch (err) {
    await release(db, order.id, claimedAt);
    const message = err instanceof PaypalError ? err.message : "PayPal's refund call failed unexpectedly";
    log.warn({ orderId: order.id, err }, "Admin refund refused by PayPal; nothing reversed");
    throw new AppError("upstream_error", `PayPal did not refund the payment; nothing was taken back (${message})`);
  }
  try {
    const result = await db.transaction(async (tx) => {
      const reversed = await reversePayment(tx, {
        orderId: order.id,
        provider: "paypal",
        providerRefundId: refund.id,
        kind: "refund",
        amountCents: refund.amount ? toCents(refund.amount.value) : cents,
        currency: refund.amount?.currency ?? order.currency,
        reason: input.reason,
        source: "admin",
        actor,
      });
      await release(tx, order.id, claimedAt);
      return reversed;
    });
    log.info({ orderId: order.id, refundId: refund.id, result: result.kind }, "Admin refunded a PayPal payment");
    return resultOf(db, order.id, result.kind === "reversed" ? result.credits : 0);
  } catch (err) {
    // The money went back at PayPal: its webhook or the re-check takes the credits back under this refund id.
    await release(db, order.id, claimedAt);
    throw err;
  }
}

export async function adminDecideDispute(
  db: Db,
  orderId: string,
  input: Required<AdminDisputeDecisionInput>,
  actor: AuditActor,
): Promise<AdminPaymentActionResult> {
  const order = await orderOf(db, orderId);
  if (order.provider !== "creem")
    throw conflict("PayPal decides disputes of PayPal payments; its decision arrives by webhook");
  const [dispute] = await db
    .select()
    .from(paymentDisputes)
    .where(
      and(
        eq(paymentDisputes.orderId, order.id),
        eq(paymentDisputes.provider, "creem"),
        eq(paymentDisputes.providerDisputeId, input.disputeId),
      ),
    );
  if (!dispute) throw conflict("This payment has no such dispute");
  if (dispute.status !== "open") throw conflict(`This dispute was already decided (${dispute.status})`);
  const decided = await db.transaction((tx) =>
    resolveDispute(tx, {
      orderId: order.id,
      provider: "creem",
      providerDisputeId: dispute.providerDisputeId,
      amountCents: dispute.amountCents,
      currency: dispute.currency,
      reason: input.reason,
      actor,
      outcome: input.outcome,
      outcomeCode: "admin",
      source: "admin",
    }),
  );
  if (!decided) throw conflict("This dispute was already decided");
  const [reversal] =
    input.outcome === "lost"
      ? await db
          .select({ credits: paymentReversals.credits })
          .from(paymentReversals)
          .where(
            and(
              eq(paymentReversals.provider, "creem"),
              eq(paymentReversals.providerRefundId, `dispute:${dispute.providerDisputeId}`),
            ),
          )
      : [];
  return resultOf(db, order.id, reversal?.credits ?? 0);
}
