/**
 * An audit entry's details in words (decision 0052): each changed field as "Field: before →
 * after" in the owner's words (a secret only as "Field: changed"), and anything else as "Name:
 * value"; never JSON. The audit page and a user's page both show them (audit-table.tsx).
 */
import { t } from "@lingui/core/macro";
import { SECRET_SETTING_FIELDS } from "../../../../shared/schemas/settings";
import { fieldName } from "./audit-field-names";
import { isRecord, valueText, type ValueContext } from "./audit-values";

interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: boolean;
}

const isFieldChange = (value: unknown): value is FieldChange => isRecord(value) && typeof value.field === "string";

const SECRET_NAMES = new Set<string>([...SECRET_SETTING_FIELDS, "token"]);
/** The server writes no secret's value (audit-log.ts); should one come, it is not shown either. */
const isMasked = (value: unknown) => typeof value === "string" && value.includes("•");
const isSecret = (change: FieldChange) =>
  change.secret === true || (SECRET_NAMES.has(change.field) && !isMasked(change.after));

function changeLine(change: FieldChange, context: ValueContext): string {
  const field = fieldName(change.field);
  if (isSecret(change)) return t`${field}: changed`;
  const switchContext = { ...context, switch: true };
  const before = valueText(change.field, change.before, switchContext);
  const after = valueText(change.field, change.after, switchContext);
  return `${field}: ${before} → ${after}`;
}

/** "Change: set to 42 credits": how an admin changed a balance. */
function creditChangeLine(change: unknown, amount: unknown, context: ValueContext): string | undefined {
  if (typeof amount !== "number") return undefined;
  const credits = valueText("amount", amount, context);
  const label = fieldName("change");
  if (change === "add") return t`${label}: add ${credits}`;
  if (change === "subtract") return t`${label}: take away ${credits}`;
  if (change === "set") return t`${label}: set to ${credits}`;
  return undefined;
}

/** Before and after as records (one field each, or a whole item added or deleted). */
function beforeAfterLines(
  was: Record<string, unknown> | undefined,
  now: Record<string, unknown> | undefined,
  context: ValueContext,
): string[] {
  const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
  return fields.map((field) => {
    if (was && now) return changeLine({ field, before: was[field], after: now[field] }, context);
    const label = fieldName(field);
    if (now) return isSecret({ field }) ? t`${label}: set` : `${label}: ${valueText(field, now[field], context)}`;
    const value = valueText(field, was?.[field], context);
    return t`${label}: was ${value}`;
  });
}

/** One line per change or fact, in the order the server wrote them; `action` picks the words of its values. */
export function detailLines(details: Record<string, unknown>, action?: string): string[] {
  const context: ValueContext = { action, details };
  const lines: string[] = [];
  const { changes, before, after, ...rest } = details;

  if (Array.isArray(changes)) {
    for (const change of changes)
      lines.push(isFieldChange(change) ? changeLine(change, context) : valueText("", change, context));
  } else if (changes !== undefined) {
    rest.changes = changes;
  }

  const was = isRecord(before) ? before : undefined;
  const now = isRecord(after) ? after : undefined;
  if (was || now) lines.push(...beforeAfterLines(was, now, context));
  if (Array.isArray(before) || Array.isArray(after)) {
    // The showcase: its videos before and after.
    lines.push(changeLine({ field: "videos", before, after }, context));
  } else {
    if (before !== undefined && !was) rest.before = before;
    if (after !== undefined && !now) rest.after = after;
  }

  const creditChange = creditChangeLine(rest.change, rest.amount, context);
  if (creditChange) {
    lines.push(creditChange);
    delete rest.change;
    delete rest.amount;
  }
  // A sum's currency is in its amount.
  if (rest.amountCents !== undefined) delete rest.currency;
  for (const [key, value] of Object.entries(rest)) lines.push(`${fieldName(key)}: ${valueText(key, value, context)}`);
  return lines;
}
