/**
 * PayPal: GET /paypal/setup, POST /paypal/order, POST /paypal/order/{orderId}/capture and
 * POST /paypal/webhook, outside /api. See docs/decisions/0014-paypal-payments.md.
 */
import type { FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { apiNotFound } from "../../http/not-found.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Mailer } from "../mail/outbox.js";
import { paypalWebhookRoute } from "./paypal-webhook.js";
import { purchaseCodeOf } from "./discounted-order.js";
import { capturePaypalOrder, createPaypalOrder, paypalSetup, type PaypalContext } from "./paypal-service.js";

/** A person buys a few packs at most; this only stops a loop from filling PayPal with orders. */
const DEFAULT_PAYPAL_ORDER_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };
const PAYPAL_TIMEOUT_MS = 15_000;
/** PayPal order ids are short upper-case tokens; anything else cannot be one of ours. */
const PAYPAL_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

export interface PaypalOptions {
  paypal: PaypalContext;
  rateLimitStore: RateLimitStore;
}

async function paypalRoutes(
  app: FastifyInstance,
  opts: { ctx: PaypalContext; orderRateLimit: RateLimitRule; rateLimitStore: RateLimitStore },
): Promise<void> {
  const { ctx } = opts;
  const orderLimiter = new RateLimiter("paypal-order", opts.orderRateLimit, opts.rateLimitStore);

  // Unknown /paypal/* paths answer JSON like unknown API paths, not the SPA's index.html.
  app.setNotFoundHandler(apiNotFound);

  serve(app, paymentsApi.paypalSetup, { access: "public" }, async () => paypalSetup(ctx));

  serve(
    app,
    paymentsApi.paypalOrder,
    {
      access: "user",
      // Counted before the body is read, so malformed attempts count too (as they always did).
      preValidation: async (request) => {
        const wait = await orderLimiter.hit(requireUser(request).id);
        if (wait) throw tooManyRequests(wait, "payment attempts");
      },
    },
    async (request) => {
      const user = requireUser(request);
      return createPaypalOrder(
        ctx,
        user.id,
        request.body.packageId,
        request.log,
        purchaseCodeOf(request.body.code, request.ip),
      );
    },
  );

  serve(app, paymentsApi.paypalCapture, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const { orderId } = request.params;
    if (!PAYPAL_ORDER_ID.test(orderId)) throw notFound("Payment not found");
    const { statusCode, result } = await capturePaypalOrder(ctx, user.id, orderId, request.log);
    return reply.status(statusCode).send(result);
  });

  // Refunds, reversals and disputes (decision 0084), verified against PayPal's certificate (0133).
  await app.register(paypalWebhookRoute, { ctx, rateLimitStore: opts.rateLimitStore });
}

/** Registers the routes under /paypal (the re-check job is in jobs/background-jobs.ts). */
export async function registerPaypal(app: FastifyInstance, opts: PaypalOptions): Promise<void> {
  await app.register(paypalRoutes, {
    prefix: "/paypal",
    ctx: opts.paypal,
    orderRateLimit: DEFAULT_PAYPAL_ORDER_RATE_LIMIT,
    rateLimitStore: opts.rateLimitStore,
  });
}

/** What the PayPal routes and the re-check job share. */
export function createPaypalContext(opts: {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  mailer: Mailer;
  timeoutMs?: number;
}): PaypalContext {
  return {
    db: opts.db,
    config: opts.config,
    secretBox: opts.secretBox,
    timeoutMs: opts.timeoutMs ?? PAYPAL_TIMEOUT_MS,
    captures: new Map(),
    mailer: opts.mailer,
  };
}
