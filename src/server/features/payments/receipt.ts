/**
 * GET /api/payments/orders/:orderId/receipt (decision 0086): the receipt of one of the signed-in
 * buyer's completed orders, with the seller from the admin settings. Anyone else's order, an
 * unknown or malformed id and an order not completed are the same 404: the answer tells nothing
 * about orders that are not the caller's.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import { BRAND } from "../../../shared/brand.js";
import type { Receipt } from "../../../shared/schemas/receipts.js";
import type { Db } from "../../db/connect.js";
import { paymentOrders, promoCodes, users } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { formatCents, toCents } from "../../lib/money.js";
import { displayCode } from "../codes/code-format.js";
import type { Settings } from "../settings/service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_RECEIPT = "Receipt not found";

async function readReceipt(db: Db, settings: Settings, userId: string, orderId: string): Promise<Receipt> {
  if (!UUID.test(orderId)) throw notFound(NO_RECEIPT);
  const [row] = await db
    .select({ order: paymentOrders, username: users.username, email: users.email, code: promoCodes.code })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .leftJoin(promoCodes, eq(promoCodes.id, paymentOrders.promoCodeId))
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, userId), eq(paymentOrders.status, "completed")));
  if (!row) throw notFound(NO_RECEIPT);
  const { order } = row;
  return {
    orderId: order.id,
    completedAt: (order.completedAt ?? order.updatedAt).toISOString(),
    packageName: order.packageName,
    credits: order.credits,
    bonusCredits: order.bonusCredits,
    amount: order.amount,
    // What was paid is `amount`; a code's discount is shown beside it (decision 0158).
    discount:
      row.code && order.listAmount
        ? {
            code: displayCode(row.code),
            listAmount: order.listAmount,
            amountOff: formatCents(Math.max(0, toCents(order.listAmount) - toCents(order.amount))),
          }
        : null,
    currency: order.currency.toUpperCase(),
    provider: order.provider as Receipt["provider"],
    providerPaymentId: order.providerPaymentId,
    providerTransactionId: order.providerTransactionId,
    refundedAmount: formatCents(order.refundedCents),
    disputeStatus: order.disputeStatus as Receipt["disputeStatus"],
    buyer: { username: row.username, email: row.email },
    // The seller the admin named, else the product's name (decision 0086).
    seller: { name: settings.sellerName?.trim() || BRAND, address: settings.sellerAddress?.trim() || null },
  };
}

export async function receiptRoutes(
  app: FastifyInstance,
  opts: { db: Db; readSettings(): Promise<Settings> },
): Promise<void> {
  serve(app, paymentsApi.receipt, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return readReceipt(opts.db, await opts.readSettings(), user.id, request.params.orderId);
  });
}
