/**
 * Creem purchases: start a checkout for a package, and confirm one from the return page. Price
 * and credits always come from the package row; our order row exists before Creem hears of it.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PaymentResult, PaymentResultReason } from "../../../shared/schemas/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { paymentOrders, users } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { CreemClient } from "../../integrations/creem/client.js";
import { createCheckoutDiscount } from "../../integrations/creem/checkout-discount.js";
import { CreemError } from "../../integrations/creem/errors.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Mailer } from "../mail/outbox.js";
import { purchasablePackage } from "../packages/service.js";
import { readSettingsFromDatabase, type Settings } from "../settings/service.js";
import { creemSettings, paypalSettings } from "./payment-settings.js";
import { settleCheckout, type PaymentOrder } from "./creem-settle.js";
import { failOpenOrder, insertPackageOrder, type PurchaseCode } from "./discounted-order.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { creditsAdded } from "./wording.js";

export interface CreemContext {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  /** Per Creem call. */
  timeoutMs: number;
  /** The buyer's receipt is written with the credit (decision 0086). */
  mailer: Mailer;
}

/**
 * What a buyer can do instead, in a buyer's words: never a setting's name (issue 68), and PayPal
 * only while PayPal takes payments.
 */
const orPayPal = (settings: Settings, config: Config) =>
  paypalSettings(settings, config) ? ", or pay with PayPal" : "";

function creemNotConfigured(alternative: string): AppError {
  return new AppError("payment_not_configured", "Card payments through Creem are not available right now.", {
    suggestion: `Please try again later${alternative}`,
  });
}

/**
 * Creem cannot sell this package: it has no Creem product (400), or Creem refuses it (502). The
 * buyer reads a way out, never the missing field (issue 68).
 */
function notForThisPackage(
  settings: Settings,
  config: Config,
  code: "invalid_input" | "upstream_error" = "invalid_input",
): AppError {
  return new AppError(code, "Card payment through Creem is not available for this package right now.", {
    suggestion: paypalSettings(settings, config)
      ? "Try PayPal, or contact us"
      : "Choose another package, or contact us",
    ...reasoned("provider_unavailable_for_package", { provider: "Creem" }),
  });
}

/**
 * The key and host to talk to Creem with, even when an admin has switched Creem off since:
 * checkouts already paid must still be confirmable.
 */
export function creemConnection(settings: Settings, ctx: CreemContext): CreemClient | undefined {
  const s = creemSettings({ ...settings, creemEnabled: true }, ctx.config);
  return s && new CreemClient({ baseUrl: s.baseUrl, apiKey: s.apiKey, timeoutMs: ctx.timeoutMs });
}

/**
 * Why Creem would not start a checkout, as a buyer reads it: never Creem's own words, a setting's
 * name or an HTTP status (issue 68). The log and the order's failure reason keep those.
 */
function checkoutFailed(err: CreemError, alternative: string): AppError {
  const [why, suggestion] =
    err.kind === "unauthorized"
      ? ["Card payments through Creem are not working right now.", `Please try again later${alternative}`]
      : err.kind === "unavailable"
        ? ["Creem is not answering right now.", `Please try again in a few minutes${alternative}`]
        : ["Creem did not answer as expected.", `Please try again in a few minutes${alternative}`];
  return new AppError("upstream_error", `Could not start the Creem checkout. ${why}`, {
    suggestion,
    ...reasoned("checkout_failed", { provider: "Creem" }),
  });
}

/**
 * POST /api/creem/checkout: the order row first (with a discount code, reserved in its
 * transaction), then Creem; the order fails, and gives the code back, if Creem does. A discount
 * reaches Creem as a code made for this checkout alone (decision 0158).
 */
export async function startCreemCheckout(
  ctx: CreemContext,
  userId: string,
  packageId: string,
  log: FastifyBaseLogger,
  code?: PurchaseCode,
): Promise<{ checkoutUrl: string }> {
  const settings = await readSettingsFromDatabase(ctx.db, ctx.secretBox);
  const creem = creemSettings(settings, ctx.config);
  const alternative = orPayPal(settings, ctx.config);
  if (!creem) throw creemNotConfigured(alternative);
  const pkg = await purchasablePackage(ctx.db, packageId);
  if (!pkg.creemProductId) {
    log.warn({ packageId: pkg.id }, "Creem checkout refused: the package has no Creem product id");
    throw notForThisPackage(settings, ctx.config);
  }

  const { order, quote } = await insertPackageOrder(
    ctx.db,
    {
      userId,
      packageId: pkg.id,
      packageName: pkg.name,
      provider: "creem",
      amount: pkg.price,
      currency: "USD",
      credits: pkg.credits,
      bonusCredits: pkg.bonusCredits,
      status: "created",
    },
    code,
  );
  const client = new CreemClient({ baseUrl: creem.baseUrl, apiKey: creem.apiKey, timeoutMs: ctx.timeoutMs });
  let discount: { code: string; id: string } | undefined;
  try {
    if (quote && quote.discountCents > 0)
      discount = await createCheckoutDiscount(client, {
        reference: order.id,
        productId: pkg.creemProductId,
        discountCents: quote.discountCents,
        currency: order.currency,
        duration: "once",
      });
    const checkout = await client.createCheckout({
      productId: pkg.creemProductId,
      requestId: order.id,
      // Creem appends checkout_id, order_id, request_id, signature... to it.
      successUrl: `${ctx.config.publicUrl}/purchase-credits`,
      metadata: { orderId: order.id, userId, packageId: pkg.id },
      ...(discount ? { discountCode: discount.code } : {}),
    });
    await ctx.db
      .update(paymentOrders)
      .set({ providerOrderId: checkout.id, updatedAt: new Date() })
      .where(eq(paymentOrders.id, order.id));
    log.info(
      {
        orderId: order.id,
        checkoutId: checkout.id,
        packageId: pkg.id,
        ...(quote ? { promoCodeId: quote.promoCodeId, discountCents: quote.discountCents } : {}),
      },
      "Creem checkout created",
    );
    return { checkoutUrl: checkout.checkoutUrl };
  } catch (err) {
    const creemErr = err instanceof CreemError ? err : new CreemError("failed", "Creem checkout could not be recorded");
    await failOpenOrder(ctx.db, order.id, `checkout not created: ${creemErr.message}`);
    // A code made for a checkout that never was is of no use to anyone: taken away (best effort).
    if (discount) await client.deleteDiscount(discount.id).catch(() => undefined);
    log.error(
      {
        orderId: order.id,
        kind: creemErr.kind,
        status: creemErr.status,
        err: err instanceof CreemError ? undefined : err,
      },
      `Creem checkout failed: ${creemErr.message}`,
    );
    // Creem refused or does not know the package's product: this package cannot be sold through it.
    if (creemErr.kind === "rejected" || creemErr.kind === "not_found")
      throw notForThisPackage(settings, ctx.config, "upstream_error");
    throw checkoutFailed(creemErr, alternative);
  }
}

async function resultOf(
  db: Db,
  order: PaymentOrder,
  status: PaymentResult["status"],
  message: string,
  reason?: PaymentResultReason,
): Promise<PaymentResult> {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, order.userId));
  return {
    status,
    credits: order.credits,
    bonusCredits: order.bonusCredits,
    balance: user?.credits ?? 0,
    packageName: order.packageName,
    message,
    ...(reason ? { reason } : {}),
  };
}

const MESSAGES = {
  completed: (o: PaymentOrder) => `Payment successful: ${creditsAdded(o)} added to your account.`,
  pending:
    "Creem has not confirmed this payment yet. Your credits are added as soon as it does; check again in a minute.",
  expired: "This checkout expired before it was paid. Nothing was charged.",
  failed: "This payment did not go through. Nothing was credited.",
  mismatch: "The amount paid does not match this package, so no credits were added. Please contact support.",
};

/**
 * POST /api/creem/confirm: the return page asks; Creem's own record of the checkout decides.
 * Only the buyer's own order is found (404 otherwise).
 */
export async function confirmCreemCheckout(
  ctx: CreemContext,
  userId: string,
  checkoutId: string,
  log: FastifyBaseLogger,
): Promise<PaymentResult> {
  const { db } = ctx;
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, "creem"),
        eq(paymentOrders.providerOrderId, checkoutId),
        eq(paymentOrders.userId, userId),
      ),
    );
  if (!order) throw notFound("Payment not found");
  if (order.status === "completed") return resultOf(db, order, "completed", MESSAGES.completed(order));
  if (order.status === "failed") return resultOf(db, order, "failed", MESSAGES.failed);

  const settings = await readSettingsFromDatabase(db, ctx.secretBox);
  const client = creemConnection(settings, ctx);
  if (!client) throw creemNotConfigured(orPayPal(settings, ctx.config));
  let checkout;
  try {
    checkout = await client.getCheckout(checkoutId);
  } catch (err) {
    if (!(err instanceof CreemError)) throw err;
    log.warn(
      { orderId: order.id, checkoutId, kind: err.kind, status: err.status },
      `Creem checkout lookup failed: ${err.message}`,
    );
    // Creem's own words stay in the log: the buyer is told what to do (issue 68).
    throw new AppError("upstream_error", "Could not check the payment with Creem right now.", {
      suggestion: "If you paid, your credits are added as soon as Creem confirms it. Refresh this page in a minute.",
    });
  }

  if (checkout.status === "completed") {
    const settled = await settleCheckout(ctx, order, checkout, log);
    switch (settled.kind) {
      case "credited":
      case "already_credited":
        return resultOf(db, order, "completed", MESSAGES.completed(order));
      case "mismatch":
        return resultOf(db, order, "failed", MESSAGES.mismatch, "amount_mismatch");
      case "order_failed":
      case "not_ours":
        return resultOf(db, order, "failed", MESSAGES.failed);
      case "not_paid":
        return resultOf(db, order, "pending", MESSAGES.pending);
    }
  }
  if (checkout.status === "expired") {
    await failOpenOrder(db, order.id, "checkout expired");
    return resultOf(db, order, "failed", MESSAGES.expired, "checkout_expired");
  }
  return resultOf(db, order, "pending", MESSAGES.pending);
}
