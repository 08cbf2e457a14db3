/**
 * The PayPal REST client (decisions 0014, 0084): create, capture and read an order; refund a
 * capture, read a dispute, have PayPal verify a webhook's signature, and try credentials before
 * they are saved (decision 0145); and for plans (decision 0154) catalog products, billing plans
 * and subscriptions (create, read, its transactions, suspend, activate, cancel, revise). An OAuth2 client-credentials token cached per (host, client id,
 * secret) and refreshed before it expires, or once when PayPal answers 401. Every call goes
 * through requestJson (timeout, User-Agent); every failure becomes a PaypalError carrying PayPal's
 * `issue` (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED, ...).
 */
import { withoutTrailingSlashes } from "../../../shared/trim.js";
import { HttpError, requestJson, USER_AGENT } from "../http/json-request.js";
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { errorForResponse, PaypalError } from "./errors.js";
import { sharedTokenCache, TokenCache } from "./token-cache.js";

export interface PaypalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  tokens?: TokenCache;
}

interface PaypalAmount {
  currency: string;
  /** PayPal's decimal string, e.g. "10.00". */
  value: string;
}

/** purchase_units[0].payments.captures[0]: what decides whether money moved. */
export interface PaypalCapture {
  id: string;
  /** COMPLETED | PENDING | DECLINED | FAILED | REFUNDED | PARTIALLY_REFUNDED | ... */
  status: string;
  amount: PaypalAmount | undefined;
  customId: string | undefined;
}

/** The fields of a PayPal order the product acts on. */
export interface PaypalOrder {
  id: string;
  /** CREATED | SAVED | APPROVED | VOIDED | COMPLETED | PAYER_ACTION_REQUIRED */
  status: string | undefined;
  /** purchase_units[0].custom_id: our order id. */
  customId: string | undefined;
  amount: PaypalAmount | undefined;
  /** Every capture of the first purchase unit (one for intent CAPTURE). */
  captures: PaypalCapture[];
  /** Every refund of every purchase unit (purchase_units[].payments.refunds[]). */
  refunds: PaypalRefund[];
  /** Who paid (payer.payer_id): a referral's self-purchase check (decision 0157). */
  payerId: string | undefined;
}

/** A refund of a capture, as the refund call, a GET order or a PAYMENT.CAPTURE.* event shows it. */
export interface PaypalRefund {
  id: string;
  /** COMPLETED | PENDING | CANCELLED | FAILED */
  status: string;
  amount: PaypalAmount | undefined;
  /** Our order id when PayPal repeats it on the refund. */
  customId: string | undefined;
  /** The refunded capture: from the refund's `up` link. */
  captureId: string | undefined;
  /** PayPal's note to the payer or reason, when it gives one. */
  note: string | undefined;
}

/** A customer dispute (GET /v1/customer/disputes/{id} or a CUSTOMER.DISPUTE.* event's resource). */
export interface PaypalDispute {
  id: string;
  /** The disputed captures (seller_transaction_id) and our order id when PayPal carries custom. */
  transactions: { captureId: string | undefined; customId: string | undefined }[];
  amount: PaypalAmount | undefined;
  reason: string | undefined;
  /** OPEN | WAITING_FOR_BUYER_RESPONSE | WAITING_FOR_SELLER_RESPONSE | UNDER_REVIEW | RESOLVED | OTHER */
  status: string | undefined;
  /** dispute_outcome.outcome_code (or a bare `outcome`): RESOLVED_SELLER_FAVOUR, RESOLVED_BUYER_FAVOUR, ... */
  outcome: string | undefined;
}

/** What PayPal needs to check a webhook delivery (its PAYPAL-* headers) against our webhook id. */
export interface WebhookSignature {
  transmissionId: string;
  transmissionTime: string;
  certUrl: string;
  authAlgo: string;
  transmissionSig: string;
  webhookId: string;
  /** The event as received (parsed). */
  event: unknown;
}

export interface RefundCaptureRequest {
  captureId: string;
  amount: PaypalAmount;
  noteToPayer: string | undefined;
  /** PayPal-Request-Id: the same key again replays the first refund instead of making another. */
  requestId: string;
}

/** What a fresh token request proved (decision 0145), and what PayPal said of the webhook id. */
export interface PaypalCredentialsCheck {
  /** PayPal's id of the REST app these credentials belong to (APP-...), when it says. */
  appId: string | undefined;
  /** found: PayPal has it (and says where it sends); not_found: not for this app; not_checked: PayPal would not say. */
  webhook: { status: "found"; url: string | undefined } | { status: "not_found" | "not_checked" } | undefined;
}

export interface CreateOrderRequest {
  /** Our order id: custom_id and PayPal-Request-Id, so a retried create makes no second order. */
  orderId: string;
  amount: PaypalAmount;
  /** Shown to the buyer: the package name. */
  description: string;
}

/** A catalog product (POST /v1/catalogs/products): what billing plans are made under. */
export interface CreateProductRequest {
  name: string;
  description: string | undefined;
  /** PayPal-Request-Id: the same key again answers the product made the first time. */
  requestId: string;
}

type BillingInterval = "MONTH" | "YEAR";

/** A billing plan (POST /v1/billing/plans): one regular cycle at a fixed price, billed until cancelled. */
export interface CreateBillingPlanRequest {
  productId: string;
  name: string;
  description: string | undefined;
  interval: BillingInterval;
  price: PaypalAmount;
  /** Failed payments in a row after which PayPal suspends the subscription (0: never). */
  paymentFailureThreshold: number;
  requestId: string;
}

export interface PaypalBillingPlan {
  id: string;
  productId: string | undefined;
  /** CREATED | ACTIVE | INACTIVE */
  status: string | undefined;
}

export interface CreateSubscriptionRequest {
  planId: string;
  /** Our subscription id: PayPal repeats it on the subscription and its events. */
  customId: string;
  email: string | undefined;
  returnUrl: string;
  cancelUrl: string;
  requestId: string;
  /**
   * The price of the billing plan's first cycle (its TRIAL, sequence 1) for this subscription
   * alone: a discount code's first payment (decision 0158). PayPal overrides only the pricing of
   * a cycle the plan has.
   */
  firstCyclePrice?: PaypalAmount;
}

/** The fields of a PayPal subscription (GET /v1/billing/subscriptions/{id}, or a BILLING.SUBSCRIPTION.* resource). */
export interface PaypalSubscription {
  /** I-... */
  id: string;
  /** APPROVAL_PENDING | APPROVED | ACTIVE | SUSPENDED | CANCELLED | EXPIRED */
  status: string | undefined;
  planId: string | undefined;
  customId: string | undefined;
  createTime: Date | undefined;
  statusUpdateTime: Date | undefined;
  /** The reason given with the last suspend, activate or cancel. */
  statusChangeNote: string | undefined;
  nextBillingTime: Date | undefined;
  lastPaymentTime: Date | undefined;
  lastPaymentAmount: PaypalAmount | undefined;
  failedPaymentsCount: number;
  /** Where the buyer approves it, while it waits for approval. */
  approveUrl: string | undefined;
}

/** One payment of a subscription (GET /v1/billing/subscriptions/{id}/transactions): its id is the sale's. */
export interface PaypalSubscriptionTransaction {
  id: string;
  /** COMPLETED | DECLINED | PARTIALLY_REFUNDED | PENDING | REFUNDED */
  status: string | undefined;
  amount: PaypalAmount | undefined;
  time: Date | undefined;
}

/** POST /v1/billing/subscriptions/{id}/revise's answer. */
export interface PaypalRevision {
  planId: string | undefined;
  /** Where a buyer paying with PayPal consents to the new plan; none when PayPal needs no consent. */
  approveUrl: string | undefined;
}

/** A v1 sale (PAYMENT.SALE.COMPLETED): one payment of a subscription. */
export interface PaypalSale {
  id: string;
  /** completed | partially_refunded | pending | refunded | denied */
  state: string | undefined;
  /** The subscription (I-...) it pays. */
  billingAgreementId: string | undefined;
  amount: PaypalAmount | undefined;
  createTime: Date | undefined;
}

export class PaypalClient {
  private readonly baseUrl: string;
  private readonly tokens: TokenCache;
  private readonly tokenKey: string;

  constructor(private readonly opts: PaypalClientOptions) {
    this.baseUrl = withoutTrailingSlashes(opts.baseUrl);
    this.tokens = opts.tokens ?? sharedTokenCache;
    this.tokenKey = TokenCache.key(this.baseUrl, opts.clientId, opts.clientSecret);
  }

  /** POST /v2/checkout/orders with intent CAPTURE. */
  async createOrder(req: CreateOrderRequest): Promise<PaypalOrder> {
    const body = {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: "default",
          custom_id: req.orderId,
          description: req.description.slice(0, 127),
          amount: { currency_code: req.amount.currency, value: req.amount.value },
        },
      ],
    };
    const order = parseOrder(
      await this.call("POST", "/v2/checkout/orders", body, { "paypal-request-id": req.orderId }),
    );
    if (!order) throw new PaypalError("failed", "PayPal created no usable order (no order id in its answer)");
    return order;
  }

  /** POST /v2/checkout/orders/{id}/capture. The same `requestId` again replays the first result. */
  async captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`;
    const order = parseOrder(await this.call("POST", path, {}, { "paypal-request-id": requestId }));
    if (!order) throw new PaypalError("failed", "PayPal returned an unreadable capture");
    return order;
  }

  /** GET /v2/checkout/orders/{id}. */
  async getOrder(paypalOrderId: string): Promise<PaypalOrder> {
    const order = parseOrder(await this.call("GET", `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`));
    if (!order) throw new PaypalError("failed", "PayPal returned an unreadable order");
    return order;
  }

  /** GET /v2/checkout/orders/{id}: the order's refunds (a re-check of a completed order). */
  async getOrderRefunds(paypalOrderId: string): Promise<PaypalRefund[]> {
    return (await this.getOrder(paypalOrderId)).refunds;
  }

  /** POST /v2/payments/captures/{id}/refund, idempotent by `requestId`. */
  async refundCapture(req: RefundCaptureRequest): Promise<PaypalRefund> {
    const path = `/v2/payments/captures/${encodeURIComponent(req.captureId)}/refund`;
    const body = {
      amount: { value: req.amount.value, currency_code: req.amount.currency },
      ...(req.noteToPayer ? { note_to_payer: req.noteToPayer.slice(0, 255) } : {}),
    };
    const refund = parseRefund(await this.call("POST", path, body, { "paypal-request-id": req.requestId }));
    if (!refund) throw new PaypalError("failed", "PayPal returned an unreadable refund (no refund id in its answer)");
    return refund;
  }

  /**
   * POST /v1/payments/sale/{id}/refund: a plan's payment is a v1 sale, not a v2 capture (decision
   * 0154); idempotent by `requestId`. The answer is read as the sale's refund events are.
   */
  async refundSale(req: RefundCaptureRequest): Promise<PaypalRefund> {
    const path = `/v1/payments/sale/${encodeURIComponent(req.captureId)}/refund`;
    const body = {
      amount: { total: req.amount.value, currency: req.amount.currency },
      ...(req.noteToPayer ? { description: req.noteToPayer.slice(0, 255) } : {}),
    };
    const refund = parseSaleRefund(await this.call("POST", path, body, { "paypal-request-id": req.requestId }));
    if (!refund) throw new PaypalError("failed", "PayPal returned an unreadable refund (no refund id in its answer)");
    return refund;
  }

  /** GET /v1/customer/disputes/{id}. */
  async getDispute(disputeId: string): Promise<PaypalDispute> {
    const dispute = parseDispute(await this.call("GET", `/v1/customer/disputes/${encodeURIComponent(disputeId)}`));
    if (!dispute) throw new PaypalError("failed", "PayPal returned an unreadable dispute");
    return dispute;
  }

  /**
   * POST /v1/notifications/verify-webhook-signature: PayPal itself says whether the delivery is
   * its own, signed for our webhook id. True only for verification_status SUCCESS.
   */
  async verifyWebhookSignature(sig: WebhookSignature): Promise<boolean> {
    const answer = asRecord(
      await this.call("POST", "/v1/notifications/verify-webhook-signature", {
        transmission_id: sig.transmissionId,
        transmission_time: sig.transmissionTime,
        cert_url: sig.certUrl,
        auth_algo: sig.authAlgo,
        transmission_sig: sig.transmissionSig,
        webhook_id: sig.webhookId,
        webhook_event: sig.event,
      }),
    );
    return asText(answer?.verification_status) === "SUCCESS";
  }

  /** POST /v1/catalogs/products, a SERVICE; idempotent by `requestId`. */
  async createProduct(req: CreateProductRequest): Promise<{ id: string }> {
    const body = {
      name: req.name.slice(0, 127),
      ...(req.description ? { description: req.description.slice(0, 256) } : {}),
      type: "SERVICE",
    };
    const id = asText(
      asRecord(await this.call("POST", "/v1/catalogs/products", body, { "paypal-request-id": req.requestId }))?.id,
    );
    if (!id) throw new PaypalError("failed", "PayPal created no usable product (no product id in its answer)");
    return { id };
  }

  /**
   * POST /v1/billing/plans: active at once, a failed amount added to the next bill, idempotent by
   * `requestId`. Two cycles of the same frequency and price: a TRIAL of one cycle (sequence 1),
   * then the REGULAR one billed until cancelled (total_cycles 0). A subscriber pays the price
   * every cycle; the trial is there so a subscription can override its price alone (a discount
   * code's first payment, decision 0158), as PayPal lets an override change a cycle, never add one.
   */
  async createBillingPlan(req: CreateBillingPlanRequest): Promise<PaypalBillingPlan> {
    const body = {
      product_id: req.productId,
      name: req.name.slice(0, 127),
      ...(req.description ? { description: req.description.slice(0, 127) } : {}),
      status: "ACTIVE",
      billing_cycles: [
        {
          frequency: { interval_unit: req.interval, interval_count: 1 },
          tenure_type: "TRIAL",
          sequence: 1,
          total_cycles: 1,
          pricing_scheme: { fixed_price: { value: req.price.value, currency_code: req.price.currency } },
        },
        {
          frequency: { interval_unit: req.interval, interval_count: 1 },
          tenure_type: "REGULAR",
          sequence: 2,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: req.price.value, currency_code: req.price.currency } },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee_failure_action: "CANCEL",
        payment_failure_threshold: req.paymentFailureThreshold,
      },
    };
    const plan = asRecord(await this.call("POST", "/v1/billing/plans", body, { "paypal-request-id": req.requestId }));
    const id = asText(plan?.id);
    if (!id) throw new PaypalError("failed", "PayPal created no usable billing plan (no plan id in its answer)");
    return { id, productId: asText(plan?.product_id), status: asText(plan?.status) };
  }

  /** POST /v1/billing/subscriptions: APPROVAL_PENDING with its approve link; idempotent by `requestId`. */
  async createSubscription(req: CreateSubscriptionRequest): Promise<PaypalSubscription> {
    const body = {
      plan_id: req.planId,
      custom_id: req.customId,
      ...(req.email ? { subscriber: { email_address: req.email } } : {}),
      ...(req.firstCyclePrice
        ? {
            plan: {
              billing_cycles: [
                {
                  sequence: 1,
                  total_cycles: 1,
                  pricing_scheme: {
                    fixed_price: { value: req.firstCyclePrice.value, currency_code: req.firstCyclePrice.currency },
                  },
                },
              ],
            },
          }
        : {}),
      application_context: {
        shipping_preference: "NO_SHIPPING",
        user_action: "SUBSCRIBE_NOW",
        return_url: req.returnUrl,
        cancel_url: req.cancelUrl,
      },
    };
    const made = parseSubscription(
      await this.call("POST", "/v1/billing/subscriptions", body, { "paypal-request-id": req.requestId }),
    );
    if (!made) throw new PaypalError("failed", "PayPal created no usable subscription (no id in its answer)");
    return made;
  }

  /** GET /v1/billing/subscriptions/{id}. */
  async getSubscription(subscriptionId: string): Promise<PaypalSubscription> {
    const found = parseSubscription(await this.call("GET", subscriptionPath(subscriptionId)));
    if (!found) throw new PaypalError("failed", "PayPal returned an unreadable subscription");
    return found;
  }

  /** GET /v1/billing/subscriptions/{id}/transactions between two times. */
  async listSubscriptionTransactions(
    subscriptionId: string,
    from: Date,
    to: Date,
  ): Promise<PaypalSubscriptionTransaction[]> {
    const query = new URLSearchParams({ start_time: from.toISOString(), end_time: to.toISOString() });
    const answer = asRecord(
      await this.call("GET", `${subscriptionPath(subscriptionId)}/transactions?${query.toString()}`),
    );
    const list: unknown[] = Array.isArray(answer?.transactions) ? answer.transactions : [];
    return list.flatMap((t) => {
      const record = asRecord(t);
      const id = asText(record?.id);
      if (!record || !id) return [];
      return [
        {
          id,
          status: asText(record.status),
          amount: parseAmount(asRecord(record.amount_with_breakdown)?.gross_amount),
          time: parseTime(record.time),
        },
      ];
    });
  }

  /** POST …/suspend: no bills until activated again (PayPal answers 204). */
  async suspendSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.call("POST", `${subscriptionPath(subscriptionId)}/suspend`, { reason: reason.slice(0, 128) });
  }

  /** POST …/activate: a suspended subscription bills again. */
  async activateSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.call("POST", `${subscriptionPath(subscriptionId)}/activate`, { reason: reason.slice(0, 128) });
  }

  /** POST …/cancel: for good; PayPal bills nothing more. */
  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.call("POST", `${subscriptionPath(subscriptionId)}/cancel`, { reason: reason.slice(0, 128) });
  }

  /** POST …/revise {plan_id}: another plan of the same product from the next cycle. */
  async reviseSubscription(subscriptionId: string, planId: string): Promise<PaypalRevision> {
    const answer = asRecord(await this.call("POST", `${subscriptionPath(subscriptionId)}/revise`, { plan_id: planId }));
    return { planId: asText(answer?.plan_id), approveUrl: linkHref(answer?.links, "approve") };
  }

  /**
   * Asks for a new token with these credentials, never a cached one: proves the client id and
   * secret in this environment. With `webhookId`, then reads that webhook with the token
   * (GET /v1/notifications/webhooks/{id}). Used to try keys before they are saved (decision 0145).
   */
  async checkCredentials(webhookId?: string): Promise<PaypalCredentialsCheck> {
    const token = await this.requestToken();
    return {
      appId: token.appId,
      webhook: webhookId ? await this.findWebhook(token.accessToken, webhookId) : undefined,
    };
  }

  private async findWebhook(accessToken: string, webhookId: string): Promise<PaypalCredentialsCheck["webhook"]> {
    try {
      const res = await requestJson(`${this.baseUrl}/v1/notifications/webhooks/${encodeURIComponent(webhookId)}`, {
        method: "GET",
        headers: { authorization: `Bearer ${accessToken}`, "user-agent": USER_AGENT },
        timeoutMs: this.opts.timeoutMs,
      });
      return { status: "found", url: asText(asRecord(res.body)?.url) };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.kind === "status" && err.status === 404) return { status: "not_found" };
      // A token without the webhooks scope: the keys work, the id could not be looked up.
      if (err.kind === "status" && (err.status === 401 || err.status === 403)) return { status: "not_checked" };
      throw paypalErrorOf(err);
    }
  }

  /** One API call with a bearer token; a 401 gets one retry with a fresh token. */
  private async call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get(this.tokenKey, () => this.requestToken());
      const headers = {
        authorization: `Bearer ${token}`,
        "user-agent": USER_AGENT,
        prefer: "return=representation",
        ...extraHeaders,
      };
      try {
        return (
          await requestJson(`${this.baseUrl}${path}`, { method, headers, json: body, timeoutMs: this.opts.timeoutMs })
        ).body;
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        if (err.kind === "status" && err.status === 401 && attempt === 0) {
          this.tokens.invalidate(this.tokenKey, token);
          continue;
        }
        throw paypalErrorOf(err);
      }
    }
  }

  /** POST /v1/oauth2/token: Basic auth, form body, grant_type=client_credentials. */
  private async requestToken(): Promise<{ accessToken: string; expiresInSeconds: number; appId?: string }> {
    const basic = Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString("base64");
    let json: Record<string, unknown> | undefined;
    try {
      const res = await requestJson(`${this.baseUrl}/v1/oauth2/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${basic}`,
          "content-type": "application/x-www-form-urlencoded",
          "user-agent": USER_AGENT,
        },
        body: "grant_type=client_credentials",
        timeoutMs: this.opts.timeoutMs,
      });
      json = asRecord(res.body);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.kind === "status" && (err.status === 401 || err.status === 403)) {
        const error = asText(asRecord(err.body)?.error);
        const description = asText(asRecord(err.body)?.error_description)?.slice(0, 300);
        const said = `${error ?? `HTTP ${err.status}`}${description ? `: ${description}` : ""}`;
        throw new PaypalError(
          "unauthorized",
          `PayPal rejected the client id or secret (${said}): check them and the environment (sandbox or production)`,
          error,
          err.status,
          undefined,
          said,
        );
      }
      throw paypalErrorOf(err);
    }
    const accessToken = asText(json?.access_token);
    if (!accessToken) throw new PaypalError("failed", "PayPal's token answer had no access_token");
    return { accessToken, expiresInSeconds: asNumber(json?.expires_in) ?? 300, appId: asText(json?.app_id) };
  }
}

/** The helper's failure in PayPal's terms. */
function paypalErrorOf(err: HttpError): PaypalError {
  switch (err.kind) {
    case "timeout":
      return new PaypalError("unavailable", "PayPal did not answer in time");
    case "unreachable":
      return new PaypalError("unavailable", "PayPal could not be reached");
    case "unparsable":
      return new PaypalError("failed", "PayPal returned an unreadable answer", undefined, err.status);
    case "status":
      return errorForResponse(err.status ?? 0, err.body);
  }
}

function parseAmount(value: unknown): PaypalAmount | undefined {
  const amount = asRecord(value);
  const currency = asText(amount?.currency_code);
  const decimal = asText(amount?.value);
  return currency && decimal ? { currency, value: decimal } : undefined;
}

function parseCapture(value: unknown): PaypalCapture | undefined {
  const capture = asRecord(value);
  const id = asText(capture?.id);
  if (!capture || !id) return undefined;
  return {
    id,
    status: asText(capture.status) ?? "UNKNOWN",
    amount: parseAmount(capture.amount),
    customId: asText(capture.custom_id),
  };
}

/** The id at the end of a link's path, for the link of relation `rel` (a refund's `up` is its capture). */
function linkedId(links: unknown, rel: string): string | undefined {
  if (!Array.isArray(links)) return undefined;
  for (const link of links) {
    const record = asRecord(link);
    if (asText(record?.rel) !== rel) continue;
    const href = asText(record?.href);
    const match = href ? /\/v2\/payments\/captures\/([^/?#]+)/.exec(href) : null;
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

const subscriptionPath = (id: string) => `/v1/billing/subscriptions/${encodeURIComponent(id)}`;

/** A time PayPal wrote (ISO 8601), or undefined. */
function parseTime(value: unknown): Date | undefined {
  const text = asText(value);
  const time = text ? new Date(text) : undefined;
  return time && Number.isFinite(time.getTime()) ? time : undefined;
}

/** The href of the link of relation `rel`. */
function linkHref(links: unknown, rel: string): string | undefined {
  if (!Array.isArray(links)) return undefined;
  for (const link of links) {
    const record = asRecord(link);
    if (asText(record?.rel) === rel) return asText(record?.href);
  }
  return undefined;
}

/** A subscription: the create and GET answers, and the resource of BILLING.SUBSCRIPTION.* events. */
export function parseSubscription(value: unknown): PaypalSubscription | undefined {
  const sub = asRecord(value);
  const id = asText(sub?.id);
  if (!sub || !id) return undefined;
  const billing = asRecord(sub.billing_info);
  const last = asRecord(billing?.last_payment);
  return {
    id,
    status: asText(sub.status),
    planId: asText(sub.plan_id),
    customId: asText(sub.custom_id),
    createTime: parseTime(sub.create_time),
    statusUpdateTime: parseTime(sub.status_update_time),
    statusChangeNote: asText(sub.status_change_note),
    nextBillingTime: parseTime(billing?.next_billing_time),
    lastPaymentTime: parseTime(last?.time),
    lastPaymentAmount: parseAmount(last?.amount),
    failedPaymentsCount: asNumber(billing?.failed_payments_count) ?? 0,
    approveUrl: linkHref(sub.links, "approve"),
  };
}

/** v1's money: `{total, currency}`; a reversal may write its total negative. */
function parseV1Amount(value: unknown): PaypalAmount | undefined {
  const amount = asRecord(value);
  const total = asText(amount?.total)?.trim().replace(/^-/, "");
  const currency = asText(amount?.currency);
  return total && currency ? { currency, value: total } : undefined;
}

/** The resource of PAYMENT.SALE.COMPLETED (v1's sale shape). */
export function parseSale(value: unknown): PaypalSale | undefined {
  const sale = asRecord(value);
  const id = asText(sale?.id);
  if (!sale || !id) return undefined;
  return {
    id,
    state: asText(sale.state),
    billingAgreementId: asText(sale.billing_agreement_id),
    amount: parseV1Amount(sale.amount),
    createTime: parseTime(sale.create_time),
  };
}

/**
 * The resource of PAYMENT.SALE.REFUNDED or PAYMENT.SALE.REVERSED as a refund of its sale: a v1
 * refund names the sale (`sale_id`, else its `sale` or `up` link); a resource that is the sale
 * itself (it carries the subscription's `billing_agreement_id`) is a reversal of all of it.
 */
export function parseSaleRefund(value: unknown): PaypalRefund | undefined {
  const refund = asRecord(value);
  const id = asText(refund?.id);
  if (!refund || !id) return undefined;
  const linked = (rel: string) => {
    const href = linkHref(refund.links, rel);
    const match = href ? /\/v1\/payments\/sale\/([^/?#]+)/.exec(href) : null;
    return match?.[1] ? decodeURIComponent(match[1]) : undefined;
  };
  const isSale = !refund.sale_id && asText(refund.billing_agreement_id) !== undefined;
  const saleId = asText(refund.sale_id) ?? linked("sale") ?? linked("up") ?? (isSale ? id : undefined);
  const state = asText(refund.state);
  return {
    id: isSale ? `${id}-reversed` : id,
    // A sale written back as reversed is a reversal that happened.
    status: !state || state === "completed" || (isSale && state === "reversed") ? "COMPLETED" : state.toUpperCase(),
    amount: parseV1Amount(refund.amount),
    customId: undefined,
    captureId: saleId,
    note: asText(refund.reason_code) ?? asText(refund.description),
  };
}

/** A refund: the refund call's answer, one of an order's refunds, or a PAYMENT.CAPTURE.* resource. */
export function parseRefund(value: unknown): PaypalRefund | undefined {
  const refund = asRecord(value);
  const id = asText(refund?.id);
  if (!refund || !id) return undefined;
  return {
    id,
    status: asText(refund.status) ?? "UNKNOWN",
    amount: parseAmount(refund.amount),
    customId: asText(refund.custom_id),
    captureId: linkedId(refund.links, "up"),
    note: asText(refund.note_to_payer) ?? asText(asRecord(refund.status_details)?.reason),
  };
}

/** A dispute, from GET /v1/customer/disputes/{id} or a CUSTOMER.DISPUTE.* resource. */
export function parseDispute(value: unknown): PaypalDispute | undefined {
  const dispute = asRecord(value);
  const id = asText(dispute?.dispute_id);
  if (!dispute || !id) return undefined;
  const disputed = Array.isArray(dispute.disputed_transactions) ? dispute.disputed_transactions : [];
  return {
    id,
    transactions: disputed.map((t) => {
      const record = asRecord(t);
      return { captureId: asText(record?.seller_transaction_id), customId: asText(record?.custom) };
    }),
    amount: parseAmount(dispute.dispute_amount),
    reason: asText(dispute.reason),
    status: asText(dispute.status),
    outcome: asText(asRecord(dispute.dispute_outcome)?.outcome_code) ?? asText(dispute.outcome),
  };
}

/** Reads an order (create, capture or GET answer); undefined without an id. */
export function parseOrder(value: unknown): PaypalOrder | undefined {
  const order = asRecord(value);
  const id = asText(order?.id);
  if (!order || !id) return undefined;
  const units: unknown[] = Array.isArray(order.purchase_units) ? order.purchase_units : [];
  const unit = asRecord(units[0]);
  const captures = asRecord(unit?.payments)?.captures;
  const refunds = units.flatMap((u): unknown[] => {
    const list = asRecord(asRecord(u)?.payments)?.refunds;
    return Array.isArray(list) ? (list as unknown[]) : [];
  });
  return {
    id,
    status: asText(order.status),
    customId: asText(unit?.custom_id),
    amount: parseAmount(unit?.amount),
    captures: Array.isArray(captures)
      ? captures.map(parseCapture).filter((c): c is PaypalCapture => c !== undefined)
      : [],
    refunds: refunds.map(parseRefund).filter((r): r is PaypalRefund => r !== undefined),
    payerId: asText(asRecord(order.payer)?.payer_id),
  };
}
