/**
 * Creem: POST /api/creem/checkout (start), POST /api/creem/confirm (the return page) and
 * POST /api/creem/webhook (Creem's signed notice). See docs/decisions/0013-creem-payments.md.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  creemCheckoutResponseSchema,
  creemCheckoutSchema,
  creemConfirmSchema,
  paymentResultSchema,
} from "../../../shared/schemas/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { errors } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { confirmCreemCheckout, startCreemCheckout, type CreemContext } from "./creem-service.js";
import { creemWebhookRoute } from "./creem-webhook.js";

/** A person buys a few packs at most; this only stops a loop from filling Creem with sessions. */
export const DEFAULT_CREEM_CHECKOUT_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };
const CREEM_TIMEOUT_MS = 15_000;

export interface CreemRoutesOptions {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  rateLimitStore: RateLimitStore;
  checkoutRateLimit?: RateLimitRule;
  timeoutMs?: number;
}

export async function creemRoutes(scope: FastifyInstance, opts: CreemRoutesOptions): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const ctx: CreemContext = {
    db: opts.db,
    config: opts.config,
    secretBox: opts.secretBox,
    timeoutMs: opts.timeoutMs ?? CREEM_TIMEOUT_MS,
  };
  const checkoutLimiter = new RateLimiter(
    "creem-checkout",
    opts.checkoutRateLimit ?? DEFAULT_CREEM_CHECKOUT_RATE_LIMIT,
    opts.rateLimitStore,
  );

  app.post(
    "/api/creem/checkout",
    {
      config: { access: "user" },
      // Counted before the body is read, so malformed attempts count too (as they always did).
      preValidation: async (request) => {
        const wait = await checkoutLimiter.hit(requireUser(request).id);
        if (wait) throw tooManyRequests(wait, "checkout attempts");
      },
      schema: {
        tags: ["Payments"],
        summary: "Start a Creem checkout for a credit package",
        body: creemCheckoutSchema,
        response: { 200: creemCheckoutResponseSchema, ...errors(400, 401, 404, 429, 502, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return startCreemCheckout(ctx, user.id, request.body.packageId, request.log);
    },
  );

  app.post(
    "/api/creem/confirm",
    {
      config: { access: "user" },
      schema: {
        tags: ["Payments"],
        summary: "Confirm a Creem checkout on return, crediting it once paid",
        body: creemConfirmSchema,
        response: { 200: paymentResultSchema, ...errors(400, 401, 404, 502, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return confirmCreemCheckout(ctx, user.id, request.body.checkoutId, request.log);
    },
  );

  await scope.register(creemWebhookRoute, { ctx });
}
