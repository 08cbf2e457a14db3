/** Display formatting. Dates use the Vietnamese locale (vi-VN). */
const DATE_LOCALE = "vi-VN";

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** e.g. "22/11/2025". Returns "—" for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(DATE_LOCALE) : "—";
}

/** e.g. "14:05:09 22/11/2025". Returns "—" for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? date.toLocaleString(DATE_LOCALE) : "—";
}

/** Credits are whole numbers; a missing value shows as 0. */
export function formatCredits(value: number | null | undefined): string {
  return (value ?? 0).toLocaleString("en-US");
}

/** Cuts text longer than `max` characters and ends it with an ellipsis (…). */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}
