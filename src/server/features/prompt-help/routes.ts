/**
 * Prompt help's routes (decision 0160): whether the generator shows "Improve prompt" and its price
 * (public), the improvement itself (a signed-in person, the web app's own route), and the owner's
 * settings for it (registered in the admin scope, under /api/admin).
 */
import type { FastifyInstance } from "fastify";
import { promptHelpApi } from "../../../shared/api/prompt-help.js";
import type { ContactConfig } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { badRequest } from "../../http/errors.js";
import { RateLimiter, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { requireUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { auditActor } from "../audit/audit-log.js";
import { readSettingsFromDatabase, toAdminView, updateSettingsAudited } from "../settings/service.js";
import { improvePrompt, promptHelpOffer, type PromptHelpDeps } from "./service.js";

/** Improved prompts per person: enough to try several ideas, not enough to use us as a free chat model. */
const DEFAULT_PROMPT_HELP_RATE_LIMIT: RateLimitRule = { max: 20, windowMs: 10 * 60_000 };

export async function promptHelpRoutes(
  app: FastifyInstance,
  opts: Omit<PromptHelpDeps, "limiter"> & { rateLimitStore: RateLimitStore; promptHelpRateLimit?: RateLimitRule },
): Promise<void> {
  const deps: PromptHelpDeps = {
    ...opts,
    limiter: new RateLimiter(
      "prompt-help",
      opts.promptHelpRateLimit ?? DEFAULT_PROMPT_HELP_RATE_LIMIT,
      opts.rateLimitStore,
    ),
  };

  serve(app, promptHelpApi.offer, { access: "public" }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return promptHelpOffer(await opts.readSettings());
  });

  serve(app, promptHelpApi.improve, { access: "user", webPrice: true }, async (request) =>
    improvePrompt(deps, requireUser(request).id, request.body),
  );
}

export async function adminPromptHelpRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; config: { contact: ContactConfig } },
): Promise<void> {
  const { db, secretBox, config } = opts;
  serve(app, promptHelpApi.updateSettings, STEP_UP, async (request) => {
    const body = request.body;
    if (body.promptHelpMode === "llm") {
      const stored = await readSettingsFromDatabase(db, secretBox);
      const baseUrl = body.promptHelpBaseUrl === undefined ? stored.promptHelpBaseUrl : body.promptHelpBaseUrl;
      const model = body.promptHelpModel === undefined ? stored.promptHelpModel : body.promptHelpModel;
      if (!baseUrl || !model)
        throw badRequest("Enter the endpoint's base URL and model before choosing a language model for prompt help.");
    }
    await updateSettingsAudited(db, secretBox, body, auditActor(request), "settings.update");
    return {
      message: "Prompt help settings updated",
      settings: toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
    };
  });
}
