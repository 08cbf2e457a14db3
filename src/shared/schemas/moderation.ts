/**
 * Prompt screening (issue 41, decision 0089): the admin's settings card, the moderation log and
 * its review. Every prompt (and watermark text) is screened before anything is charged; what did
 * not simply pass is kept in moderation_events.
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

/** Who screened: the admin's own rules, Creem's moderation API, or the built-in simulator speaking it. */
export const MODERATION_SCREENERS = ["rules", "creem", "simulator"] as const;
export type ModerationScreener = (typeof MODERATION_SCREENERS)[number];
/** What a screener said; `unavailable`: it could not be asked or gave no readable answer. */
export const MODERATION_DECISIONS = ["allow", "flag", "deny", "unavailable"] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];
/** What happened to the request: refused, or allowed and listed for review. */
export const MODERATION_OUTCOMES = ["allowed", "refused", "review"] as const;
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number];
export const MODERATION_SOURCES = ["web", "api"] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];
const MODERATION_FIELDS = ["prompt", "watermark"] as const;
export type ModerationField = (typeof MODERATION_FIELDS)[number];
/** What a flag (or an unreachable screener) does: refuse the request, or let it through and list it for review. */
const MODERATION_ACTIONS = ["refuse", "review"] as const;
/** A rule refuses what it matches, or flags it (then the flag action decides). */
const RULE_KINDS = ["deny", "flag"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const MODERATION_LIMITS = { rules: 500, ruleLength: 100, refusalsMin: 1, refusalsMax: 1000 } as const;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A rule's words without its wildcards: `*` may open it, close it, or both (`kill*`, `*kill`, `*kill*`). */
export function ruleCore(text: string): string {
  const start = text.startsWith("*") ? 1 : 0;
  const end = text.length > start && text.endsWith("*") ? text.length - 1 : text.length;
  return text.slice(start, end);
}

function ruleProblem(text: string): string | undefined {
  if (CONTROL.test(text)) return "must not contain line breaks or control characters";
  const core = ruleCore(text);
  if (core.includes("*")) return "may use * only at its start or end";
  let letters = 0;
  for (const ch of core) if (WORD_CHAR.test(ch)) letters++;
  if (letters < 2) return "needs at least 2 letters or digits";
  return undefined;
}

const ruleSchema = z.object({
  text: z
    .string({ error: "A rule must be text" })
    .trim()
    .min(1, "A rule must not be blank")
    .max(MODERATION_LIMITS.ruleLength, `A rule must be at most ${MODERATION_LIMITS.ruleLength} characters`)
    .superRefine((text, ctx) => {
      const problem = ruleProblem(text);
      if (problem) ctx.addIssue({ code: "custom", message: `The rule “${text.slice(0, 40)}” ${problem}` });
    }),
  kind: z.enum(RULE_KINDS, { error: "A rule's kind must be deny or flag" }),
});
export type ModerationRule = z.output<typeof ruleSchema>;

const refusalsMessage = `moderationRefusalsFlag must be a whole number from ${MODERATION_LIMITS.refusalsMin} to ${MODERATION_LIMITS.refusalsMax}`;
const actionOf = (field: string) =>
  z.enum(MODERATION_ACTIONS, { error: `${field} must be refuse or review` }).optional();

/** PUT /api/admin/settings/moderation: any subset; the rules are the whole list (duplicates dropped). */
export const moderationSettingsUpdateSchema = z.object({
  moderationCreemEnabled: z.boolean({ error: "moderationCreemEnabled must be true or false" }).optional(),
  moderationFlagAction: actionOf("moderationFlagAction"),
  moderationUnreachableAction: actionOf("moderationUnreachableAction"),
  moderationRefusalsFlag: z
    .number({ error: refusalsMessage })
    .int(refusalsMessage)
    .min(MODERATION_LIMITS.refusalsMin, refusalsMessage)
    .max(MODERATION_LIMITS.refusalsMax, refusalsMessage)
    .optional(),
  moderationRules: z
    .array(ruleSchema, { error: "moderationRules must be a list of {text, kind}" })
    .max(MODERATION_LIMITS.rules, `At most ${MODERATION_LIMITS.rules} rules`)
    .transform((rules) => {
      const seen = new Set<string>();
      return rules.filter((r) => {
        const key = `${r.kind}\n${r.text.toLowerCase()}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .optional(),
});

/** GET and PUT /api/admin/settings/moderation: the card's settings, and what screens prompts now. */
export const moderationSettingsViewSchema = z
  .object({
    moderationCreemEnabled: z.boolean(),
    moderationFlagAction: z.enum(MODERATION_ACTIONS),
    moderationUnreachableAction: z.enum(MODERATION_ACTIONS),
    moderationRefusalsFlag: z.number().int(),
    moderationRules: z.array(z.object({ text: z.string(), kind: z.enum(RULE_KINDS) })),
    creemPayments: z.boolean().meta({ description: "Creem payments are on (and set up): Creem requires screening." }),
    creemScreener: z.enum(["creem", "simulator", "none"]).meta({
      description:
        "What asks Creem's moderation API now: Creem itself, the built-in simulator (simulated videos, Creem payments off), or nothing.",
    }),
    updatedAt: isoTimestamp,
  })
  .meta({ id: "ModerationSettings" });
export type ModerationSettingsView = z.infer<typeof moderationSettingsViewSchema>;

export const moderationSettingsSavedSchema = z.object({ message: z.string(), settings: moderationSettingsViewSchema });

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `${field} must be one of: ${values.join(", ")}` }).optional());

/** A calendar day YYYY-MM-DD that really exists. */
const day = (field: string) => {
  const message = `${field} must be a date written YYYY-MM-DD`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), message);
};

export const MODERATION_PAGE_SIZE = 50;

/** GET /api/admin/moderation: the filters; `cursor` is the last id of the page before. */
export const moderationLogQuerySchema = z
  .object({
    decision: optionalEnum("decision", MODERATION_DECISIONS),
    screener: optionalEnum("screener", MODERATION_SCREENERS),
    source: optionalEnum("source", MODERATION_SOURCES),
    outcome: optionalEnum("outcome", MODERATION_OUTCOMES),
    needsReview: z.preprocess(
      blankToUndefined,
      z.enum(["true", "false"], { error: "needsReview must be true or false" }).optional(),
    ),
    userId: z.preprocess(blankToUndefined, z.uuid({ error: "userId must be a user's id" }).optional()),
    username: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "username must be text" })
        .trim()
        .max(100, "username must be at most 100 characters")
        .optional(),
    ),
    dateFrom: z.preprocess(blankToUndefined, day("dateFrom").optional()),
    dateTo: z.preprocess(blankToUndefined, day("dateTo").optional()),
    cursor: z.preprocess(blankToUndefined, z.uuid({ error: "cursor is not one this server gave" }).optional()),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: "dateFrom must not be after dateTo" });
export type ModerationLogQuery = z.output<typeof moderationLogQuerySchema>;

export const moderationEventSchema = z
  .object({
    id: z.string(),
    createdAt: isoTimestamp,
    userId: z.string().nullable(),
    username: z.string().nullable().meta({ description: "null once the account is gone." }),
    source: z.enum(MODERATION_SOURCES),
    field: z.enum(MODERATION_FIELDS),
    text: z.string().meta({ description: "What was screened, as the person sent it." }),
    screener: z.enum(MODERATION_SCREENERS),
    decision: z.enum(MODERATION_DECISIONS),
    outcome: z.enum(MODERATION_OUTCOMES),
    detail: z.string().nullable().meta({ description: "The rule that matched, Creem's result id, or why it failed." }),
    reviewedAt: isoTimestamp.nullable(),
    reviewedBy: z.string().nullable().meta({ description: "The reviewing admin's username." }),
  })
  .meta({ id: "ModerationEvent" });
export type ModerationEventView = z.infer<typeof moderationEventSchema>;

export const moderationLogPageSchema = z
  .object({
    data: z.array(moderationEventSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next (older) page; null on the last." }),
  })
  .meta({ id: "ModerationLogPage" });
export type ModerationLogPage = z.infer<typeof moderationLogPageSchema>;

export const moderationEventParams = z.object({ id: z.string() });

/** A person's refusals on their admin page: refused this many times in 24 hours flags them. */
export const userModerationSchema = z.object({
  refusals24h: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Requests refused for their content in the last 24 hours." }),
  threshold: z.number().int().meta({ description: "The admin's line (moderationRefusalsFlag)." }),
  flagged: z.boolean().meta({ description: "refusals24h >= threshold: the admin decides whether to disable." }),
});
