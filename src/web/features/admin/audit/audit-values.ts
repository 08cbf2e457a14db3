/**
 * An audited value as a short text (decision 0052): credits and money formatted, switches on or
 * off, models and rules by name, lists and records spelt out; never JSON.
 */
import { plural, t } from "@lingui/core/macro";
import { MODEL_CATALOGUE } from "../../../../shared/catalogue";
import { formatDateTime, formatNumber, truncateText } from "@/lib/format";
import { fieldName } from "./audit-field-names";
import { valueWords } from "./audit-value-words";

const VALUE_MAX = 120;

/** What a value is read against: the entry's action and its other details (a sum's currency). */
export interface ValueContext {
  action?: string;
  details: Record<string, unknown>;
  /** A setting's before and after: true and false read "on" and "off" rather than "yes" and "no". */
  switch?: boolean;
}

/** Sums of credits whose name does not say so: "Amount: 5 credits", a price. */
const isCreditSum = (field: string) => field === "amount" || /^prices\..+\.(web|api)$/.test(field);
const DOLLAR_FIELDS = new Set(["price", "kieCreditUsd", "creditValueUsd", "creditUsd"]);
const PERCENT_FIELDS = new Set(["priceMarginPercent", "marginPercent"]);
const MODEL_LISTS = new Set(["disabledModels", "degradedModels"]);
/** Sums of money in cents: a payment, a code's amount off, what a discount took off and what was paid. */
const CENT_FIELDS = new Set(["amountCents", "amountOffCents", "discountCents", "paidCents"]);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function numberText(field: string, value: number, context: ValueContext): string {
  const n = formatNumber(value);
  if (isCreditSum(field)) return plural(value, { one: `${n} credit`, other: `${n} credits` });
  if (DOLLAR_FIELDS.has(field))
    return formatNumber(value, { style: "currency", currency: "USD", maximumFractionDigits: 4 });
  if (CENT_FIELDS.has(field)) {
    const currency = typeof context.details.currency === "string" ? context.details.currency : "USD";
    return formatNumber(value / 100, { style: "currency", currency });
  }
  if (PERCENT_FIELDS.has(field)) return formatNumber(value / 100, { style: "percent", maximumFractionDigits: 2 });
  if (field === "videoRetentionDays") return plural(value, { one: `${n} day`, other: `${n} days` });
  return n;
}

function stringText(field: string, value: string, context: ValueContext): string {
  const words = valueWords(field, value, context.action);
  if (words) return words;
  if (DOLLAR_FIELDS.has(field) && /^\d+(\.\d+)?$/.test(value)) return numberText(field, Number(value), context);
  if (isoTime.test(value)) return formatDateTime(value);
  return value;
}

function listText(field: string, items: unknown[], context: ValueContext): string {
  if (items.length === 0) return t`none`;
  if (MODEL_LISTS.has(field))
    return items.map((m) => MODEL_CATALOGUE[m as keyof typeof MODEL_CATALOGUE]?.label ?? String(m)).join(", ");
  if (field === "moderationRules")
    return items
      .map((rule) => (isRecord(rule) ? `${String(rule.text)} (${String(rule.kind)})` : String(rule)))
      .join(", ");
  if (items.every(isRecord)) {
    const count = items.length;
    return field === "videos"
      ? plural(count, { one: "# video", other: "# videos" })
      : plural(count, { one: "# item", other: "# items" });
  }
  return items.map((item) => valueText(field, item, context)).join(", ");
}

/** "Veo3 Fast: 20, Kling 3.0: 45": a record's fields by name (one of before and after: "a → b"). */
function recordText(value: Record<string, unknown>, context: ValueContext): string {
  const keys = Object.keys(value);
  if (keys.length === 2 && "before" in value && "after" in value)
    return `${valueText("", value.before, context)} → ${valueText("", value.after, context)}`;
  const parts = keys
    .filter((key) => value[key] !== undefined)
    .map((key) => {
      const inner = value[key];
      const text = valueText(key, inner, context);
      return `${fieldName(key)}: ${isRecord(inner) ? `(${text})` : text}`;
    });
  return parts.length > 0 ? parts.join(", ") : t`none`;
}

/** `value` of `field` in words, cut to a readable length. */
export function valueText(field: string, value: unknown, context: ValueContext): string {
  if (value === null || value === undefined || value === "") return t`none`;
  if (typeof value === "boolean") {
    if (context.switch) return value ? t`on` : t`off`;
    return value ? t`yes` : t`no`;
  }
  let text: string;
  if (typeof value === "number") text = numberText(field, value, context);
  else if (typeof value === "string") text = stringText(field, value, context);
  else if (Array.isArray(value)) text = listText(field, value, context);
  else if (isRecord(value)) text = recordText(value, { ...context, switch: false });
  // JSON holds nothing else.
  else text = "";
  return truncateText(text, VALUE_MAX);
}
