/**
 * Money going back (decision 0084): a refund or a lost chargeback takes the order's credits back,
 * once per provider refund id, in the caller's transaction with the balance, the ledger row, the
 * audit row and the owner's notice. What the balance cannot pay becomes `credits_owed`, outside
 * the ledger, so `users.credits` still equals the sum of the person's transactions.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { paymentOrders, paymentReversals, transactions, users } from "../../db/schema.js";
import { toCents } from "../../lib/money.js";
import { creditsText } from "../../../shared/credits-text.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { notifyPaymentReversed } from "../notifications/outbox.js";
import { reverseReferralReward } from "../referrals/rewards.js";
import { reversalShare } from "./reversal-share.js";
import { providerName } from "./wording.js";

export type PaymentProvider = "creem" | "paypal";
export type ReversalKind = "refund" | "chargeback";
export type ReversalSource = "provider" | "recheck" | "admin" | "manual";

export interface ReversalInput {
  orderId: string;
  provider: PaymentProvider;
  /** The provider's refund id; null only for a Creem refund an admin recorded by hand. */
  providerRefundId: string | null;
  kind: ReversalKind;
  amountCents: number;
  currency: string;
  reason: string | null;
  source: ReversalSource;
  /** Who acted: the admin, or the provider itself (no admin id). */
  actor: AuditActor;
}

export type ReversalResult =
  | { kind: "reversed"; credits: number; taken: number; owed: number; userId: string }
  /** This refund id was already reversed: nothing changed. */
  | { kind: "duplicate" }
  /** Creem's event for a refund an admin had already recorded by hand: the record now carries its id. */
  | { kind: "matched_manual" }
  /** The order was never credited (or is unknown): nothing to take back. */
  | { kind: "not_credited" };

/** The system actor of a provider's own event in the audit log. */
export function providerActor(provider: PaymentProvider): AuditActor {
  return { adminId: null, adminUsername: providerName(provider), ip: null };
}

function reversalDescription(
  order: { packageName: string; provider: string },
  input: Pick<ReversalInput, "kind" | "reason">,
  taken: number,
  owed: number,
): string {
  const what = input.kind === "chargeback" ? "Chargeback" : "Refund";
  const reason = input.reason ? ` (${input.reason.slice(0, 200)})` : "";
  const owing = owed > 0 ? `; ${creditsText(owed)} owed` : "";
  return `${what} of ${order.packageName} via ${providerName(order.provider)}${reason}: ${creditsText(taken)} taken back${owing}`;
}

/**
 * A credited order of `provider`, locked for the rest of the transaction: its row lock puts every
 * refund and dispute of one order in a line, whoever reports it. Undefined if not credited.
 */
export async function lockedCreditedOrder(
  tx: Tx,
  orderId: string,
  provider: PaymentProvider,
): Promise<typeof paymentOrders.$inferSelect | undefined> {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.provider, provider)))
    .for("update");
  return order?.status === "completed" ? order : undefined;
}

export async function reversePayment(tx: Tx, input: ReversalInput): Promise<ReversalResult> {
  const order = await lockedCreditedOrder(tx, input.orderId, input.provider);
  if (!order) return { kind: "not_credited" };
  if (input.providerRefundId !== null) {
    const [seen] = await tx
      .select({ id: paymentReversals.id })
      .from(paymentReversals)
      .where(
        and(
          eq(paymentReversals.provider, input.provider),
          eq(paymentReversals.providerRefundId, input.providerRefundId),
        ),
      );
    if (seen) return { kind: "duplicate" };
    if (input.source !== "manual" && input.kind === "refund") {
      // A refund an admin recorded by hand (Creem has no refund call) is this event: same order, same amount.
      const [manual] = await tx
        .select({ id: paymentReversals.id })
        .from(paymentReversals)
        .where(
          and(
            eq(paymentReversals.orderId, order.id),
            isNull(paymentReversals.providerRefundId),
            eq(paymentReversals.amountCents, input.amountCents),
          ),
        )
        .orderBy(paymentReversals.createdAt)
        .limit(1);
      if (manual) {
        await tx
          .update(paymentReversals)
          .set({ providerRefundId: input.providerRefundId })
          .where(eq(paymentReversals.id, manual.id));
        return { kind: "matched_manual" };
      }
    }
  }

  // One chargeback can be told twice (PayPal: the capture reversed, and the dispute lost): a
  // chargeback takes back only what no earlier chargeback of this order already did.
  let amountCents = input.amountCents;
  if (input.kind === "chargeback") {
    const [earlier] = await tx
      .select({ cents: sql<number>`coalesce(sum(${paymentReversals.amountCents}), 0)::int` })
      .from(paymentReversals)
      .where(and(eq(paymentReversals.orderId, order.id), eq(paymentReversals.kind, "chargeback")));
    amountCents -= Number(earlier?.cents ?? 0);
    if (amountCents <= 0) return { kind: "duplicate" };
  }

  const share = reversalShare(
    {
      gave: order.credits + order.bonusCredits,
      paidCents: toCents(order.amount),
      refundedCents: order.refundedCents,
      reversedCredits: order.reversedCredits,
    },
    amountCents,
  );
  const [user] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, order.userId))
    .for("update");
  const balance = user?.credits ?? 0;
  const taken = Math.min(balance, share.credits);
  const owed = share.credits - taken;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${taken}`, creditsOwed: sql`${users.creditsOwed} + ${owed}` })
    .where(eq(users.id, order.userId));
  await tx.insert(paymentReversals).values({
    orderId: order.id,
    provider: input.provider,
    providerRefundId: input.providerRefundId,
    kind: input.kind,
    amountCents,
    currency: input.currency.toUpperCase(),
    reason: input.reason?.slice(0, 500) ?? null,
    credits: share.credits,
    creditsTaken: taken,
    creditsOwed: owed,
    source: input.source,
    adminId: input.actor.adminId,
  });
  await tx
    .update(paymentOrders)
    .set({ refundedCents: share.refundedCents, reversedCredits: share.reversedCredits, updatedAt: new Date() })
    .where(eq(paymentOrders.id, order.id));
  // The referrer's reward for this payment keeps only the share not refunded (decision 0157).
  await reverseReferralReward(tx, order, share.refundedCents);
  await tx.insert(transactions).values({
    userId: order.userId,
    type: "reversal",
    amount: -taken,
    description: reversalDescription(order, input, taken, owed),
    packageId: order.packageId,
    paymentOrderId: order.id,
  });
  await recordAudit(tx, input.actor, {
    action: input.kind === "chargeback" ? "payment.chargeback" : "payment.refund",
    targetType: "payment_order",
    targetId: order.id,
    targetLabel: order.packageName,
    details: {
      provider: input.provider,
      providerRefundId: input.providerRefundId,
      source: input.source,
      amountCents,
      currency: input.currency.toUpperCase(),
      reason: input.reason,
      credits: share.credits,
      taken,
      owed,
    },
  });
  await notifyPaymentReversed(tx, {
    userId: order.userId,
    kind: input.kind,
    provider: providerName(order.provider),
    packageName: order.packageName,
    amountCents,
    currency: input.currency.toUpperCase(),
    credits: share.credits,
    owed,
  });
  return { kind: "reversed", credits: share.credits, taken, owed, userId: order.userId };
}
