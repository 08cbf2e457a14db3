/**
 * The fields of a save that the server's own schema would refuse, each worded for the owner
 * (issue 68 §3): checked before the save, so the owner reads what a field takes beside it, never
 * the schema's "smtpHost must be ...". A field without words of its own gets a plain sentence.
 */
import { t } from "@lingui/core/macro";
import type { z } from "zod";
import type { Problems } from "./field-binders";

export function refusedFields(schema: z.ZodType, body: unknown, words: Record<string, string>): Problems {
  const result = schema.safeParse(body);
  const problems: Problems = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    problems[field] ??= words[field] ?? t`This cannot be saved as it is: check what it takes and try again.`;
  }
  return problems;
}
