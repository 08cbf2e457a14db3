/**
 * The one port every prompt goes through before anything is charged or sent (decision 0089):
 * `screenRequest` asks each screener about the prompt and the watermark text (the admin's rules
 * first: Creem is not asked about what they already refuse), then lets the request
 * on, lets it on listed for review, or refuses it: 422 `prompt_refused` (denied, or flagged while
 * flags refuse), 503 `screening_unavailable` with Retry-After (a screener could not be reached
 * while that refuses). What did not simply pass is written to moderation_events; every verdict is
 * counted in /metrics.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { moderationEvents } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { moderationDecisions } from "../../metrics/instruments.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type {
  ModerationField,
  ModerationOutcome,
  ModerationRule,
  ModerationSource,
} from "../../../shared/schemas/moderation.js";
import type { Settings } from "../settings/service.js";
import { creemScreener, rulesScreener, type CreemModerationDeps, type Screener, type Verdict } from "./screeners.js";

export interface ScreeningDeps extends CreemModerationDeps {
  db: Db;
  readSettings(): Promise<Settings>;
  log?: Pick<FastifyBaseLogger, "warn">;
}

export interface ScreeningRequest {
  userId: string;
  source: ModerationSource;
  prompt: string;
  watermark?: string | null;
}

/** How long a refused caller should wait when a screener could not be reached. */
const UNAVAILABLE_RETRY_SECONDS = 30;

/** The automation API's words for a refused prompt (its documentation shows them). */
export const PROMPT_REFUSED =
  "This prompt was refused by the content policy. No video was started and nothing was charged. Change the prompt and try again.";

const REFUSED_MESSAGE: Record<ModerationField, string> = {
  prompt: PROMPT_REFUSED,
  watermark:
    "The watermark text was refused by the content policy. No video was started and nothing was charged. Change the watermark and try again.",
};

interface Text {
  field: ModerationField;
  text: string;
}
type Screened = Text & Verdict;

/** Every field through one screener, at once. */
async function run(screener: Screener, fields: Text[], userId: string): Promise<Screened[]> {
  return Promise.all(fields.map(async (f) => ({ ...f, ...(await screener.screen(f.text, userId)) })));
}

/**
 * Screens the request's texts. Returns when it may go on, saying whether it was listed for review
 * (a flag, or a screener out of reach, let through: Explore holds such a video for the admin,
 * decision 0164); throws the refusal otherwise. Call it before anything is reserved, charged or sent.
 */
export async function screenRequest(deps: ScreeningDeps, request: ScreeningRequest): Promise<"allowed" | "review"> {
  const settings = await deps.readSettings();
  const fields: Text[] = [{ field: "prompt", text: request.prompt }];
  if (request.watermark && request.watermark.trim() !== "")
    fields.push({ field: "watermark", text: request.watermark });

  const refusing = (v: Verdict) =>
    v.decision === "deny" ||
    (v.decision === "flag" && settings.moderationFlagAction === "refuse") ||
    (v.decision === "unavailable" && settings.moderationUnreachableAction === "refuse");
  const found: Screened[] = [];
  const rules = rulesScreener(settings.moderationRules as ModerationRule[]);
  if (rules) found.push(...(await run(rules, fields, request.userId)));
  // A request the rules already refuse is not sent to Creem.
  if (!found.some(refusing)) {
    const creem = await creemScreener(deps, settings);
    if (creem) found.push(...(await run(creem, fields, request.userId)));
  }
  for (const v of found) moderationDecisions.inc({ screener: v.screener, decision: v.decision });

  const noted = found.filter((v) => v.decision !== "allow");
  if (noted.length === 0) return "allowed";
  const refused = noted.some(refusing);
  const outcome: ModerationOutcome = refused ? "refused" : "review";
  for (const v of noted)
    if (v.decision === "unavailable")
      deps.log?.warn({ screener: v.screener, detail: v.detail, outcome }, "a prompt screener could not be reached");
  // One statement: the rows of one screening share their time (now()), which counts it once.
  await deps.db.insert(moderationEvents).values(
    noted.map((v) => ({
      userId: request.userId,
      source: request.source,
      field: v.field,
      text: v.text,
      screener: v.screener,
      decision: v.decision,
      outcome,
      detail: v.detail ?? null,
    })),
  );
  if (!refused) return "review";

  const content = noted.find((v) => refusing(v) && v.decision !== "unavailable");
  if (content) {
    throw new AppError(
      "unprocessable",
      REFUSED_MESSAGE[content.field],
      reasoned("prompt_refused", { field: content.field }),
    );
  }
  throw new AppError(
    "service_unavailable",
    "Prompts cannot be checked right now, so no video was started and nothing was charged. Please try again in a minute.",
    { headers: { "retry-after": String(UNAVAILABLE_RETRY_SECONDS) }, ...reasoned("screening_unavailable") },
  );
}
