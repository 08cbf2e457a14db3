/** How the overview writes its figures: counts with the app's helpers, days, money, rates and durations here. */
import { formatCredits } from "@/lib/format";

export const formatCount = (value: number) => formatCredits(value);

/** "2026-03-09" -> "09/03/2026", the app's day order (format.ts), without a time zone shifting a UTC day. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** "2026-03-09" -> "09/03": the charts' axis. */
export function formatShortDay(day: string): string {
  const [, m, d] = day.split("-");
  return `${d}/${m}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** "35.50", "USD" -> "$35.50"; an unknown currency code is written after the number. */
export function formatMoney(amount: string | number, currency: string): string {
  const value = typeof amount === "number" ? amount : Number(amount);
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      format = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(currency, format);
  }
  const text = format.format(value);
  return format.resolvedOptions().style === "currency" ? text : `${text} ${currency}`;
}

const percent = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** 0.2222 -> "22.2%"; no finished videos -> "—". */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : percent.format(rate);
}

/** 45 -> "45 s", 90 -> "1 min 30 s", 4000 -> "1 h 6 min"; none -> "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${s / 60} min`;
  }
  const minutes = Math.floor((s % 3600) / 60);
  return minutes ? `${Math.floor(s / 3600)} h ${minutes} min` : `${Math.floor(s / 3600)} h`;
}

export const PROVIDER_LABELS: Record<string, string> = { creem: "Creem", paypal: "PayPal" };
export const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? provider;

export const OUTCOME_LABELS = { completed: "Completed", refunded: "Refunded", failed: "Failed", inProgress: "In progress" } as const;
