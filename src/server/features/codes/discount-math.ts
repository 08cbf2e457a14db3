/**
 * What a discount takes off (decision 0156), in whole cents. A percentage rounds the discount
 * down, so the buyer never pays a fraction of a cent more than the percentage says and never
 * less than a whole cent; a fixed amount takes off at most the price. Either way what is left to
 * pay must be at least MIN_CHARGE_CENTS (0.50 USD): payment providers refuse tiny charges (and a
 * free checkout is not a checkout), so a code that would go below it is refused for that target.
 */
export const MIN_CHARGE_CENTS = 50;

export interface DiscountTerms {
  percentOff: number | null;
  amountOffCents: number | null;
}

/** The cents a discount takes off `listCents` (not yet checked against the minimum). */
function discountCentsOf(terms: DiscountTerms, listCents: number): number {
  if (terms.percentOff !== null) return Math.floor((listCents * terms.percentOff) / 100);
  if (terms.amountOffCents !== null) return Math.min(terms.amountOffCents, listCents);
  return 0;
}

/** The discount and what is left to pay, or null when what is left would be below the minimum. */
export function applyDiscount(
  terms: DiscountTerms,
  listCents: number,
): { discountCents: number; amountCents: number } | null {
  const discountCents = discountCentsOf(terms, listCents);
  const amountCents = listCents - discountCents;
  if (amountCents < MIN_CHARGE_CENTS) return null;
  return { discountCents, amountCents };
}
