/**
 * PayPal purchases: the buttons' setup, creating an order for a package and capturing it. Price
 * and credits come from the package row when the order is made and from the stored order after
 * that; our order row exists before PayPal hears of it and its id travels as custom_id.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PaymentResult, PaypalSetup } from "../../../shared/schemas/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { paymentOrders, users } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { PaypalClient, type PaypalOrder } from "../../integrations/paypal/client.js";
import { PaypalError } from "../../integrations/paypal/errors.js";
import { formatCents, toCents } from "../../lib/money.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Mailer } from "../mail/outbox.js";
import { purchasablePackage } from "../packages/service.js";
import { readSettingsFromDatabase } from "../settings/service.js";
import { insertPackageOrder, type PurchaseCode } from "./discounted-order.js";
import { paypalSettings } from "./payment-settings.js";
import {
  DECLINED_PREFIX,
  failOrder,
  markPending,
  MISMATCH_PREFIX,
  settlePaypalOrder,
  type PaymentOrder,
  type PaypalSettlement,
} from "./paypal-settle.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { creditsText } from "../../../shared/credits-text.js";
import { creditsAdded } from "./wording.js";

export interface PaypalContext {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  /** Per PayPal call. */
  timeoutMs: number;
  /** Captures running in this app, by our order id: concurrent requests share one PayPal call. */
  captures: Map<string, Promise<CaptureReply>>;
  /** The buyer's receipt is written with the credit (decision 0086). */
  mailer: Mailer;
}

/** Same key for every capture of an order: a retry replays PayPal's first answer, never captures twice. */
const captureRequestId = (orderId: string) => `capture-${orderId}`;

/** What a buyer can do instead, in a buyer's words: never a setting's name (issue 68). */
function paypalNotConfigured(): AppError {
  return new AppError("payment_not_configured", "Payments through PayPal are not available right now.", {
    suggestion:
      "Payments through PayPal are not available right now: please try again later, or choose another way to pay",
  });
}

/** GET /paypal/setup: what the PayPal buttons need; never the secret. */
export async function paypalSetup(ctx: PaypalContext): Promise<PaypalSetup> {
  const s = paypalSettings(await readSettingsFromDatabase(ctx.db, ctx.secretBox), ctx.config);
  if (!s) throw paypalNotConfigured();
  return { clientId: s.clientId, environment: s.environment };
}

/**
 * A client with the stored credentials even when an admin has switched PayPal off since:
 * orders already approved must still be captured and settled. Undefined without credentials.
 */
export async function paypalConnection(ctx: PaypalContext): Promise<PaypalClient | undefined> {
  const settings = await readSettingsFromDatabase(ctx.db, ctx.secretBox);
  const s = paypalSettings({ ...settings, paypalEnabled: true }, ctx.config);
  return (
    s &&
    new PaypalClient({
      baseUrl: s.baseUrl,
      clientId: s.clientId,
      clientSecret: s.clientSecret,
      timeoutMs: ctx.timeoutMs,
    })
  );
}

function suggestionFor(err: PaypalError): string {
  if (err.kind === "unauthorized") return "Please try again later, or choose another way to pay";
  return "Please try again in a few minutes, or choose another way to pay";
}

/**
 * Why a PayPal call failed, as a buyer reads it: never PayPal's own words, our credentials or an
 * HTTP status (issue 68). The log and the order's failure reason keep those.
 */
function troubleForBuyer(err: PaypalError): string {
  if (err.kind === "unauthorized") return "Payments through PayPal are not working right now.";
  if (err.kind === "unavailable") return "PayPal is not answering right now.";
  return "PayPal did not answer as expected.";
}

const asPaypalError = (err: unknown, what: string) =>
  err instanceof PaypalError ? err : new PaypalError("failed", `${what} failed unexpectedly`);

/** POST /paypal/order: the order row first, then PayPal; the order fails (giving a code back) if PayPal does. */
export async function createPaypalOrder(
  ctx: PaypalContext,
  userId: string,
  packageId: string,
  log: FastifyBaseLogger,
  code?: PurchaseCode,
): Promise<{ id: string }> {
  const s = paypalSettings(await readSettingsFromDatabase(ctx.db, ctx.secretBox), ctx.config);
  if (!s) throw paypalNotConfigured();
  const pkg = await purchasablePackage(ctx.db, packageId);

  // With a discount code, reserved in the order's transaction; PayPal is asked the amount after it.
  const { order } = await insertPackageOrder(
    ctx.db,
    {
      userId,
      packageId: pkg.id,
      packageName: pkg.name,
      provider: "paypal",
      amount: pkg.price,
      currency: "USD",
      credits: pkg.credits,
      bonusCredits: pkg.bonusCredits,
      status: "created",
    },
    code,
  );
  const client = new PaypalClient({
    baseUrl: s.baseUrl,
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    timeoutMs: ctx.timeoutMs,
  });
  try {
    const created = await client.createOrder({
      orderId: order.id,
      amount: { currency: order.currency, value: formatCents(toCents(order.amount)) },
      description: pkg.name,
    });
    await ctx.db
      .update(paymentOrders)
      .set({ providerOrderId: created.id, updatedAt: new Date() })
      .where(eq(paymentOrders.id, order.id));
    log.info({ orderId: order.id, paypalOrderId: created.id, packageId: pkg.id }, "PayPal order created");
    return { id: created.id };
  } catch (err) {
    const ppErr = asPaypalError(err, "Creating the PayPal order");
    await failOrder(ctx.db, order.id, `order not created: ${ppErr.message}`);
    log.error(
      {
        orderId: order.id,
        kind: ppErr.kind,
        issue: ppErr.issue,
        status: ppErr.status,
        debugId: ppErr.debugId,
        err: err instanceof PaypalError ? undefined : err,
      },
      `PayPal order creation failed: ${ppErr.message}`,
    );
    throw new AppError("upstream_error", `Could not start the PayPal payment. ${troubleForBuyer(ppErr)}`, {
      suggestion: suggestionFor(ppErr),
      ...reasoned("checkout_failed", { provider: "PayPal" }),
    });
  }
}

export interface CaptureReply {
  statusCode: 200 | 202;
  result: PaymentResult;
}

const MESSAGES = {
  completed: (o: PaymentOrder) => `Payment successful: ${creditsAdded(o)} added to your account.`,
  pending: (o: PaymentOrder) =>
    `PayPal is still processing this payment. Your ${creditsText(o.credits + o.bonusCredits)} will be added once PayPal completes it.`,
};

function declined(): AppError {
  return new AppError(
    "payment_declined",
    "Payment was declined by PayPal. Nothing was charged and no credits were added.",
    {
      suggestion: "Try another card or funding source in PayPal, or choose another way to pay",
    },
  );
}

function mismatched(): AppError {
  return new AppError("conflict", "The amount PayPal captured does not match this order, so no credits were added.", {
    suggestion: "Please contact support with your PayPal receipt; the payment is being reviewed.",
  });
}

function notApproved(): AppError {
  return new AppError("unprocessable", "This PayPal payment has not been approved yet.", {
    suggestion: "Approve the payment in the PayPal window, then try again.",
  });
}

function unavailable(err: PaypalError): AppError {
  return new AppError("upstream_error", `Could not complete the payment with PayPal. ${troubleForBuyer(err)}`, {
    suggestion:
      err.kind === "unauthorized"
        ? "You were not charged twice; please try again later."
        : "Please try again in a minute. Trying again never charges you twice.",
  });
}

/** The answer for an order that has already ended one way or the other. */
function failedOrder(order: PaymentOrder): AppError {
  if (order.failureReason?.startsWith(MISMATCH_PREFIX)) return mismatched();
  if (order.failureReason?.startsWith(DECLINED_PREFIX)) return declined();
  return new AppError("conflict", "This PayPal payment did not go through. Nothing was credited.", {
    suggestion: "Start a new purchase from the pricing page.",
  });
}

async function reply(db: Db, orderId: string): Promise<CaptureReply> {
  const [row] = await db
    .select({ order: paymentOrders, balance: users.credits })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(eq(paymentOrders.id, orderId));
  const { order, balance } = row!;
  const result = (status: PaymentResult["status"], message: string): PaymentResult => ({
    status,
    credits: order.credits,
    bonusCredits: order.bonusCredits,
    balance,
    packageName: order.packageName,
    message,
  });
  if (order.status === "completed") return { statusCode: 200, result: result("completed", MESSAGES.completed(order)) };
  if (order.status === "pending") return { statusCode: 202, result: result("pending", MESSAGES.pending(order)) };
  if (order.status === "failed") throw failedOrder(order);
  throw notApproved();
}

/** Asks PayPal for the capture: capture an open order, read back a pending or captured one. */
async function fetchCapture(
  client: PaypalClient,
  order: PaymentOrder,
  log: FastifyBaseLogger,
): Promise<PaypalOrder | "in_progress"> {
  const paypalOrderId = order.providerOrderId!;
  if (order.status === "pending") return client.getOrder(paypalOrderId);
  try {
    const captured = await client.captureOrder(paypalOrderId, captureRequestId(order.id));
    // A replay of a first attempt made without `Prefer: return=representation` carries no capture.
    return captured.captures.length > 0 ? captured : await client.getOrder(paypalOrderId);
  } catch (err) {
    if (!(err instanceof PaypalError)) throw err;
    switch (err.issue) {
      case "ORDER_ALREADY_CAPTURED":
        // Captured by an earlier request whose answer we never got: PayPal's record decides.
        log.info({ orderId: order.id, paypalOrderId }, "PayPal order already captured; reading it back");
        return client.getOrder(paypalOrderId);
      case "ORDER_COMPLETION_IN_PROGRESS":
        return "in_progress";
      default:
        throw err;
    }
  }
}

/**
 * POST /paypal/order/{orderId}/capture. Only the buyer's own order is found (404 otherwise).
 * Concurrent captures of one order in this process share one PayPal call; across processes the
 * stable PayPal-Request-Id and creditPurchase() keep it to one capture and one credit.
 */
export async function capturePaypalOrder(
  ctx: PaypalContext,
  userId: string,
  paypalOrderId: string,
  log: FastifyBaseLogger,
): Promise<CaptureReply> {
  const [order] = await ctx.db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, "paypal"),
        eq(paymentOrders.providerOrderId, paypalOrderId),
        eq(paymentOrders.userId, userId),
      ),
    );
  if (!order) throw notFound("Payment not found");
  if (order.status === "completed" || order.status === "failed") return reply(ctx.db, order.id);

  let running = ctx.captures.get(order.id);
  if (!running) {
    running = settleCapture(ctx, order, log).finally(() => ctx.captures.delete(order.id));
    ctx.captures.set(order.id, running);
  }
  return running;
}

async function settleCapture(ctx: PaypalContext, order: PaymentOrder, log: FastifyBaseLogger): Promise<CaptureReply> {
  const client = await paypalConnection(ctx);
  if (!client) throw paypalNotConfigured();
  const context = { orderId: order.id, paypalOrderId: order.providerOrderId };
  let settlement: PaypalSettlement;
  try {
    const paid = await fetchCapture(client, order, log);
    if (paid === "in_progress") {
      await markPending(ctx.db, order.id, undefined);
      return reply(ctx.db, order.id);
    }
    settlement = await settlePaypalOrder(ctx, order, paid, log);
  } catch (err) {
    if (!(err instanceof PaypalError)) throw err;
    const logged = { ...context, kind: err.kind, issue: err.issue, status: err.status, debugId: err.debugId };
    if (err.issue === "INSTRUMENT_DECLINED") {
      await failOrder(ctx.db, order.id, `${DECLINED_PREFIX} ${err.message}`);
      log.warn(logged, "PayPal declined the payment instrument; order failed");
      throw declined();
    }
    if (err.issue === "ORDER_NOT_APPROVED" || err.issue === "PAYER_ACTION_REQUIRED") {
      log.info(logged, "PayPal capture before approval");
      throw notApproved();
    }
    log.error(logged, `PayPal capture failed: ${err.message}`);
    throw unavailable(err);
  }

  if (settlement.kind === "not_captured") {
    // Captured answers always carry a capture; without one PayPal has not taken the money.
    log.warn({ ...context, orderStatus: settlement.orderStatus }, "PayPal answered without a capture");
    if (order.status === "pending") return reply(ctx.db, order.id);
    throw notApproved();
  }
  return reply(ctx.db, order.id);
}
