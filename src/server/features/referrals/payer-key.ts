/**
 * Who paid at the provider (decision 0157): Creem's customer id, PayPal's payer id, kept on the
 * order when it settles, so a referred person's payment made with the referrer's own payment
 * identity earns no reward. Written before the crediting transaction reads the order.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { paymentOrders } from "../../db/schema.js";

export async function recordPayerKey(
  db: Queryable,
  orderId: string,
  payerKey: string | undefined | null,
): Promise<void> {
  const key = payerKey?.trim().slice(0, 200);
  if (!key) return;
  await db
    .update(paymentOrders)
    .set({ payerKey: key })
    .where(and(eq(paymentOrders.id, orderId), isNull(paymentOrders.payerKey)));
}
