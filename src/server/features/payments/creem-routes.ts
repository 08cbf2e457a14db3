/**
 * Creem: POST /api/creem/checkout (start), POST /api/creem/confirm (the return page) and
 * POST /api/creem/webhook (Creem's signed notice). See docs/decisions/0013-creem-payments.md.
 */
import type { FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Mailer } from "../mail/outbox.js";
import { confirmCreemCheckout, startCreemCheckout, type CreemContext } from "./creem-service.js";
import { creemWebhookRoute } from "./creem-webhook.js";
import { purchaseCodeOf } from "./discounted-order.js";

/** A person buys a few packs at most; this only stops a loop from filling Creem with sessions. */
const DEFAULT_CREEM_CHECKOUT_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };
const CREEM_TIMEOUT_MS = 15_000;

export interface CreemRoutesOptions {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  rateLimitStore: RateLimitStore;
  mailer: Mailer;
  checkoutRateLimit?: RateLimitRule;
  timeoutMs?: number;
}

export async function creemRoutes(app: FastifyInstance, opts: CreemRoutesOptions): Promise<void> {
  const ctx: CreemContext = {
    db: opts.db,
    config: opts.config,
    secretBox: opts.secretBox,
    timeoutMs: opts.timeoutMs ?? CREEM_TIMEOUT_MS,
    mailer: opts.mailer,
  };
  const checkoutLimiter = new RateLimiter(
    "creem-checkout",
    opts.checkoutRateLimit ?? DEFAULT_CREEM_CHECKOUT_RATE_LIMIT,
    opts.rateLimitStore,
  );

  serve(
    app,
    paymentsApi.creemCheckout,
    {
      access: "user",
      // Counted before the body is read, so malformed attempts count too (as they always did).
      preValidation: async (request) => {
        const wait = await checkoutLimiter.hit(requireUser(request).id);
        if (wait) throw tooManyRequests(wait, "checkout attempts");
      },
    },
    async (request) => {
      const user = requireUser(request);
      return startCreemCheckout(
        ctx,
        user.id,
        request.body.packageId,
        request.log,
        purchaseCodeOf(request.body.code, request.ip),
      );
    },
  );

  serve(app, paymentsApi.creemConfirm, { access: "user" }, async (request) => {
    const user = requireUser(request);
    return confirmCreemCheckout(ctx, user.id, request.body.checkoutId, request.log);
  });

  await app.register(creemWebhookRoute, { ctx });
}
