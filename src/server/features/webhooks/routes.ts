/** The /api page's webhooks (decision 0047): endpoints, secrets, the delivery log, resend, test events, the credits.low threshold. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { errors } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { okSchema } from "../../../shared/schemas/common.js";
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  lowCreditsThresholdSchema,
  rotatedWebhookSecretSchema,
  updateWebhookEndpointSchema,
  webhookAttemptListSchema,
  webhookEndpointViewSchema,
  webhookIdParams,
  webhookQueuedSchema,
  webhooksOverviewSchema,
} from "../../../shared/schemas/webhooks.js";
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

const TAGS = ["Webhooks"];

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
  const api = app.withTypeProvider<ZodTypeProvider>();
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

  api.get(
    "/api/webhooks",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "The signed-in user's webhook endpoints and settings",
        response: { 200: webhooksOverviewSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return webhooksOverview(deps, requireUser(request).id);
    },
  );

  api.post(
    "/api/webhooks/endpoints",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "Add an endpoint (the only answer with its signing secret)",
        body: createWebhookEndpointSchema,
        response: { 201: createdWebhookEndpointSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createEndpoint(deps, requireUser(request).id, request.body);
      return reply.status(201).headers({ "cache-control": "no-store" }).send(created);
    },
  );

  api.patch(
    "/api/webhooks/endpoints/:id",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "Change an endpoint's URL, description or events; disable or enable it",
        params: webhookIdParams,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointViewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => updateEndpoint(deps, requireUser(request).id, request.params.id, request.body),
  );

  api.delete(
    "/api/webhooks/endpoints/:id",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "Delete an endpoint and its delivery log",
        params: webhookIdParams,
        response: { 200: okSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteEndpoint(opts.db, requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  api.post(
    "/api/webhooks/endpoints/:id/rotate-secret",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "A new signing secret; the old one keeps signing beside it for 24 hours",
        params: webhookIdParams,
        response: { 200: rotatedWebhookSecretSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.headers({ "cache-control": "no-store" });
      return rotateSecret(deps, requireUser(request).id, request.params.id);
    },
  );

  api.post(
    "/api/webhooks/endpoints/:id/test",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "Send a webhook.test event to this endpoint (a few a minute, with resends)",
        params: webhookIdParams,
        response: { 202: webhookQueuedSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await countSend(user.id);
      const queued = await queueTestEvent(opts.db, user.id, request.params.id);
      opts.jobs.webhookSender.wake();
      return reply.status(202).send(queued);
    },
  );

  api.get(
    "/api/webhooks/endpoints/:id/attempts",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "The delivery log of an endpoint (or of the callbacks): the last 100 tries, newest first",
        params: webhookIdParams,
        response: { 200: webhookAttemptListSchema, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listAttempts(opts.db, requireUser(request).id, request.params.id);
    },
  );

  api.post(
    "/api/webhooks/deliveries/:id/resend",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "Send a delivery again (same body, same webhook-id; a few a minute, with test events)",
        params: webhookIdParams,
        response: { 202: webhookQueuedSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await countSend(user.id);
      const queued = await resendDelivery(opts.db, user.id, request.params.id);
      opts.jobs.webhookSender.wake();
      return reply.status(202).send(queued);
    },
  );

  api.post(
    "/api/webhooks/callback-secret",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "A new secret for deliveries to callbackUrls (the old one keeps signing beside it for 24 hours)",
        response: { 200: rotatedWebhookSecretSchema, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      reply.headers({ "cache-control": "no-store" });
      return rotateCallbackSecret(deps, requireUser(request).id);
    },
  );

  api.put(
    "/api/webhooks/low-credits",
    {
      config: { access: "user" },
      schema: {
        tags: TAGS,
        summary: "Set the balance below which credits.low fires (null: never)",
        body: lowCreditsThresholdSchema,
        response: { 200: okSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await setLowCreditsThreshold(opts.db, requireUser(request).id, request.body.threshold);
      return { success: true as const };
    },
  );
}
