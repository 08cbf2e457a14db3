/** The numbers behind a plan's card: its price for an interval, a month's share of it, and what paying yearly saves. */
import type { PlanInterval, PlanView, SubscriptionView } from "../../../shared/schemas/plans";

type Priced = Pick<PlanView, "monthlyPrice" | "yearlyPrice">;

/** The plan's price for the interval in USD, or null when it is not sold that way. */
export function priceOf(plan: Priced, interval: PlanInterval): number | null {
  const price = interval === "month" ? plan.monthlyPrice : plan.yearlyPrice;
  return price === null ? null : Number(price);
}

/** What a month costs: the monthly price, or a twelfth of the yearly one. */
export function perMonth(plan: Priced, interval: PlanInterval): number | null {
  const price = priceOf(plan, interval);
  return price === null ? null : interval === "year" ? price / 12 : price;
}

/** Whole percent a year costs less than twelve months: "17" for $10 a month or $100 a year; null without both or without a saving. */
export function yearlySaving(plan: Priced): number | null {
  const monthly = priceOf(plan, "month");
  const yearly = priceOf(plan, "year");
  if (monthly === null || yearly === null || monthly <= 0) return null;
  const percent = Math.round((1 - yearly / (12 * monthly)) * 100);
  return percent >= 1 ? percent : null;
}

/** The switch's saving: the one percent every plan saves, or the largest ("up to"); null when none saves. */
export function switchSaving(plans: readonly Priced[]): { percent: number; upTo: boolean } | null {
  const savings = plans.map(yearlySaving).filter((s): s is number => s !== null);
  if (savings.length === 0) return null;
  const percent = Math.max(...savings);
  const sold = plans.filter((p) => p.monthlyPrice !== null && p.yearlyPrice !== null).length;
  return { percent, upTo: savings.length < sold || savings.some((s) => s !== percent) };
}

/** The intervals at least one plan is sold for, monthly first. */
export function intervalsSold(plans: readonly Priced[]): PlanInterval[] {
  return (["month", "year"] as const).filter((interval) => plans.some((p) => priceOf(p, interval) !== null));
}

/** A plan the person pays for and uses now (not waiting for its first payment, not ended). */
export function isLive(sub: SubscriptionView | null | undefined): sub is SubscriptionView {
  return sub !== null && sub !== undefined && sub.status !== "pending" && sub.status !== "ended";
}

/** Whether moving to `plan` for `interval` costs more a month than the plan now (the server's own test): an upgrade starts at once. */
export function isUpgrade(plan: Priced, interval: PlanInterval, current: Pick<SubscriptionView, "price" | "interval">) {
  const target = perMonth(plan, interval);
  const now = Number(current.price) / (current.interval === "year" ? 12 : 1);
  return target !== null && target > now;
}
