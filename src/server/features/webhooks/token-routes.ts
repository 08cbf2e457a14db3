/**
 * PUT /api/n8n/webhooks, GET and DELETE /api/n8n/webhooks/{id} (decision 0171): webhook endpoints
 * managed with an API token, so a tool subscribes and unsubscribes itself (the n8n trigger node on
 * activation and deactivation). Authenticated, rate-limited and answered as the rest of the
 * automation API: `{success: false, message, code}` on errors.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { requireTokenUser, requireWritingTokenUser, useBearerAuth } from "../../http/bearer-auth.js";
import { errorBody, toAppError, type AppError } from "../../http/errors.js";
import type { RateLimitStore } from "../../http/rate-limit.js";
import { useScopeAccess } from "../../http/route-access.js";
import { serve } from "../../http/route-contract.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { webhooksTokenApi } from "../../../shared/api/webhooks.js";
import type { AutomationRateLimits } from "../automation/routes.js";
import { deleteEndpoint, type WebhookServiceDeps } from "./endpoints-service.js";
import { endpointView, registerEndpointByUrl } from "./register-by-url.js";

const PREFIX = "/api/n8n/webhooks";

interface TokenWebhookOptions {
  db: Db;
  secretBox: SecretBox;
  config: Pick<Config, "webhooksAllowLocal">;
  limits: { automation: AutomationRateLimits };
  rateLimitStore: RateLimitStore;
}

export async function registerTokenWebhookRoutes(app: FastifyInstance, opts: TokenWebhookOptions): Promise<void> {
  await app.register(tokenWebhookRoutes, { ...opts, prefix: PREFIX });
}

async function tokenWebhookRoutes(app: FastifyInstance, opts: TokenWebhookOptions): Promise<void> {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const error = toAppError(err, request);
    return reply
      .status(error.status)
      .headers(error.headers)
      .send({ success: false, ...errorBody(error) });
  });
  useBearerAuth(app, { db: opts.db, rateLimit: opts.limits.automation.perToken, rateLimitStore: opts.rateLimitStore });
  useScopeAccess(app, "token");
  const deps: WebhookServiceDeps = {
    db: opts.db,
    secretBox: opts.secretBox,
    allowLocal: opts.config.webhooksAllowLocal,
  };

  // Subscribing and unsubscribing change the account: an OAuth token needs videos:write (decision 0169).
  serve(app, webhooksTokenApi.register, {}, async (request, reply) => {
    reply.headers({ "cache-control": "no-store" });
    return registerEndpointByUrl(deps, requireWritingTokenUser(request).id, request.body);
  });

  serve(app, webhooksTokenApi.get, {}, async (request, reply) => {
    reply.headers({ "cache-control": "private, no-store" });
    return endpointView(deps, requireTokenUser(request).id, request.params.id);
  });

  serve(app, webhooksTokenApi.delete, {}, async (request) => {
    await deleteEndpoint(opts.db, requireWritingTokenUser(request).id, request.params.id);
    return { success: true as const };
  });
}
