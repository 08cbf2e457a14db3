/**
 * POST /paypal/webhook (decisions 0084, 0133, 0154): PayPal's notices of refunds, reversals and
 * disputes, and of plans: a subscription's sales and state (handled by
 * subscriptions/paypal-plan-events.ts) and a sale refunded or reversed (taken back here, as a
 * pack's capture is, from the order whose payment is that sale). Nothing is acted on before the delivery is shown to be PayPal's: its signature is
 * checked here against PayPal's certificate (fetched from PayPal's own hosts and cached), and only
 * when that certificate cannot be read is PayPal's verify-webhook-signature call asked, a few
 * times a minute at most. Before any of that, without the database, a delivery whose headers
 * cannot be PayPal's (certificate URL off PayPal's hosts, a transmission time not within 10
 * minutes, another algorithm), whose body is too large, or whose event type we do not act on is
 * answered at once; then each address may send 60 a minute. Without a stored webhook id nothing is
 * accepted. An event for no order of ours is logged and answered 200 so PayPal stops retrying;
 * everything acted on is idempotent (refund id, dispute id).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import { AppError, badRequest } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import {
  parseDispute,
  parseRefund,
  parseSaleRefund,
  type PaypalClient,
  type PaypalDispute,
} from "../../integrations/paypal/client.js";
import { PaypalError } from "../../integrations/paypal/errors.js";
import {
  allowedCertUrl,
  fetchCertificate,
  PAYPAL_AUTH_ALGO,
  PaypalCertCache,
  TRANSMISSION_SIG,
  TRANSMISSION_TOLERANCE_MS,
  transmissionAge,
  verifySignature,
} from "../../integrations/paypal/webhook-signature.js";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import { readSettingsFromDatabase } from "../settings/service.js";
import { handlePayPalPlanEvent, PAYPAL_PLAN_EVENTS } from "../subscriptions/paypal-plan-events.js";
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

/** The event types handleEvent acts on; any other is answered 200 unverified and changes nothing. */
const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
  "CUSTOMER.DISPUTE.CREATED",
  "CUSTOMER.DISPUTE.UPDATED",
  "CUSTOMER.DISPUTE.RESOLVED",
  "PAYMENT.SALE.REFUNDED",
  "PAYMENT.SALE.REVERSED",
  ...PAYPAL_PLAN_EVENTS,
]);

/** PayPal's events are a few kilobytes; a dispute with its messages stays well under this. */
export const PAYPAL_WEBHOOK_MAX_BYTES = 256 * 1024;

export const PAYPAL_WEBHOOK_LIMITS: {
  /** Deliveries that pass the cheap checks, per client address. */
  perAddress: RateLimitRule;
  /** Calls to PayPal's verify-webhook-signature, for every address together (certificate unreadable). */
  apiVerifications: RateLimitRule;
} = {
  perAddress: { max: 60, windowMs: 60_000 },
  apiVerifications: { max: 10, windowMs: 60_000 },
};

/** A certificate from PayPal's host is a few kilobytes: a slow one is not waited for long. */
const CERT_TIMEOUT_MS = 5_000;
/** A transmission id as PayPal makes them (a UUID); never the `|` the signed text is joined with. */
const TRANSMISSION_ID = /^[^\s|]{1,128}$/;

const notConfigured = () => new AppError("not_signed_in", "PayPal webhooks are not configured");
const invalidSignature = (why?: string) =>
  new AppError("not_signed_in", why ? `Invalid webhook signature: ${why}` : "Invalid webhook signature");

function unavailable(err: unknown): AppError {
  const why = err instanceof PaypalError ? err.message : "PayPal could not be asked";
  return new AppError("upstream_error", `PayPal could not be asked about this notice (${why}); send it again later`);
}

type Signature = Record<keyof typeof HEADERS, string>;

/** A delivery that may be PayPal's: its signature headers, certificate URL and parsed event. */
interface Delivery {
  signature: Signature;
  certUrl: URL;
  raw: Buffer;
  event: unknown;
}

/** Why the headers cannot be PayPal's, or undefined when they may be. */
function headerProblem(signature: Signature, now: number): string | undefined {
  if (signature.authAlgo.toLowerCase() !== PAYPAL_AUTH_ALGO.toLowerCase())
    return `PAYPAL-AUTH-ALGO must be ${PAYPAL_AUTH_ALGO}`;
  if (!TRANSMISSION_ID.test(signature.transmissionId)) return "PAYPAL-TRANSMISSION-ID is not a transmission id";
  if (!TRANSMISSION_SIG.test(signature.transmissionSig)) return "PAYPAL-TRANSMISSION-SIG is not a base64 signature";
  const age = transmissionAge(signature.transmissionTime, now);
  if (age === undefined) return "PAYPAL-TRANSMISSION-TIME is not a date and time";
  if (Math.abs(age) > TRANSMISSION_TOLERANCE_MS)
    return `PAYPAL-TRANSMISSION-TIME is not within ${TRANSMISSION_TOLERANCE_MS / 60_000} minutes of now`;
  return undefined;
}

/**
 * The cheap refusals (decision 0133), with neither the database nor PayPal: throws when the
 * delivery cannot be PayPal's; undefined for an event type nothing is done with, verified or not.
 */
function readDelivery(request: FastifyRequest, trustedOrigin: string | undefined, now: number): Delivery | undefined {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" && value.length > 0 && value.length <= 4096 ? value : undefined;
  };
  const present = {
    transmissionId: header(HEADERS.transmissionId),
    transmissionTime: header(HEADERS.transmissionTime),
    transmissionSig: header(HEADERS.transmissionSig),
    certUrl: header(HEADERS.certUrl),
    authAlgo: header(HEADERS.authAlgo),
  };
  const missing = Object.entries(present)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length > 0) {
    request.log.info({ missing, bytes: raw.length }, "PayPal webhook refused: signature headers missing");
    throw invalidSignature("the PAYPAL-* signature headers are missing");
  }
  const signature = present as Signature;
  const problem = headerProblem(signature, now);
  const certUrl = problem ? undefined : allowedCertUrl(signature.certUrl, trustedOrigin);
  if (problem || !certUrl) {
    const why = problem ?? "PAYPAL-CERT-URL is not a certificate on PayPal's hosts";
    request.log.info({ why, bytes: raw.length }, "PayPal webhook refused before verification");
    throw invalidSignature(why);
  }
  let event: unknown;
  try {
    event = JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("Webhook body is not valid JSON");
  }
  const eventType = asText(asRecord(event)?.event_type);
  if (!eventType || !HANDLED_EVENTS.has(eventType)) {
    request.log.debug({ eventType }, "PayPal webhook event type not acted on; answered unverified");
    return undefined;
  }
  return { signature, certUrl, raw, event };
}

export async function paypalWebhookRoute(
  app: FastifyInstance,
  opts: { ctx: PaypalContext; rateLimitStore: RateLimitStore },
): Promise<void> {
  const { ctx } = opts;
  const perAddress = new RateLimiter("paypal-webhook-ip", PAYPAL_WEBHOOK_LIMITS.perAddress, opts.rateLimitStore);
  const apiVerifications = new RateLimiter(
    "paypal-webhook-verify",
    PAYPAL_WEBHOOK_LIMITS.apiVerifications,
    opts.rateLimitStore,
  );
  const certificates = new PaypalCertCache({ load: (url) => fetchCertificate(url, CERT_TIMEOUT_MS) });
  // A PAYPAL_BASE_URL the operator set (a local fake) may serve certificates too.
  const trustedOrigin = ctx.config.payments.paypalBaseUrl && new URL(ctx.config.payments.paypalBaseUrl).origin;

  /** Whether the delivery is PayPal's for `webhookId`: by PayPal's certificate, else by PayPal's own call. */
  async function verify(delivery: Delivery, webhookId: string, client: PaypalClient, log: FastifyBaseLogger) {
    const { signature, certUrl, raw, event } = delivery;
    const certificate = await certificates.get(certUrl);
    if (certificate.kind === "key") return verifySignature({ ...signature, webhookId, body: raw }, certificate.key);
    if (certificate.kind === "refused") {
      log.warn({ why: certificate.why }, "PayPal webhook refused: its certificate URL names no certificate");
      throw invalidSignature("PayPal has no certificate at PAYPAL-CERT-URL");
    }
    // The certificate cannot be read now: PayPal's own call decides, a few times a minute at most.
    log.warn({ why: certificate.why }, "PayPal certificate unreadable: asking PayPal's API instead");
    const busy = await apiVerifications.hit("all");
    if (busy) {
      throw new AppError(
        "service_unavailable",
        "PayPal's certificate cannot be read now and its own check is asked too often; send this notice again later",
        { headers: { "retry-after": String(busy) } },
      );
    }
    try {
      return await client.verifyWebhookSignature({ ...signature, webhookId, event });
    } catch (err) {
      log.warn({ err }, "PayPal webhook not verified: PayPal's verification call failed");
      throw unavailable(err);
    }
  }

  // Encapsulated: only this route sees raw bodies, whatever content type PayPal sends.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  const options = { access: "callback", bodyLimit: PAYPAL_WEBHOOK_MAX_BYTES } as const;
  serve(app, paymentsApi.paypalWebhook, options, async (request) => {
    const delivery = readDelivery(request, trustedOrigin, Date.now());
    if (!delivery) return RECEIVED;

    const wait = await perAddress.hit(request.ip);
    if (wait) throw tooManyRequests(wait, "webhook deliveries from this address");

    // Read the id even if PayPal was switched off since: refunds of payments already made still land.
    const { paypalWebhookId: webhookId } = await readSettingsFromDatabase(ctx.db, ctx.secretBox);
    const client = webhookId ? await paypalConnection(ctx) : undefined;
    if (!webhookId || !client) {
      request.log.warn("PayPal webhook refused: no webhook id or no PayPal credentials are stored");
      throw notConfigured();
    }
    if (!(await verify(delivery, webhookId, client, request.log))) {
      request.log.warn(
        { transmissionId: delivery.signature.transmissionId, bytes: delivery.raw.length },
        "PayPal webhook refused: its signature does not verify",
      );
      throw invalidSignature();
    }
    return handleEvent(ctx, client, delivery.event, request.log);
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
    case "PAYMENT.SALE.REFUNDED":
    case "PAYMENT.SALE.REVERSED": {
      // A plan's payment (decision 0154): its order's payment is the sale, as a pack's is its capture.
      const refund = parseSaleRefund(envelope?.resource);
      const order = refund?.captureId && (await findPaypalOrder(ctx.db, refund));
      if (!refund || !order) {
        log.warn(
          { ...context, refundId: refund?.id, saleId: refund?.captureId },
          "PayPal sale refund for no order of ours; ignored",
        );
        return RECEIVED;
      }
      const kind = eventType === "PAYMENT.SALE.REVERSED" ? "chargeback" : "refund";
      const result = await reversePaypalRefund(ctx.db, order, refund, { kind, source: "provider" });
      const logged = { ...context, orderId: order.id, refundId: refund.id, result: result.kind };
      if (result.kind === "unreadable") log.warn({ ...logged, why: result.why }, "PayPal sale refund not taken back");
      else log.info(logged, "PayPal sale refund handled");
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
      if (eventType && PAYPAL_PLAN_EVENTS.has(eventType)) {
        try {
          await handlePayPalPlanEvent(ctx, client, event, log);
        } catch (err) {
          if (!(err instanceof PaypalError)) throw err;
          log.warn({ ...context, err }, "PayPal could not be asked about a plan event");
          throw unavailable(err);
        }
        return RECEIVED;
      }
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
