/**
 * A plan's periods, anchored to the provider's own dates (never calendar months: sub2api #3625,
 * ansvisor #500 in ../shared/reference/subscriptions-2026.md §1.5). A yearly plan that grants
 * monthly splits its paid year into months from its start, the day of the month clamped (31 Jan,
 * 28 Feb, 31 Mar...).
 */

/** `start` plus `months` calendar months in UTC, the day clamped to the target month's last. */
export function addMonths(start: Date, months: number): Date {
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface CreditSlice {
  /** When these credits are granted. */
  start: Date;
  /** When they expire. */
  end: Date;
  credits: number;
}

export interface PaidPeriod {
  interval: "month" | "year";
  yearlyGrant: "monthly" | "upfront";
  creditsPerMonth: number;
  start: Date;
  end: Date;
}

/**
 * The credit grants a paid period is made of: one for a month, or a year's upfront; a yearly plan
 * granting monthly, one per month of the year (the last one ends with the period).
 */
export function creditSlices(p: PaidPeriod): CreditSlice[] {
  if (p.interval === "month") return [{ start: p.start, end: p.end, credits: p.creditsPerMonth }];
  if (p.yearlyGrant === "upfront") return [{ start: p.start, end: p.end, credits: p.creditsPerMonth * 12 }];
  const slices: CreditSlice[] = [];
  for (let i = 0; i < 12; i++) {
    const start = addMonths(p.start, i);
    if (start.getTime() >= p.end.getTime()) break;
    const next = addMonths(p.start, i + 1);
    const end = i === 11 || next.getTime() > p.end.getTime() ? p.end : next;
    slices.push({ start, end, credits: p.creditsPerMonth });
  }
  return slices;
}

/** How long a past-due plan's credits stay usable while the provider retries (decision 0152). */
export const PAST_DUE_GRACE_DAYS = 14;
