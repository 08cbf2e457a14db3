/** How the overview writes its figures, in the active language: counts, days, money, rates and durations. */
import { msg, t } from "@lingui/core/macro";
import type { VendorAccountStatus } from "../../../../shared/schemas/vendor-accounts";
import type { OverviewRange, SignupSource, VideoOutcome } from "../../../../shared/schemas/admin-overview";
import { formatCredits, formatDate, formatMoney as formatCurrency, formatNumber } from "@/lib/format";
import { activeLocale, INTL_LOCALE } from "@/lib/i18n";

export const formatCount = (value: number) => formatCredits(value);

/** A UTC day ("2026-03-09") as a local date, so no time zone shifts it to the day before. */
function dayDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d);
}

/** "2026-03-09" -> "3/9/2026" or "9/3/2026", the app's dates (format.ts). */
export function formatDay(day: string): string {
  return formatDate(dayDate(day));
}

/** "2026-03-09" -> "3/9" or "9/3": the charts' axis. */
export function formatShortDay(day: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[activeLocale()], { day: "numeric", month: "numeric" }).format(
    dayDate(day),
  );
}

/** "35.50", "USD" -> "$35.50" or "35,50 US$"; a code Intl does not take is written after the number. */
export function formatMoney(amount: string | number, currency: string): string {
  const value = typeof amount === "number" ? amount : Number(amount);
  try {
    return formatCurrency(value, currency);
  } catch {
    return `${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}

/** 0.2222 -> "22.2%"; no finished videos -> "—". */
export function formatRate(rate: number | null): string {
  return rate === null
    ? "—"
    : formatNumber(rate, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** 45 -> "45 s", 90 -> "1 min 30 s", 4000 -> "1 h 6 min"; none -> "—". */
export function formatDuration(duration: number | null): string {
  if (duration === null) return "—";
  const seconds = Math.round(duration);
  if (seconds < 60) return t`${seconds} s`;
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    const rest = seconds % 60;
    return rest ? t`${minutes} min ${rest} s` : t`${minutes} min`;
  }
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return minutes ? t`${hours} h ${minutes} min` : t`${hours} h`;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- brand names
const PROVIDER_LABELS: Record<string, string> = { creem: "Creem", paypal: "PayPal" };
export const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? provider;

/** How accounts were made (decision 0091). */
export const SIGNUP_SOURCE_LABELS = {
  password: msg`Sign-up form`,
  google: msg`Google`,
  admin: msg`Admin (start-up)`,
  unknown: msg`Not recorded`,
} as const satisfies Record<SignupSource, unknown>;

export const OUTCOME_LABELS = {
  completed: msg`Completed`,
  refunded: msg`Refunded`,
  failed: msg`Failed`,
  inProgress: msg`In progress`,
} as const satisfies Record<VideoOutcome, unknown>;

/** The range picker's words. */
export const RANGE_LABELS = {
  today: msg`Today`,
  "7d": msg`Last 7 days`,
  "30d": msg`Last 30 days`,
  "90d": msg`Last 90 days`,
} as const satisfies Record<OverviewRange, unknown>;

/** The range inside a sentence or a caption: "New users per day, last 7 days". */
export const RANGE_PHRASES = {
  today: msg`today`,
  "7d": msg`last 7 days`,
  "30d": msg`last 30 days`,
  "90d": msg`last 90 days`,
} as const satisfies Record<OverviewRange, unknown>;

/** A provider account's status (VENDOR_ACCOUNT_STATUSES). */
export const KIE_STATUS_LABELS = {
  Available: msg`Available`,
  "Low Credits": msg`Low Credits`,
} as const satisfies Record<VendorAccountStatus, unknown>;
