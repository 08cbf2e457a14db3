/**
 * Creem's moderation answer (`POST /v1/moderation/prompt`, marked experimental by Creem), read
 * tolerantly: the decision may move into a `result` object or change its case or tense, and a
 * field may be added. A decision this code cannot place is no decision: the caller treats it as
 * a screener that could not be reached.
 */
import { asRecord, asText } from "../kie/parse.js";

type CreemModerationDecision = "allow" | "flag" | "deny";

export interface CreemModerationResult {
  decision: CreemModerationDecision;
  /** Creem's id of the screening (mod_...), when it sent one. */
  id: string | undefined;
}

const DECISIONS = new Map<string, CreemModerationDecision>([
  ["allow", "allow"],
  ["allowed", "allow"],
  ["pass", "allow"],
  ["passed", "allow"],
  ["flag", "flag"],
  ["flagged", "flag"],
  ["review", "flag"],
  ["deny", "deny"],
  ["denied", "deny"],
  ["block", "deny"],
  ["blocked", "deny"],
  ["reject", "deny"],
  ["rejected", "deny"],
]);

export function parseModerationResult(body: unknown): CreemModerationResult | undefined {
  const top = asRecord(body);
  const nested = asRecord(top?.result) ?? asRecord(top?.data);
  const raw = asText(top?.decision) ?? asText(nested?.decision);
  const decision = raw === undefined ? undefined : DECISIONS.get(raw.trim().toLowerCase());
  if (!decision) return undefined;
  return { decision, id: asText(top?.id) ?? asText(nested?.id) };
}
