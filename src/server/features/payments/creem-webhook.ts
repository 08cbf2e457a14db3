/**
 * POST /api/creem/webhook. The signature is checked over the exact bytes received, before the
 * body is even parsed, so this route has its own body parser that keeps the raw Buffer. The
 * check is never skipped (test mode included); without a stored secret nothing is accepted.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import { paymentOrders } from "../../db/schema.js";
import { AppError, badRequest } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { parseCheckout } from "../../integrations/creem/client.js";
import { verifyWebhookSignature } from "../../integrations/creem/signature.js";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import { readSettingsFromDatabase } from "../settings/service.js";
import { creemConnection, type CreemContext } from "./creem-service.js";
import type { CreemClient } from "../../integrations/creem/client.js";
import { settleCheckout } from "./creem-settle.js";
import { handleCreemDispute, handleCreemRefund } from "./creem-reversal-events.js";
import { handleCreemPlanEvent, isCreemPlanEvent } from "../subscriptions/creem-plan-events.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECEIVED = { received: true } as const;

export async function creemWebhookRoute(app: FastifyInstance, opts: { ctx: CreemContext }): Promise<void> {
  const { ctx } = opts;
  // Encapsulated: only this route sees raw bodies, whatever content type Creem sends.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  serve(app, paymentsApi.creemWebhook, { access: "callback" }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers["creem-signature"];
    const signature = typeof header === "string" ? header : undefined;
    // Read the secret even if Creem was switched off since: payments already made still land.
    const settings = await readSettingsFromDatabase(ctx.db, ctx.secretBox);
    const secret = settings.creemWebhookSecret;
    if (!secret) {
      request.log.warn("Creem webhook refused: no webhook secret is stored");
      throw new AppError("not_signed_in", "Creem webhooks are not configured");
    }
    if (!verifyWebhookSignature(raw, signature, secret)) {
      request.log.warn(
        { hasSignature: Boolean(signature), bytes: raw.length },
        "Creem webhook refused: invalid signature",
      );
      throw new AppError("not_signed_in", "Invalid webhook signature");
    }
    let event: unknown;
    try {
      event = JSON.parse(raw.toString("utf8"));
    } catch {
      throw badRequest("Webhook body is not valid JSON");
    }
    return handleEvent(ctx, event, request.log, () => creemConnection(settings, ctx));
  });
}

async function handleEvent(
  ctx: CreemContext,
  event: unknown,
  log: FastifyBaseLogger,
  creem: () => CreemClient | undefined,
): Promise<typeof RECEIVED> {
  const envelope = asRecord(event);
  const eventType = asText(envelope?.eventType);
  const eventId = asText(envelope?.id);
  if (eventType === "refund.created" || eventType === "dispute.created") {
    const handle = eventType === "refund.created" ? handleCreemRefund : handleCreemDispute;
    await handle(ctx, envelope?.object, creem, log);
    return RECEIVED;
  }
  // A plan's events, and the checkout that started one (decision 0153).
  if (isCreemPlanEvent(eventType, envelope?.object)) {
    await handleCreemPlanEvent(ctx, envelope, creem, log);
    return RECEIVED;
  }
  if (eventType !== "checkout.completed") {
    log.info({ eventId, eventType }, "Creem webhook event ignored");
    return RECEIVED;
  }
  const checkout = parseCheckout(envelope?.object);
  const orderId = checkout?.requestId ?? asText(checkout?.metadata.orderId);
  const [order] =
    checkout && orderId && UUID.test(orderId)
      ? await ctx.db
          .select()
          .from(paymentOrders)
          .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.provider, "creem")))
      : [];
  if (!checkout || !order) {
    log.warn({ eventId, checkoutId: checkout?.id, orderId }, "Creem checkout.completed for no order of ours; ignored");
    return RECEIVED;
  }
  // Duplicates (Creem retries, resends) end here without touching anything.
  if (order.status === "completed") return RECEIVED;
  const settled = await settleCheckout(ctx, order, checkout, log);
  if (settled.kind === "not_paid")
    log.warn(
      { eventId, orderId, checkoutId: checkout.id },
      "Creem checkout.completed without a paid order; not credited",
    );
  return RECEIVED;
}
