/** A plan as typed in its dialog, the rules it must meet before it is sent, and the body it becomes. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AdminPlanView, PlanInput } from "../../../../shared/schemas/plans";

/** The dialog's fields for `plan`, or empty ones for a new plan. */
export const draftOf = (plan?: AdminPlanView) => ({
  name: plan?.name ?? "",
  description: plan?.description ?? "",
  monthlyPrice: plan?.monthlyPrice ?? "",
  yearlyPrice: plan?.yearlyPrice ?? "",
  creditsPerMonth: plan ? String(plan.creditsPerMonth) : "",
  yearlyGrant: plan?.yearlyGrant ?? ("monthly" as const),
  rolloverCap: plan ? String(plan.rolloverCap) : "0",
  commercialUse: plan?.perks.commercialUse ?? false,
  apiAccess: plan?.perks.apiAccess ?? false,
  /** Empty: the site's fair-use limit. */
  videosAtOnce: plan?.perks.videosAtOnce ? String(plan.perks.videosAtOnce) : "",
  /** Empty: every model. */
  models: plan?.perks.models ?? [],
  creemProductMonthly: plan?.creemProductMonthly ?? "",
  creemProductYearly: plan?.creemProductYearly ?? "",
  isActive: plan?.isActive ?? true,
  popular: plan?.popular ?? false,
});
export type PlanDraft = ReturnType<typeof draftOf>;

const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const validPrice = (price: string) => PRICE_PATTERN.test(price.trim()) && Number(price) > 0 && Number(price) <= 100_000;
const wholeNumber = (value: string, min: number, max: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

/** The rules of planInputSchema, checked before the server checks them again. */
export function problemOf(d: PlanDraft): MessageDescriptor | undefined {
  if (!d.name.trim()) return msg`Plan name is required`;
  if (!d.monthlyPrice.trim() && !d.yearlyPrice.trim()) return msg`Give a monthly price, a yearly price, or both`;
  if (d.monthlyPrice.trim() && !validPrice(d.monthlyPrice)) return msg`The monthly price must be valid`;
  if (d.yearlyPrice.trim() && !validPrice(d.yearlyPrice)) return msg`The yearly price must be valid`;
  if (!wholeNumber(d.creditsPerMonth, 1, 10_000_000))
    return msg`Credits per month must be a whole number from 1 to 10,000,000`;
  if (!wholeNumber(d.rolloverCap || "0", 0, 10_000_000))
    return msg`Rollover must be a whole number from 0 to 10,000,000`;
  if (d.videosAtOnce.trim() && !wholeNumber(d.videosAtOnce, 1, 100))
    return msg`Videos at once must be a whole number from 1 to 100, or empty for the fair-use limit`;
  return undefined;
}

const orNull = (value: string) => value.trim() || null;

/** The body of POST and PUT /api/admin/plans. */
export const bodyOf = (d: PlanDraft): PlanInput => ({
  name: d.name.trim(),
  description: orNull(d.description),
  monthlyPrice: orNull(d.monthlyPrice),
  yearlyPrice: orNull(d.yearlyPrice),
  creditsPerMonth: Number(d.creditsPerMonth),
  yearlyGrant: d.yearlyGrant,
  rolloverCap: Number(d.rolloverCap || 0),
  perks: {
    commercialUse: d.commercialUse,
    apiAccess: d.apiAccess,
    videosAtOnce: d.videosAtOnce.trim() ? Number(d.videosAtOnce) : null,
    models: d.models,
  },
  creemProductMonthly: orNull(d.creemProductMonthly),
  creemProductYearly: orNull(d.creemProductYearly),
  isActive: d.isActive,
  popular: d.popular,
});
