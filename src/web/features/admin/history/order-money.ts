/** A payment order's money in cents: what was paid, what is left to refund, whether it can be refunded. */
import type { PaymentOrderState } from "../../../../shared/schemas/admin-payments";

/** "9.99" -> 999, without floating-point drift. */
export function centsOf(amount: string): number {
  const [whole = "0", fraction = ""] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** 450 -> "4.50": what the refund form takes. */
export const decimalOf = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** What is left to refund of an order, in cents. */
export const refundableCents = (order: PaymentOrderState) => Math.max(0, centsOf(order.amount) - order.refundedCents);

/** Whether an order can be refunded from the admin pages: completed, with money left, not lost to a chargeback. */
export const canRefund = (order: PaymentOrderState) =>
  order.status === "completed" && order.disputeStatus !== "lost" && refundableCents(order) > 0;
