/**
 * The prompt enhancer (issue 71 §3, decision 0160): a person's idea in, a prompt written for the
 * chosen model out. In this order: refused while the owner has it off; counted against the
 * person's rate limit; refused early when its price would not be paid; the idea screened like
 * every prompt (a refused idea is never sent out); written by the built-in rules or the owner's
 * chat model; the answer screened too; then, only for an answer given, charged in one ledger
 * statement with its one transaction row.
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { tooManyRequests, type RateLimiter } from "../../http/rate-limit.js";
import { chatCompletion, ChatError } from "../../integrations/llm/chat-completions.js";
import { MODEL_CATALOGUE } from "../../../shared/catalogue.js";
import { creditsText } from "../../../shared/credits-text.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { resolvePrices, surchargeCost } from "../../../shared/prices.js";
import type { PromptHelpRequest } from "../../../shared/schemas/prompt-help.js";
import { spendOnPromptHelp } from "../credits/ledger.js";
import type { Mailer } from "../mail/outbox.js";
import { screenRequest, type ScreeningDeps } from "../moderation/screening.js";
import { paymentHoldError } from "../payments/payment-hold.js";
import type { Settings } from "../settings/service.js";
import { cut, enhancePrompt, promptLimitOf } from "./builtin-enhancer.js";
import { chatMessages, cleanAnswer } from "./llm-prompt.js";

export interface PromptHelpDeps {
  db: Db;
  readSettings(): Promise<Settings>;
  screening: ScreeningDeps;
  mailer: Mailer;
  /** Improved prompts per person (DEFAULT_PROMPT_HELP_RATE_LIMIT). */
  limiter: RateLimiter;
  log?: Pick<FastifyBaseLogger, "warn">;
  /** The chat endpoint's time limit (tests shorten it). */
  chatTimeoutMs?: number;
}

export interface PromptHelpAnswer {
  prompt: string;
  creditsUsed: number;
  remainingCredits: number | null;
}

const UNAVAILABLE_RETRY_SECONDS = 30;

const PROMPT_HELP_OFF =
  "Prompt help is turned off on this site. Write the prompt yourself, or ask the site's owner to turn it on.";
const PROMPT_HELP_UNAVAILABLE =
  "Prompt help cannot be reached right now, and nothing was charged. Try again in a minute, or write the prompt yourself.";

/** What one improved prompt costs on the website now. */
function promptHelpPrice(settings: Settings): number {
  return surchargeCost(resolvePrices(settings.prices), "prompt_help", "web");
}

export function promptHelpOffer(settings: Settings): { enabled: boolean; webCredits: number } {
  return { enabled: settings.promptHelpMode !== "off", webCredits: promptHelpPrice(settings) };
}

function unavailable(): AppError {
  return new AppError("service_unavailable", PROMPT_HELP_UNAVAILABLE, {
    headers: { "retry-after": String(UNAVAILABLE_RETRY_SECONDS) },
    ...reasoned("prompt_help_unavailable"),
  });
}

function tooFewCredits(required: number, balance: number): AppError {
  return new AppError(
    "insufficient_credits",
    `Prompt help costs ${creditsText(required)} and you have ${creditsText(balance)}. Buy credits, or write the prompt yourself.`,
    { params: { required, balance } },
  );
}

/** The refusal a charge of `cost` would meet now: a cheap read before anything is screened or sent. */
async function refuseUnchargeable(db: Db, userId: string, cost: number): Promise<void> {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const hold = await paymentHoldError(db, userId);
  if (hold) throw hold;
  if (!user || user.credits < cost) throw tooFewCredits(cost, user?.credits ?? 0);
}

/** The owner's chat model's answer, cleaned and cut to the model's limit; 503 when it cannot be had. */
async function askChatModel(deps: PromptHelpDeps, settings: Settings, input: PromptHelpRequest): Promise<string> {
  const baseUrl = settings.promptHelpBaseUrl;
  const model = settings.promptHelpModel;
  if (!baseUrl || !model) {
    deps.log?.warn({ promptHelp: "llm" }, "prompt help is set to a language model without its base URL or model");
    throw unavailable();
  }
  let answer: string;
  try {
    answer = await chatCompletion(
      { baseUrl, model, apiKey: settings.promptHelpApiKey },
      chatMessages(input),
      deps.chatTimeoutMs === undefined ? {} : { timeoutMs: deps.chatTimeoutMs },
    );
  } catch (err) {
    // The kind and status only: never the key, the URL or the answer.
    if (err instanceof ChatError)
      deps.log?.warn({ kind: err.kind, status: err.status }, "prompt help's language model failed");
    else throw err;
    throw unavailable();
  }
  const prompt = cut(cleanAnswer(answer), promptLimitOf(input.model));
  if (prompt === "") {
    deps.log?.warn({ kind: "bad_answer" }, "prompt help's language model answered with no prompt");
    throw unavailable();
  }
  return prompt;
}

export async function improvePrompt(
  deps: PromptHelpDeps,
  userId: string,
  input: PromptHelpRequest,
): Promise<PromptHelpAnswer> {
  const settings = await deps.readSettings();
  if (settings.promptHelpMode === "off") throw new AppError("not_found", PROMPT_HELP_OFF, reasoned("prompt_help_off"));
  const wait = await deps.limiter.hit(userId);
  if (wait) throw tooManyRequests(wait, "prompt help requests");
  const cost = promptHelpPrice(settings);
  if (cost > 0) await refuseUnchargeable(deps.db, userId, cost);
  // A refused idea is refused here, before it is sent anywhere (decision 0089).
  await screenRequest(deps.screening, { userId, source: "web", prompt: input.prompt });

  const prompt = settings.promptHelpMode === "llm" ? await askChatModel(deps, settings, input) : enhancePrompt(input);
  // What comes back is a prompt like any other: screened before the person sees it.
  if (prompt !== input.prompt) await screenRequest(deps.screening, { userId, source: "web", prompt });

  if (cost === 0) return { prompt, creditsUsed: 0, remainingCredits: null };
  const remaining = await deps.db.transaction((tx) =>
    spendOnPromptHelp(
      tx,
      { userId, cost, description: `Prompt help (${MODEL_CATALOGUE[input.model].label})` },
      deps.mailer,
    ),
  );
  if (remaining === undefined) {
    const hold = await paymentHoldError(deps.db, userId);
    if (hold) throw hold;
    const [user] = await deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    throw tooFewCredits(cost, user?.credits ?? 0);
  }
  return { prompt, creditsUsed: cost, remainingCredits: remaining };
}
