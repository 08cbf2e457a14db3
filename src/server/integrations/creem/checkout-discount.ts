/**
 * A discount code at Creem for one checkout (decision 0158). Creem charges its product's own
 * price, so a discount of ours reaches Creem as a code of its own: a fixed amount off (exactly
 * the cents we took off, in the order's currency), for this one product, redeemable once, expiring
 * soon, with a code nobody can guess. What Creem then charges is our order's amount to the cent.
 */
import { randomCode } from "../../lib/tokens.js";
import type { CreemClient } from "./client.js";

/** How long a checkout's Creem code can be used: well inside the 24 hours after which an unpaid order's reservation is given back. */
const CREEM_DISCOUNT_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * Letters and digits: 14 of them (about 72 bits). Creem's own integration test keeps its codes to
 * 14 characters, so a longer code may be refused; this length is safe either way.
 */
const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const CODE_LENGTH = 14;

/** A code nobody can guess: every character equally likely. */
const unguessableCreemCode = () => randomCode(CODE_ALPHABET, CODE_LENGTH);

export interface CheckoutDiscountInput {
  /** Our order or subscription id: the discount's name at Creem, to find it in the dashboard. */
  reference: string;
  productId: string;
  discountCents: number;
  currency: string;
  /** A plan's discount takes off its first payment only. */
  duration: "once";
  now?: Date;
}

/** Makes the discount at Creem; returns its code (to send as the checkout's `discount_code`) and id. */
export async function createCheckoutDiscount(
  client: CreemClient,
  input: CheckoutDiscountInput,
): Promise<{ code: string; id: string }> {
  const code = unguessableCreemCode();
  const now = input.now ?? new Date();
  const discount = await client.createDiscount({
    name: `Checkout ${input.reference}`,
    code,
    amountCents: input.discountCents,
    currency: input.currency.toUpperCase(),
    productIds: [input.productId],
    duration: input.duration,
    maxRedemptions: 1,
    expiresAt: new Date(now.getTime() + CREEM_DISCOUNT_LIFETIME_MS),
  });
  // Creem may answer with the code as it stored it; that is the one its checkout knows.
  return { code: discount.code ?? code, id: discount.id };
}
