/**
 * POST /paypal/webhook (decision 0084): PayPal's notices of refunds, reversals and disputes.
 * Nothing is acted on before PayPal itself has said the delivery is its own: the PAYPAL-* headers,
 * the admin's webhook id and the event go to PayPal's verify-webhook-signature call, and only
 * verification_status SUCCESS lets the event through. Without a stored webhook id nothing is
 * accepted. An event for no order of ours, or of a type we do not act on, is logged and answered
 * 200 so PayPal stops retrying; everything acted on is idempotent (refund id, dispute id).
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import { AppError, badRequest } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { parseDispute, parseRefund, type PaypalClient, type PaypalDispute } from "../../integrations/paypal/client.js";
import { PaypalError } from "../../integrations/paypal/errors.js";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import { readSettingsFromDatabase } from "../settings/service.js";
import { applyPaypalDispute, findPaypalOrder, reversePaypalRefund } from "./paypal-reversals.js";
import { paypalConnection, type PaypalContext } from "./paypal-service.js";

const RECEIVED = { received: true } as const;

const HEADERS = {
  transmissionId: "paypal-transmission-id",
  transmissionTime: "paypal-transmission-time",
  transmissionSig: "paypal-transmission-sig",
  certUrl: "paypal-cert-url",
  authAlgo: "paypal-auth-algo",
} as const;

const notConfigured = () => new AppError("not_signed_in", "PayPal webhooks are not configured");
const invalidSignature = () => new AppError("not_signed_in", "Invalid webhook signature");

function unavailable(err: unknown): AppError {
  const why = err instanceof PaypalError ? err.message : "PayPal could not be asked";
  return new AppError("upstream_error", `PayPal could not be asked about this notice (${why}); send it again later`);
}

export async function paypalWebhookRoute(app: FastifyInstance, opts: { ctx: PaypalContext }): Promise<void> {
  const { ctx } = opts;
  // Encapsulated: only this route sees raw bodies, whatever content type PayPal sends.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  serve(app, paymentsApi.paypalWebhook, { access: "callback" }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === "string" && value.length > 0 && value.length <= 4096 ? value : undefined;
    };
    // Read the id even if PayPal was switched off since: refunds of payments already made still land.
    const { paypalWebhookId: webhookId } = await readSettingsFromDatabase(ctx.db, ctx.secretBox);
    const client = webhookId ? await paypalConnection(ctx) : undefined;
    if (!webhookId || !client) {
      request.log.warn("PayPal webhook refused: no webhook id or no PayPal credentials are stored");
      throw notConfigured();
    }
    const signature = {
      transmissionId: header(HEADERS.transmissionId),
      transmissionTime: header(HEADERS.transmissionTime),
      transmissionSig: header(HEADERS.transmissionSig),
      certUrl: header(HEADERS.certUrl),
      authAlgo: header(HEADERS.authAlgo),
    };
    const missing = Object.entries(signature)
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);
    if (missing.length > 0) {
      request.log.warn({ missing, bytes: raw.length }, "PayPal webhook refused: signature headers missing");
      throw invalidSignature();
    }
    let event: unknown;
    try {
      event = JSON.parse(raw.toString("utf8"));
    } catch {
      throw badRequest("Webhook body is not valid JSON");
    }
    let verified: boolean;
    try {
      verified = await client.verifyWebhookSignature({
        ...(signature as Record<keyof typeof signature, string>),
        webhookId,
        event,
      });
    } catch (err) {
      request.log.warn({ err }, "PayPal webhook not verified: PayPal's verification call failed");
      throw unavailable(err);
    }
    if (!verified) {
      request.log.warn(
        { transmissionId: signature.transmissionId, bytes: raw.length },
        "PayPal webhook refused: PayPal did not verify its signature",
      );
      throw invalidSignature();
    }
    return handleEvent(ctx, client, event, request.log);
  });
}

async function handleEvent(
  ctx: PaypalContext,
  client: PaypalClient,
  event: unknown,
  log: FastifyBaseLogger,
): Promise<typeof RECEIVED> {
  const envelope = asRecord(event);
  const eventType = asText(envelope?.event_type);
  const eventId = asText(envelope?.id);
  const context = { eventId, eventType };
  switch (eventType) {
    case "PAYMENT.CAPTURE.REFUNDED":
    case "PAYMENT.CAPTURE.REVERSED": {
      const refund = parseRefund(envelope?.resource);
      const order = refund && (await findPaypalOrder(ctx.db, refund));
      if (!refund || !order) {
        log.warn(
          { ...context, refundId: refund?.id, captureId: refund?.captureId, customId: refund?.customId },
          "PayPal refund for no order of ours; ignored",
        );
        return RECEIVED;
      }
      const kind = eventType === "PAYMENT.CAPTURE.REVERSED" ? "chargeback" : "refund";
      const result = await reversePaypalRefund(ctx.db, order, refund, { kind, source: "provider" });
      const logged = { ...context, orderId: order.id, refundId: refund.id, result: result.kind };
      if (result.kind === "unreadable") log.warn({ ...logged, why: result.why }, "PayPal refund not taken back");
      else log.info(logged, "PayPal refund handled");
      return RECEIVED;
    }
    case "CUSTOMER.DISPUTE.CREATED":
    case "CUSTOMER.DISPUTE.UPDATED":
    case "CUSTOMER.DISPUTE.RESOLVED": {
      let dispute = parseDispute(envelope?.resource);
      if (!dispute) {
        log.warn(context, "PayPal dispute event without a dispute id; ignored");
        return RECEIVED;
      }
      const resolved = eventType === "CUSTOMER.DISPUTE.RESOLVED" || dispute.status === "RESOLVED";
      // A thin event (no disputed capture, or a resolution without its outcome): PayPal's own view.
      if (!dispute.transactions.some((t) => t.captureId || t.customId) || (resolved && !dispute.outcome)) {
        try {
          dispute = await client.getDispute(dispute.id);
        } catch (err) {
          log.warn({ ...context, disputeId: dispute.id, err }, "PayPal dispute could not be read");
          throw unavailable(err);
        }
      }
      const order = await orderOfDispute(ctx, dispute);
      if (!order) {
        log.warn({ ...context, disputeId: dispute.id }, "PayPal dispute for no order of ours; ignored");
        return RECEIVED;
      }
      const change = await applyPaypalDispute(ctx.db, order, dispute, resolved);
      const logged = { ...context, orderId: order.id, disputeId: dispute.id, outcome: dispute.outcome, change };
      if (change === "unreadable") log.warn(logged, "PayPal dispute resolved without an outcome; left open");
      else log.info(logged, "PayPal dispute handled");
      return RECEIVED;
    }
    default:
      log.info(context, "PayPal webhook event ignored");
      return RECEIVED;
  }
}

async function orderOfDispute(ctx: PaypalContext, dispute: PaypalDispute) {
  for (const transaction of dispute.transactions) {
    const order = await findPaypalOrder(ctx.db, transaction);
    if (order) return order;
  }
  return undefined;
}
