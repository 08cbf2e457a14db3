/** A credit package as typed in its dialog, and the rules it must meet before it is sent. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AdminCreditPackageView } from "../../../../shared/schemas/packages";

/** The dialog's fields for `pkg`, or empty ones for a new package. */
export const draftOf = (pkg?: AdminCreditPackageView) => ({
  name: pkg?.name ?? "",
  credits: pkg ? String(pkg.credits) : "",
  price: pkg?.price ?? "",
  creemProductId: pkg?.creemProductId ?? "",
  description: pkg?.description ?? "",
  bonus: pkg?.bonus ?? "",
  bonusCredits: pkg?.bonusCredits ? String(pkg.bonusCredits) : "",
  isActive: pkg?.isActive ?? true,
  popular: pkg?.popular ?? false,
});

const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;

/** The package rules of creditPackageInputSchema, checked before the server checks them again. */
export function problemOf(d: {
  name: string;
  credits: string;
  price: string;
  bonusCredits: string;
}): MessageDescriptor | undefined {
  if (!d.name.trim()) return msg`Package name is required`;
  if (!/^\d+$/.test(d.credits.trim()) || Number(d.credits) < 1) return msg`Credits must be positive`;
  if (!PRICE_PATTERN.test(d.price.trim()) || Number(d.price) <= 0) return msg`Price must be valid`;
  if (!/^\d*$/.test(d.bonusCredits.trim()) || Number(d.bonusCredits) > 10_000_000)
    return msg`Bonus credits must be a whole number from 0 to 10,000,000`;
  return undefined;
}
