/**
 * An audit entry's details in words (decision 0052): each changed field as "field: before → after"
 * (a secret only as "field: changed"), and anything else as "key: value".
 */
import { t } from "@lingui/core/macro";
import { formatNumber, truncateText } from "@/lib/format";

const VALUE_MAX = 80;

/** "veo3FastCredits" -> "veo3 fast credits", "chat_id" -> "chat id". */
function fieldLabel(name: string): string {
  return name
    .replace(/[_.-]+/g, " ")
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
}

/** A value as a short text: none, yes/no, numbers with separators, lists joined, anything else as JSON. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return t`none`;
  if (typeof value === "boolean") return value ? t`yes` : t`no`;
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return truncateText(value, VALUE_MAX);
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null))
    return truncateText(value.map(formatValue).join(", "), VALUE_MAX) || t`none`;
  return truncateText(JSON.stringify(value), VALUE_MAX);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: boolean;
}

const isFieldChange = (value: unknown): value is FieldChange => isRecord(value) && typeof value.field === "string";

function changeLine(change: FieldChange): string {
  const field = fieldLabel(change.field);
  if (change.secret) return t`${field}: changed`;
  return `${field}: ${formatValue(change.before)} → ${formatValue(change.after)}`;
}

/** One line per change or value, in the order the server wrote them. */
export function detailLines(details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const { changes, before, after, ...rest } = details;

  if (Array.isArray(changes)) {
    for (const change of changes) lines.push(isFieldChange(change) ? changeLine(change) : formatValue(change));
  } else if (changes !== undefined) {
    rest.changes = changes;
  }

  const was = isRecord(before) ? before : undefined;
  const now = isRecord(after) ? after : undefined;
  if (was || now) {
    const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
    for (const field of fields) {
      if (was && now) lines.push(changeLine({ field, before: was[field], after: now[field] }));
      else if (now) lines.push(`${fieldLabel(field)}: ${formatValue(now[field])}`);
      else {
        const label = fieldLabel(field);
        const value = formatValue(was![field]);
        lines.push(t`${label}: was ${value}`);
      }
    }
  }
  if (before !== undefined && !was) rest.before = before;
  if (after !== undefined && !now) rest.after = after;

  for (const [key, value] of Object.entries(rest)) lines.push(`${fieldLabel(key)}: ${formatValue(value)}`);
  return lines;
}
