/** Prompt screening's words on the admin pages (decision 0089): screeners, decisions, outcomes, sources, fields. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type {
  ModerationDecision,
  ModerationField,
  ModerationOutcome,
  ModerationScreener,
  ModerationSource,
} from "../../../../shared/schemas/moderation";
import { i18n } from "@/lib/i18n";

export const SCREENER_LABELS: Record<ModerationScreener, MessageDescriptor> = {
  rules: msg`Your rules`,
  creem: msg`Creem moderation`,
  simulator: msg`Creem (simulated)`,
};

export const DECISION_LABELS: Record<ModerationDecision, MessageDescriptor> = {
  allow: msg`Allowed`,
  flag: msg`Flagged`,
  deny: msg`Denied`,
  unavailable: msg`Could not be checked`,
};

export const OUTCOME_LABELS: Record<ModerationOutcome, MessageDescriptor> = {
  allowed: msg`Made`,
  refused: msg`Refused`,
  review: msg`Made, to review`,
};

export const SOURCE_LABELS: Record<ModerationSource, MessageDescriptor> = {
  web: msg`Web`,
  api: msg`API`,
};

export const FIELD_LABELS: Record<ModerationField, MessageDescriptor> = {
  prompt: msg`Prompt`,
  watermark: msg`Watermark`,
};

/** A value's label in the active language; one this page does not know shows as it is. */
export function labelOf<K extends string>(labels: Record<K, MessageDescriptor>, value: string): string {
  const label = (labels as Partial<Record<string, MessageDescriptor>>)[value];
  return label ? i18n._(label) : value;
}

/** Every value of a list with its label, for a filter's options. */
export const optionsOf = <K extends string>(labels: Record<K, MessageDescriptor>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: i18n._(labels[value]) }));
