/**
 * A code as typed in the admin's dialog (issue 70, decision 0156), the rules it must meet before
 * it is sent (the server checks them again), and the body it becomes.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export type CodeKind = "grant" | "discount";
export type DiscountType = "percent" | "amount";

/** The fields every code shares: its value (a grant or a discount) and its limits. */
export const emptyCodeDraft = () => ({
  kind: "grant" as CodeKind,
  /** Blank: the server makes one up (no look-alike characters). */
  code: "",
  label: "",
  credits: "",
  /** Blank: the credits never expire. */
  creditDays: "30",
  discountType: "percent" as DiscountType,
  percentOff: "",
  /** In dollars, as typed: "5" or "4.99". */
  amountOff: "",
  /** Blank: no limit. */
  maxUses: "",
  oncePerPerson: true,
  firstPurchaseOnly: false,
  /** Dates as the date field gives them (YYYY-MM-DD); blank: from now, and for ever. */
  validFrom: "",
  validUntil: "",
  /** Null: every package (plan); a list: only those. */
  packageIds: null as string[] | null,
  planIds: null as string[] | null,
});
export type CodeDraft = ReturnType<typeof emptyCodeDraft>;

/** A code's own letters: 4 to 32 of A-Z and 0-9, dashes and spaces not counted. */
export const normalCode = (typed: string) => typed.toUpperCase().replace(/[\s\-_.]+/g, "");
const CUSTOM_CODE = /^[A-Z0-9]{4,32}$/;
const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const wholeNumber = (value: string, min: number, max: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

function valueProblem(d: CodeDraft): MessageDescriptor | undefined {
  if (d.kind === "grant") {
    if (!wholeNumber(d.credits, 1, 10_000_000)) return msg`Credits must be a whole number from 1 to 10,000,000`;
    if (d.creditDays.trim() && !wholeNumber(d.creditDays, 1, 3650))
      return msg`Days the credits last must be a whole number from 1 to 3,650, or empty: they never expire`;
    return undefined;
  }
  if (d.discountType === "percent")
    return wholeNumber(d.percentOff, 1, 99) ? undefined : msg`Percent off must be a whole number from 1 to 99`;
  const amount = d.amountOff.trim();
  return PRICE_PATTERN.test(amount) && Number(amount) >= 0.01 && Number(amount) <= 100_000
    ? undefined
    : msg`Amount off must be in dollars, such as 5 or 4.99`;
}

/** What the limits every code has must meet; shared by one code and a batch. */
function limitsProblem(d: CodeDraft): MessageDescriptor | undefined {
  if (d.maxUses.trim() && !wholeNumber(d.maxUses, 1, 10_000_000))
    return msg`Total uses must be a whole number from 1, or empty for no limit`;
  if (d.validFrom && d.validUntil && d.validUntil < d.validFrom)
    return msg`Valid until must be the same day as valid from or later`;
  if (d.kind === "discount" && d.packageIds?.length === 0 && d.planIds?.length === 0)
    return msg`Choose at least one package or plan the discount applies to`;
  return undefined;
}

/** The first rule `d` breaks, or undefined. `withCode`: the admin's own code is checked too. */
export function problemOf(d: CodeDraft, withCode = true): MessageDescriptor | undefined {
  if (withCode && d.code.trim() && !CUSTOM_CODE.test(normalCode(d.code)))
    return msg`A code has 4 to 32 letters A-Z and digits (dashes and spaces do not count), or leave it empty to make one up`;
  return valueProblem(d) ?? limitsProblem(d);
}

/** A date field's day as the instant it starts (from) or ends (until), in the admin's time zone. */
function localDay(day: string, end: boolean): string | null {
  if (!day) return null;
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const at = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return at.toISOString();
}
export const dayStart = (day: string) => localDay(day, false);
export const dayEnd = (day: string) => localDay(day, true);
/** An instant as the date field shows it, in the admin's time zone. */
export function dayOf(instant: string | null): string {
  if (!instant) return "";
  const at = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
