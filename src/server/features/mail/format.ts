/**
 * Dates, numbers and money in a message's language. The server does not know the reader's time
 * zone, so times are in UTC and say so (decision 0085).
 */
import type { Locale } from "../../../shared/i18n.js";

const INTL: Record<Locale, string> = { en: "en-US", vi: "vi-VN" };

export function mailDateTime(locale: Locale, date: Date): string {
  return date.toLocaleString(INTL[locale], {
    timeZone: "UTC",
    timeZoneName: "short",
    ...(locale === "vi"
      ? { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }
      : { dateStyle: undefined, month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit" }),
  });
}

export function mailNumber(locale: Locale, value: number): string {
  return value.toLocaleString(INTL[locale]);
}

/** `amount` is the decimal string the ledger keeps ("9.99"). */
export function mailMoney(locale: Locale, amount: string, currency: string): string {
  return Number(amount).toLocaleString(INTL[locale], { style: "currency", currency });
}
