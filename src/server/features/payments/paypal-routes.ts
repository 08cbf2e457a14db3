/**
 * PayPal: GET /paypal/setup, POST /paypal/order, POST /paypal/order/{orderId}/capture, outside
 * /api. See docs/decisions/0014-paypal-payments.md.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  paymentResultSchema,
  paypalCaptureParams,
  paypalCaptureSchema,
  paypalOrderCreatedSchema,
  paypalOrderSchema,
  paypalSetupSchema,
} from "../../../shared/schemas/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { apiNotFound } from "../../http/not-found.js";
import { errors } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { capturePaypalOrder, createPaypalOrder, paypalSetup, type PaypalContext } from "./paypal-service.js";

/** A person buys a few packs at most; this only stops a loop from filling PayPal with orders. */
export const DEFAULT_PAYPAL_ORDER_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };
const PAYPAL_TIMEOUT_MS = 15_000;
/** PayPal order ids are short upper-case tokens; anything else cannot be one of ours. */
const PAYPAL_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

export interface PaypalOptions {
  paypal: PaypalContext;
  rateLimitStore: RateLimitStore;
}

async function paypalRoutes(
  scope: FastifyInstance,
  opts: { ctx: PaypalContext; orderRateLimit: RateLimitRule; rateLimitStore: RateLimitStore },
): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const orderLimiter = new RateLimiter("paypal-order", opts.orderRateLimit, opts.rateLimitStore);

  // Unknown /paypal/* paths answer JSON like unknown API paths, not the SPA's index.html.
  app.setNotFoundHandler(apiNotFound);

  app.get(
    "/setup",
    {
      config: { access: "public" },
      schema: {
        tags: ["Payments"],
        summary: "What the PayPal buttons need",
        response: { 200: paypalSetupSchema, ...errors(503) },
      },
    },
    async () => paypalSetup(ctx),
  );

  app.post(
    "/order",
    {
      config: { access: "user" },
      // Counted before the body is read, so malformed attempts count too (as they always did).
      preValidation: async (request) => {
        const wait = await orderLimiter.hit(requireUser(request).id);
        if (wait) throw tooManyRequests(wait, "payment attempts");
      },
      schema: {
        tags: ["Payments"],
        summary: "Create a PayPal order for a credit package",
        body: paypalOrderSchema,
        response: { 200: paypalOrderCreatedSchema, ...errors(400, 401, 404, 429, 502, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return createPaypalOrder(ctx, user.id, request.body.packageId, request.log);
    },
  );

  app.post(
    "/order/:orderId/capture",
    {
      config: { access: "user" },
      schema: {
        tags: ["Payments"],
        summary: "Capture an approved PayPal order and credit it",
        description:
          "200 when credited (now or earlier), 202 when PayPal is still processing the payment (credited once it completes).",
        params: paypalCaptureParams,
        // The stored order decides what is credited; packageId is validated and otherwise ignored.
        body: paypalCaptureSchema,
        response: {
          200: paymentResultSchema,
          202: paymentResultSchema,
          ...errors(400, 401, 402, 404, 409, 422, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      if (!PAYPAL_ORDER_ID.test(orderId)) throw notFound("Payment not found");
      const { statusCode, result } = await capturePaypalOrder(ctx, user.id, orderId, request.log);
      return reply.status(statusCode).send(result);
    },
  );
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
  timeoutMs?: number;
}): PaypalContext {
  return {
    db: opts.db,
    config: opts.config,
    secretBox: opts.secretBox,
    timeoutMs: opts.timeoutMs ?? PAYPAL_TIMEOUT_MS,
    captures: new Map(),
  };
}
