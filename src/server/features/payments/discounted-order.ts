/**
 * A package's order with a discount code (decisions 0156, 0158): the code is quoted first (so a
 * wrong code's failed guess is kept), then reserved in the transaction that writes the order, and
 * the order asks the price after the discount (`amount`) with the price before it (`list_amount`)
 * and the code beside it. Both providers then charge exactly `amount`, and every check that compares
 * what was paid with the order (the settle paths, refunds' shares) holds unchanged. An order that
 * fails gives its code's use back in the transaction that fails it.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { paymentOrders } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { formatCents, toCents } from "../../lib/money.js";
import { quoteDiscount, releaseDiscount, reserveDiscount, type DiscountQuote } from "../codes/discounts.js";

export type PaymentOrder = typeof paymentOrders.$inferSelect;
type NewOrder = typeof paymentOrders.$inferInsert & { packageId: string; amount: string };

/** A discount code sent with a checkout, and who sent it from where (the code's guess limits). */
export interface PurchaseCode {
  code: string;
  clientAddress: string;
  via: "web" | "api";
}

/** The code a checkout body carries, or none: an empty or blank field is no code. */
export function purchaseCodeOf(
  code: string | undefined,
  clientAddress: string,
  via: "web" | "api" = "web",
): PurchaseCode | undefined {
  const trimmed = code?.trim();
  return trimmed ? { code: trimmed, clientAddress, via } : undefined;
}

/**
 * Quotes the code before the order's transaction, so a wrong code's failed guess is kept. A code
 * the quote finds used up may be held by this person's own earlier checkout, which the
 * reservation gives back first (a restarted checkout): that answer is left to the reservation.
 */
async function quoteFirst(db: Db, ask: Parameters<typeof quoteDiscount>[1]): Promise<void> {
  try {
    await quoteDiscount(db, ask);
  } catch (err) {
    const reason = err instanceof AppError ? (err.extra as { reason?: string }).reason : undefined;
    if (reason !== "code_used_up" && reason !== "code_already_used") throw err;
  }
}

/**
 * Writes the order (status `created`); with a code, reserves it for this order in the same
 * transaction and sets the discounted amount. Throws the code's 4xx AppError, writing nothing,
 * when it cannot be used for this package.
 */
export async function insertPackageOrder(
  db: Db,
  values: NewOrder,
  code: PurchaseCode | undefined,
): Promise<{ order: PaymentOrder; quote: DiscountQuote | undefined }> {
  if (!code) {
    const [order] = await db.insert(paymentOrders).values(values).returning();
    return { order: order!, quote: undefined };
  }
  const ask = {
    userId: values.userId,
    code: code.code,
    target: { kind: "package" as const, packageId: values.packageId },
    listCents: toCents(values.amount),
    clientAddress: code.clientAddress,
  };
  await quoteFirst(db, ask);
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(paymentOrders).values(values).returning({ id: paymentOrders.id });
    const quote = await reserveDiscount(tx, { ...ask, orderId: inserted!.id, via: code.via });
    const [order] = await tx
      .update(paymentOrders)
      .set({
        amount: formatCents(quote.amountCents),
        listAmount: formatCents(quote.listCents),
        promoCodeId: quote.promoCodeId,
      })
      .where(eq(paymentOrders.id, inserted!.id))
      .returning();
    return { order: order!, quote };
  });
}

/**
 * Fails an open order (created or pending; a completed or already failed one is left as it is)
 * and gives its discount code's use back, in one transaction. Returns whether it failed it now.
 */
export async function failOpenOrder(
  db: Db,
  orderId: string,
  reason: string,
  extra: Partial<Pick<PaymentOrder, "providerPaymentId">> = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(paymentOrders)
      .set({ status: "failed", failureReason: reason, updatedAt: new Date(), ...extra })
      .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, ["created", "pending"])))
      .returning({ id: paymentOrders.id, promoCodeId: paymentOrders.promoCodeId });
    if (failed?.promoCodeId) await releaseDiscount(tx, { orderId });
    return Boolean(failed);
  });
}
