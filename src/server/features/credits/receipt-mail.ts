/**
 * The receipt of a paid order (decision 0086): written by creditPurchase in the transaction that
 * credits the order, so it goes exactly once per order, to the buyer's confirmed address.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { users, type paymentOrders } from "../../db/schema.js";
import type { Mailer } from "../mail/outbox.js";

/** The page of an order's receipt, which the mail links to. */
const receiptUrl = (publicUrl: string, orderId: string) => `${publicUrl}/receipts/${orderId}`;

export async function queueReceipt(
  tx: Tx,
  mailer: Mailer,
  order: typeof paymentOrders.$inferSelect & { completedAt: Date },
): Promise<void> {
  const [buyer] = await tx.select({ username: users.username }).from(users).where(eq(users.id, order.userId));
  if (!buyer) return;
  await mailer.toUser(tx, order.userId, {
    kind: "receipt",
    username: buyer.username,
    orderId: order.id,
    link: receiptUrl(mailer.publicUrl, order.id),
    packageName: order.packageName,
    credits: order.credits,
    bonusCredits: order.bonusCredits,
    amount: order.amount,
    currency: order.currency,
    provider: order.provider,
    providerPaymentId: order.providerPaymentId,
    paidAt: order.completedAt,
  });
}
