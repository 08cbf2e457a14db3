/**
 * Display formatting in the active language (decision 0056): Vietnamese dates read
 * 14:05:09 09/03/2026 (HH:mm:ss dd/MM/yyyy, as the spec shows), English ones 3/9/2026, 2:05:09 PM; numbers group
 * with the language's separator (1.234 or 1,234).
 */
import { activeLocale, INTL_LOCALE } from "./i18n";

type DateInput = Date | string | number | null | undefined;

const intl = () => INTL_LOCALE[activeLocale()];

/** Vietnamese as the spec writes it, two digits each: 04:05:09 09/03/2026 (Intl alone gives 9/3/2026). */
const TWO_DIGIT_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };
const TWO_DIGIT_TIME: Intl.DateTimeFormatOptions = {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
};
const dateOptions = () => (activeLocale() === "vi" ? TWO_DIGIT_DATE : undefined);
const dateTimeOptions = () => (activeLocale() === "vi" ? { ...TWO_DIGIT_DATE, ...TWO_DIGIT_TIME } : undefined);

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** e.g. "09/03/2026" or "3/9/2026". Returns "—" for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(intl(), dateOptions()) : "—";
}

/** e.g. "14:05:09 09/03/2026" or "3/9/2026, 2:05:09 PM". Returns "—" for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? date.toLocaleString(intl(), dateTimeOptions()) : "—";
}

/** A number grouped for the active language: 1,234 or 1.234. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(intl(), options);
}

/** Credits are whole numbers; a missing value shows as 0. */
export function formatCredits(value: number | null | undefined): string {
  return formatNumber(value ?? 0);
}

/** An amount of money in its currency, e.g. $9.99 or 9,99 US$. */
export function formatMoney(amount: number, currency: string): string {
  return formatNumber(amount, { style: "currency", currency });
}

/** Cuts text longer than `max` characters and ends it with an ellipsis (…). */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}
