/**
 * Money as the payments see it (decision 0038): decimal strings ("25.00", a package price, our
 * `numeric(10,2)` column, PayPal's `value`) compared in integer cents, never as floats.
 *
 * One rule for what is not a price: a negative amount can never be paid, so "-1.50" is no more an
 * amount than "abc". toCents answers NaN for it, for anything with a sign, an exponent, more than
 * two decimals, a thousands separator, or no digits; NaN equals nothing, so a comparison of a paid
 * amount with an expected one fails closed (a mismatch, never a credit). formatCents refuses to
 * write anything but a whole, non-negative number of cents: no "NaN.NaN" or "-0.50" is ever sent
 * to a provider as a price.
 */

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

/** "25.00" -> 2500, "1.5" -> 150, " 10.05 " -> 1005; NaN for anything that is not a price. */
export function toCents(amount: string): number {
  const match = PLAIN_DECIMAL.exec(amount.trim());
  if (!match) return Number.NaN;
  const cents = Number(match[1]) * 100 + Number(`${match[2] ?? ""}00`.slice(0, 2));
  return Number.isSafeInteger(cents) ? cents : Number.NaN;
}

/** A whole, non-negative number of cents that formatCents can write. */
export function isCents(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** 2500 -> "25.00", 5 -> "0.05"; a RangeError for anything isCents refuses. */
export function formatCents(cents: number): string {
  if (!isCents(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
