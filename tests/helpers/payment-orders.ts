/**
 * Paid orders, refunds and disputes for the read-side tests (decision 0084), written through the
 * server's own ledger calls (creditPurchase, reversePayment, openDispute), so every row they make
 * is one the real webhooks would make and the ledger stays balanced.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/connect.js";
import { paymentOrders, transactions, users } from "../../src/server/db/schema.js";
import { creditPurchase } from "../../src/server/features/credits/ledger.js";
import { Mailer } from "../../src/server/features/mail/outbox.js";
import { openDispute } from "../../src/server/features/payments/disputes.js";
import {
  providerActor,
  reversePayment,
  type PaymentProvider,
  type ReversalKind,
} from "../../src/server/features/payments/reversals.js";

export interface PaidOrder {
  id: string;
  provider: PaymentProvider;
}

/** Writes receipts to the buyer's outbox like the app's (these buyers have no address: none is written). */
const mailer = new Mailer({ publicUrl: "http://localhost:3000", unsubscribeKey: "test-unsubscribe-key" });

/** A completed order of `credits` for `amount`, credited through the ledger as the webhooks do. */
export async function paidOrder(
  db: Db,
  userId: string,
  opts: { provider?: PaymentProvider; amount?: string; credits?: number; packageName?: string } = {},
): Promise<PaidOrder> {
  const provider = opts.provider ?? "creem";
  const [order] = await db
    .insert(paymentOrders)
    .values({
      userId,
      provider,
      packageName: opts.packageName ?? "Starter",
      amount: opts.amount ?? "10.00",
      credits: opts.credits ?? 100,
      status: "pending",
      providerOrderId: `ch_${crypto.randomBytes(6).toString("hex")}`,
    })
    .returning({ id: paymentOrders.id });
  await db.transaction((tx) =>
    creditPurchase(tx, order!.id, `pay_${crypto.randomBytes(6).toString("hex")}`, () => "Purchase", mailer),
  );
  return { id: order!.id, provider };
}

/** Spends credits on a video the way the ledger does: a usage row and the balance in one transaction. */
export async function spend(db: Db, userId: string, credits: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${credits}` })
      .where(eq(users.id, userId));
    await tx.insert(transactions).values({ userId, type: "usage", amount: -credits, description: "a video" });
  });
}

/** A refund (or lost chargeback) reported by the provider. */
export async function refund(
  db: Db,
  order: PaidOrder,
  amountCents: number,
  opts: { kind?: ReversalKind; reason?: string } = {},
): Promise<void> {
  const result = await db.transaction((tx) =>
    reversePayment(tx, {
      orderId: order.id,
      provider: order.provider,
      providerRefundId: `ref_${crypto.randomBytes(6).toString("hex")}`,
      kind: opts.kind ?? "refund",
      amountCents,
      currency: "USD",
      reason: opts.reason ?? "requested_by_customer",
      source: "provider",
      actor: providerActor(order.provider),
    }),
  );
  if (result.kind !== "reversed") throw new Error(`not reversed: ${result.kind}`);
}

/** A dispute opened by the provider; returns its provider id. */
export async function dispute(db: Db, order: PaidOrder, amountCents: number): Promise<string> {
  const providerDisputeId = `disp_${crypto.randomBytes(6).toString("hex")}`;
  const opened = await db.transaction((tx) =>
    openDispute(tx, {
      orderId: order.id,
      provider: order.provider,
      providerDisputeId,
      amountCents,
      currency: "USD",
      reason: "fraudulent",
      actor: providerActor(order.provider),
    }),
  );
  if (!opened) throw new Error("dispute not opened");
  return providerDisputeId;
}
