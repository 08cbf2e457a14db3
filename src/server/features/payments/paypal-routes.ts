/**
 * PayPal: GET /paypal/setup, POST /paypal/order, POST /paypal/order/{orderId}/capture (spec
 * section 7: outside /api), and the background re-check of pending captures.
 * See docs/decisions/0014-paypal-payments.md.
 */
import type { FastifyInstance } from "fastify";
import { paypalCaptureSchema, paypalOrderSchema } from "../../../shared/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { notFound, parseInput } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { loadSessionUser, requireUser } from "../../http/session-auth.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import { PaypalRecheck, type PaypalRecheckOptions } from "../../jobs/paypal-recheck.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { SessionRow } from "../auth/sessions.js";
import { capturePaypalOrder, createPaypalOrder, paypalConnection, paypalSetup, type PaypalContext } from "./paypal-service.js";

declare module "fastify" {
  interface FastifyInstance {
    paypalRecheck: PaypalRecheck;
  }
}

/** A person buys a few packs at most; this only stops a loop from filling PayPal with orders. */
export const DEFAULT_PAYPAL_ORDER_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };
const PAYPAL_TIMEOUT_MS = 15_000;
/** PayPal order ids are short upper-case tokens; anything else cannot be one of ours. */
const PAYPAL_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

export interface PaypalOptions {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  rateLimitStore: RateLimitStore;
  sessions: FreshCache<SessionRow>;
  orderRateLimit?: RateLimitRule;
  timeoutMs?: number;
  recheck?: Partial<PaypalRecheckOptions>;
}

async function paypalRoutes(app: FastifyInstance, opts: { ctx: PaypalContext; orderRateLimit: RateLimitRule; rateLimitStore: RateLimitStore; sessions: FreshCache<SessionRow> }): Promise<void> {
  const { ctx } = opts;
  const orderLimiter = new RateLimiter("paypal-order", opts.orderRateLimit, opts.rateLimitStore);

  // Session auth loads users for /api/ paths only; these routes live outside it (spec section 7).
  app.addHook("onRequest", async (request) => loadSessionUser(request, ctx.db, opts.sessions));
  // Unknown /paypal/* paths answer JSON like unknown API paths, not the SPA's index.html.
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split("?")[0] ?? ""}` }),
  );

  app.get("/setup", async () => paypalSetup(ctx));

  app.post("/order", async (request) => {
    const user = requireUser(request);
    const wait = await orderLimiter.hit(user.id);
    if (wait) throw tooManyRequests(wait, "payment attempts");
    const { packageId } = parseInput(paypalOrderSchema, request.body);
    return createPaypalOrder(ctx, user.id, packageId, request.log);
  });

  app.post<{ Params: { orderId: string } }>("/order/:orderId/capture", async (request, reply) => {
    const user = requireUser(request);
    // The stored order decides what is credited; packageId is validated and otherwise ignored.
    parseInput(paypalCaptureSchema, request.body);
    const { orderId } = request.params;
    if (!PAYPAL_ORDER_ID.test(orderId)) throw notFound("Payment not found");
    const { statusCode, result } = await capturePaypalOrder(ctx, user.id, orderId, request.log);
    return reply.status(statusCode).send(result);
  });
}

/**
 * Registers the routes under /paypal and the re-check job (app.paypalRecheck; started with the
 * other background workers, stopped on close).
 */
export async function registerPaypal(app: FastifyInstance, opts: PaypalOptions): Promise<void> {
  const ctx: PaypalContext = {
    db: opts.db,
    config: opts.config,
    secretBox: opts.secretBox,
    timeoutMs: opts.timeoutMs ?? PAYPAL_TIMEOUT_MS,
    captures: new Map(),
  };
  await app.register(paypalRoutes, {
    prefix: "/paypal",
    ctx,
    orderRateLimit: opts.orderRateLimit ?? DEFAULT_PAYPAL_ORDER_RATE_LIMIT,
    rateLimitStore: opts.rateLimitStore,
    sessions: opts.sessions,
  });

  const recheck = new PaypalRecheck(ctx.db, () => paypalConnection(ctx), opts.recheck, app.log.child({ job: "paypal-recheck" }));
  app.decorate("paypalRecheck", recheck);
  if (opts.config.backgroundWorkers) app.addHook("onReady", async () => recheck.start());
  app.addHook("onClose", async () => recheck.stop());
}
