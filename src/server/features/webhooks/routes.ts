/** The /api page's webhooks (decision 0047): endpoints, secrets, the delivery log, resend, test events, the credits.low threshold. */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { webhooksApi } from "../../../shared/api/webhooks.js";
import { listAttempts, queueTestEvent, resendDelivery } from "./deliveries.js";
import {
  createEndpoint,
  deleteEndpoint,
  rotateCallbackSecret,
  rotateSecret,
  setLowCreditsThreshold,
  updateEndpoint,
  webhooksOverview,
  type WebhookServiceDeps,
} from "./endpoints-service.js";

/** Test events and resends a person may ask for, together (decision 0062): each is a request to their receiver. */
export const DEFAULT_WEBHOOK_SEND_RATE_LIMIT: RateLimitRule = { max: 5, windowMs: 60_000 };

export async function webhookRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    secretBox: SecretBox;
    config: Pick<Config, "webhooksAllowLocal">;
    jobs: { webhookSender: { wake(): void } };
    rateLimitStore: RateLimitStore;
    limits: { webhookSends: RateLimitRule };
  },
) {
  const sends = new RateLimiter("webhook-send", opts.limits.webhookSends, opts.rateLimitStore);
  const countSend = async (userId: string) => {
    const wait = await sends.hit(userId);
    if (wait) throw tooManyRequests(wait, "test events and resends");
  };
  const deps: WebhookServiceDeps = {
    db: opts.db,
    secretBox: opts.secretBox,
    allowLocal: opts.config.webhooksAllowLocal,
  };
  const noStore = { "cache-control": "private, no-store" };
  const user = { access: "user" } as const;

  serve(app, webhooksApi.overview, user, async (request, reply) => {
    reply.headers(noStore);
    return webhooksOverview(deps, requireUser(request).id);
  });

  serve(app, webhooksApi.createEndpoint, user, async (request, reply) => {
    const created = await createEndpoint(deps, requireUser(request).id, request.body);
    return reply.status(201).headers({ "cache-control": "no-store" }).send(created);
  });

  serve(app, webhooksApi.updateEndpoint, user, async (request) =>
    updateEndpoint(deps, requireUser(request).id, request.params.id, request.body),
  );

  serve(app, webhooksApi.deleteEndpoint, user, async (request) => {
    await deleteEndpoint(opts.db, requireUser(request).id, request.params.id);
    return { success: true as const };
  });

  serve(app, webhooksApi.rotateSecret, user, async (request, reply) => {
    reply.headers({ "cache-control": "no-store" });
    return rotateSecret(deps, requireUser(request).id, request.params.id);
  });

  serve(app, webhooksApi.sendTest, user, async (request, reply) => {
    const { id: userId } = requireUser(request);
    await countSend(userId);
    const queued = await queueTestEvent(opts.db, userId, request.params.id);
    opts.jobs.webhookSender.wake();
    return reply.status(202).send(queued);
  });

  serve(app, webhooksApi.attempts, user, async (request, reply) => {
    reply.headers(noStore);
    return listAttempts(opts.db, requireUser(request).id, request.params.id);
  });

  serve(app, webhooksApi.resend, user, async (request, reply) => {
    const { id: userId } = requireUser(request);
    await countSend(userId);
    const queued = await resendDelivery(opts.db, userId, request.params.id);
    opts.jobs.webhookSender.wake();
    return reply.status(202).send(queued);
  });

  serve(app, webhooksApi.rotateCallbackSecret, user, async (request, reply) => {
    reply.headers({ "cache-control": "no-store" });
    return rotateCallbackSecret(deps, requireUser(request).id);
  });

  serve(app, webhooksApi.setLowCredits, user, async (request) => {
    await setLowCreditsThreshold(opts.db, requireUser(request).id, request.body.threshold);
    return { success: true as const };
  });
}
