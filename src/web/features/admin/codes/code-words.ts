/** A code's row in the admin's words (issue 70): its kind, what it gives, when it is valid, its state. */
import { plural, t } from "@lingui/core/macro";
import { formatDate, formatMoney } from "@/lib/format";
import type { AdminCode } from "./codes-api";

export type CodeState = "active" | "disabled" | "scheduled" | "expired" | "used_up";

/** Where a code stands now: switched off, not yet valid, past its end, every use taken, or redeemable. */
export function stateOf(code: AdminCode, now = Date.now()): CodeState {
  if (code.disabledAt) return "disabled";
  if (code.validFrom && Date.parse(code.validFrom) > now) return "scheduled";
  if (code.validUntil && Date.parse(code.validUntil) < now) return "expired";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used_up";
  return "active";
}

export function stateLabel(state: CodeState): string {
  switch (state) {
    case "active":
      return t`Active`;
    case "disabled":
      return t`Disabled`;
    case "scheduled":
      return t`Not yet valid`;
    case "expired":
      return t`Expired`;
    case "used_up":
      return t`Used up`;
  }
}

export const kindLabel = (kind: AdminCode["kind"]): string => (kind === "grant" ? t`Credits` : t`Discount`);

const usd = (amount: string | number) => formatMoney(Number(amount), "USD");

/** "100 credits for 30 days", "20% off", "$5.00 off". */
export function valueText(code: AdminCode): string {
  if (code.kind === "discount") {
    const percent = code.percentOff;
    const amount = usd((code.amountOffCents ?? 0) / 100);
    return percent !== null ? t`${percent}% off` : t`${amount} off`;
  }
  const credits = code.credits ?? 0;
  const days = code.creditDays;
  if (days === null) return plural(credits, { one: "# credit, never expiring", other: "# credits, never expiring" });
  const lasting = plural(days, { one: "for # day", other: "for # days" });
  return plural(credits, { one: `# credit ${lasting}`, other: `# credits ${lasting}` });
}

/** "5 / 100", "5 / no limit". */
export function usesText(code: AdminCode): string {
  const uses = code.uses;
  if (code.maxUses === null) return t`${uses} / no limit`;
  const max = code.maxUses;
  return t`${uses} / ${max}`;
}

/** "From 12/1/2026 until 12/31/2026", "Until …", "From …", "Always". */
export function validityText(code: AdminCode): string {
  const from = code.validFrom ? formatDate(code.validFrom) : null;
  const until = code.validUntil ? formatDate(code.validUntil) : null;
  if (from && until) return t`${from} to ${until}`;
  if (until) return t`Until ${until}`;
  if (from) return t`From ${from}`;
  return t`Always`;
}

/** Cents as dollars: 1999 -> $19.99. */
export const centsText = (cents: number): string => usd(cents / 100);

/** A redemption: a grant given, a discount held for a checkout, paid, or given back unpaid. */
export function redemptionStatusLabel(status: string): string {
  switch (status) {
    case "granted":
      return t`Credits granted`;
    case "reserved":
      return t`Held for a checkout`;
    case "paid":
      return t`Paid`;
    case "released":
      return t`Not paid, given back`;
    default:
      return status;
  }
}
