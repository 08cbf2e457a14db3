/** A plan's card and a person's plan in words, in the active language (called while rendering). */
import { plural, t } from "@lingui/core/macro";
import type { PlanInterval, PlanView, SubscriptionView } from "../../../shared/schemas/plans";
import { MODELS, type ModelId } from "../../../shared/catalogue";
import { modelLabel } from "@/lib/catalogue-text";
import { formatCredits, formatDate, formatMoney } from "@/lib/format";
import { perMonth, priceOf } from "./plan-prices";

const usd = (amount: number) => formatMoney(amount, "USD");

/** "1 credit", "1,000 credits". */
export function creditsText(count: number): string {
  const formatted = formatCredits(count);
  return plural(count, { one: `${formatted} credit`, other: `${formatted} credits` });
}

/**
 * The card's price: the headline is a month's price (a yearly plan's twelfth), the line beneath
 * says how it is billed ("$190.00 billed once a year"); null when the plan is not sold that way.
 */
export function priceLines(plan: PlanView, interval: PlanInterval): { perMonth: string; billed: string } | null {
  const month = perMonth(plan, interval);
  const price = priceOf(plan, interval);
  if (month === null || price === null) return null;
  const total = usd(price);
  return { perMonth: usd(month), billed: interval === "year" ? t`${total} billed once a year` : t`Billed monthly` };
}

/** "1,000 credits a month", or a yearly plan granted at once: "12,000 credits at once". */
export function planCreditsLine(plan: Pick<PlanView, "creditsPerMonth" | "yearlyGrant">, interval: PlanInterval) {
  if (interval === "year" && plan.yearlyGrant === "upfront") {
    const year = creditsText(plan.creditsPerMonth * 12);
    return t`${year} at once`;
  }
  const month = creditsText(plan.creditsPerMonth);
  return t`${month} a month`;
}

/** Whether unused plan credits carry into the next period, and how many at most. */
export function rolloverLine(plan: Pick<PlanView, "rolloverCap">): string {
  if (plan.rolloverCap <= 0) return t`Unused credits do not roll over.`;
  const cap = formatCredits(plan.rolloverCap);
  return t`Unused credits roll over, up to ${cap}.`;
}

const isModelId = (id: string): id is ModelId => (MODELS as readonly string[]).includes(id);

/** "Veo 3.1 Fast, Kling 2.1": the catalogue's names of the models a plan names (an unknown id as it is). */
function modelNames(models: readonly string[]): string {
  return models.map((id) => (isModelId(id) ? modelLabel(id) : id)).join(", ");
}

/** The perks on the card, each a short line. */
export function perkLines(plan: Pick<PlanView, "perks">): string[] {
  const { commercialUse, apiAccess, videosAtOnce, models } = plan.perks;
  const lines: string[] = [];
  if (commercialUse) lines.push(t`Commercial use of your videos`);
  if (apiAccess) lines.push(t`API access at the same price`);
  if (videosAtOnce !== null) lines.push(plural(videosAtOnce, { one: "# video at once", other: "# videos at once" }));
  if (models.length === 0) lines.push(t`Every model`);
  else {
    const names = modelNames(models);
    lines.push(t`Models: ${names}`);
  }
  return lines;
}

/** "Monthly" or "Yearly". */
export function intervalName(interval: PlanInterval): string {
  return interval === "year" ? t`Yearly` : t`Monthly`;
}

/** Where the plan stands: Active, Past due, Paused, or "Cancels on 12/1/2026". */
export function statusText(sub: Pick<SubscriptionView, "status" | "cancelAtPeriodEnd" | "currentPeriodEnd">): string {
  if (sub.cancelAtPeriodEnd && sub.status !== "ended") {
    const date = formatDate(sub.currentPeriodEnd);
    return t`Cancels on ${date}`;
  }
  switch (sub.status) {
    case "active":
      return t`Active`;
    case "past_due":
      return t`Past due`;
    case "paused":
      return t`Paused`;
    case "pending":
      return t`Waiting for the first payment`;
    case "ended":
      return t`Ended`;
  }
}

/** "12/1/2026 for $19.00", or "None" once the plan will not renew. */
export function renewalText(sub: Pick<SubscriptionView, "nextRenewal">): string {
  if (!sub.nextRenewal) return t`None`;
  const date = formatDate(sub.nextRenewal.at);
  const amount = usd(Number(sub.nextRenewal.amount));
  return t`${date} for ${amount}`;
}
