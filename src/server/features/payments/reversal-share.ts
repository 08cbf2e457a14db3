/**
 * How many credits a refund takes back (decision 0084): the order's credits (purchase and bonus)
 * in proportion to the share of the payment refunded so far, rounded up to whole credits, never
 * more than the order gave. Worked out on the running totals, so partial refunds in any order add
 * up to exactly what one refund of their sum would take, and rounding never counts twice.
 */
export interface OrderRefundState {
  /** Credits the order gave: its package's credits and bonus. */
  gave: number;
  /** What was paid for it, in cents. */
  paidCents: number;
  /** Refunded (or charged back) so far, in cents, and the credits already taken back for it. */
  refundedCents: number;
  reversedCredits: number;
}

export interface ReversalShare {
  /** Credits this refund takes back. */
  credits: number;
  /** The order's totals after it. */
  refundedCents: number;
  reversedCredits: number;
}

export function reversalShare(order: OrderRefundState, refundCents: number): ReversalShare {
  const paid = Math.max(order.paidCents, 1);
  const refundedCents = Math.min(paid, order.refundedCents + Math.max(0, refundCents));
  const target = Math.min(order.gave, Math.ceil((order.gave * refundedCents) / paid));
  const reversedCredits = Math.max(order.reversedCredits, target);
  return { credits: reversedCredits - order.reversedCredits, refundedCents, reversedCredits };
}
