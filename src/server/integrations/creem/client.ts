/**
 * The Creem client (Creem's checkouts API): create a checkout session and read one back,
 * screen a prompt with its moderation API (decision 0089), try a key (decision 0145), and read
 * and manage a plan's subscription and its customer's billing portal (decision 0153). Every
 * call goes through requestJson (timeout, User-Agent); every failure becomes a CreemError with a
 * message fit to show.
 */
import { withoutTrailingSlashes } from "../../../shared/trim.js";
import { HttpError, requestJson, USER_AGENT } from "../http/json-request.js";
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { CreemError, errorForStatus } from "./errors.js";
import { parseModerationResult, type CreemModerationResult } from "./moderation.js";
import {
  parseCreemSubscription,
  parseCreemTransaction,
  type CreemSubscription,
  type CreemTransaction,
} from "./subscription-events.js";

export interface CreemClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export interface CreateCheckoutRequest {
  productId: string;
  /** Our order id: Creem echoes it in the redirect and the webhook. */
  requestId: string;
  successUrl: string;
  metadata: Record<string, string>;
  /** Pre-fills the buyer's address on Creem's page (a plan's checkout). */
  customerEmail?: string;
  /** A discount code made for this one checkout (decision 0158): Creem takes it off what it charges. */
  discountCode?: string;
}

/**
 * POST /v1/discounts (decision 0158): a fixed amount off, in cents of `currency` (Creem's API
 * reference and CLI: "Fixed amount in cents"), for the listed products only. `duration` is how
 * long it applies to a subscription: `once` is its first payment.
 */
export interface CreateDiscountRequest {
  name: string;
  code: string;
  amountCents: number;
  currency: string;
  productIds: string[];
  duration: "once" | "forever" | "repeating";
  maxRedemptions: number;
  expiresAt: Date;
}

/** The fields of Creem's DiscountEntity the product reads back. */
export interface CreemDiscount {
  id: string;
  code: string | undefined;
  status: string | undefined;
  amount: number | undefined;
}

/** How Creem bills a plan change (its upgrade endpoint's `update_behavior`). */
export type CreemUpdateBehavior = "proration-charge-immediately" | "proration-charge" | "proration-none";

/** The paid order inside a completed checkout; `amount` is in cents. */
interface CreemOrder {
  id: string;
  amount: number | undefined;
  currency: string | undefined;
  status: string | undefined;
  /** Creem's transaction of the payment (tran_...), which refund and dispute events name, when given. */
  transactionId: string | undefined;
  /** What a discount took off, in cents, when Creem says (decision 0158). */
  discountAmount: number | undefined;
}

/** The fields of Creem's CheckoutEntity the product acts on. */
export interface CreemCheckout {
  id: string;
  /** pending | processing | completed | expired */
  status: string | undefined;
  checkoutUrl: string | undefined;
  requestId: string | undefined;
  productId: string | undefined;
  metadata: Record<string, unknown>;
  order: CreemOrder | undefined;
  /** Who paid (Creem's customer id, cust_...): a referral's self-purchase check (decision 0157). */
  customerId: string | undefined;
}

export class CreemClient {
  constructor(private readonly opts: CreemClientOptions) {}

  async createCheckout(req: CreateCheckoutRequest): Promise<CreemCheckout & { checkoutUrl: string }> {
    const body = {
      product_id: req.productId,
      request_id: req.requestId,
      success_url: req.successUrl,
      metadata: req.metadata,
      ...(req.customerEmail ? { customer: { email: req.customerEmail } } : {}),
      ...(req.discountCode ? { discount_code: req.discountCode } : {}),
    };
    const checkout = parseCheckout(await this.call("POST", "/v1/checkouts", body));
    const url = checkout?.checkoutUrl;
    if (!checkout || !url || !/^https?:\/\//.test(url)) {
      throw new CreemError("failed", "Creem created no usable checkout (no checkout id or URL in its answer)");
    }
    return { ...checkout, checkoutUrl: url };
  }

  async getCheckout(checkoutId: string): Promise<CreemCheckout> {
    const checkout = parseCheckout(
      await this.call("GET", `/v1/checkouts?checkout_id=${encodeURIComponent(checkoutId)}`),
    );
    if (!checkout) throw new CreemError("failed", "Creem returned an unreadable checkout");
    return checkout;
  }

  /**
   * POST /v1/discounts: a discount code for the given products (decision 0158). An answer without
   * the discount's id is a CreemError ("failed").
   */
  async createDiscount(req: CreateDiscountRequest): Promise<CreemDiscount> {
    const body = asRecord(
      await this.call("POST", "/v1/discounts", {
        name: req.name,
        code: req.code,
        type: "fixed",
        amount: req.amountCents,
        currency: req.currency,
        duration: req.duration,
        max_redemptions: req.maxRedemptions,
        expiry_date: req.expiresAt.toISOString(),
        applies_to_products: req.productIds,
      }),
    );
    const id = asText(body?.id);
    if (!body || !id) throw new CreemError("failed", "Creem created no usable discount (no id in its answer)");
    return { id, code: asText(body.code), status: asText(body.status), amount: asNumber(body.amount) };
  }

  /** DELETE /v1/discounts/{id}/delete: a discount no checkout will use (its checkout was never made). */
  async deleteDiscount(discountId: string): Promise<void> {
    await this.call("DELETE", `/v1/discounts/${encodeURIComponent(discountId)}/delete`);
  }

  /** GET /v1/transactions?transaction_id=: the Creem order a transaction belongs to (a refund or dispute maps back through it). */
  async getTransactionOrderId(transactionId: string): Promise<string | undefined> {
    const transaction = asRecord(
      await this.call("GET", `/v1/transactions?transaction_id=${encodeURIComponent(transactionId)}`),
    );
    return idOf(transaction?.order);
  }

  /** GET /v1/transactions?transaction_id=: one transaction, amounts in minor units. */
  async getTransaction(transactionId: string): Promise<CreemTransaction> {
    const transaction = parseCreemTransaction(
      await this.call("GET", `/v1/transactions?transaction_id=${encodeURIComponent(transactionId)}`),
    );
    if (!transaction) throw new CreemError("failed", "Creem returned an unreadable transaction");
    return transaction;
  }

  /** GET /v1/subscriptions?subscription_id=: Creem's own record of a plan's subscription. */
  async getSubscription(subscriptionId: string): Promise<CreemSubscription> {
    const subscription = parseCreemSubscription(
      await this.call("GET", `/v1/subscriptions?subscription_id=${encodeURIComponent(subscriptionId)}`),
    );
    if (!subscription) throw new CreemError("failed", "Creem returned an unreadable subscription");
    return subscription;
  }

  /** POST /v1/subscriptions/{id}/cancel: `scheduled` at the period's end, or `immediate`. */
  async cancelSubscription(subscriptionId: string, mode: "scheduled" | "immediate"): Promise<void> {
    await this.call("POST", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, { mode });
  }

  /** POST /v1/subscriptions/{id}/resume: undoes a scheduled cancellation (or a pause). */
  async resumeSubscription(subscriptionId: string): Promise<void> {
    await this.call("POST", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}/resume`, {});
  }

  /** POST /v1/subscriptions/{id}/upgrade: moves the subscription to another product (either way). */
  async upgradeSubscription(
    subscriptionId: string,
    productId: string,
    updateBehavior: CreemUpdateBehavior,
  ): Promise<void> {
    await this.call("POST", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}/upgrade`, {
      product_id: productId,
      update_behavior: updateBehavior,
    });
  }

  /**
   * POST /v1/customers/billing: a link to Creem's customer portal (cards, invoices, cancel) for
   * one customer. The SDK's generateBillingLinks; the REST path is the PHP SDK's (decision 0153).
   */
  async billingPortal(customerId: string): Promise<string> {
    const body = asRecord(await this.call("POST", "/v1/customers/billing", { customer_id: customerId }));
    const link = asText(body?.customer_portal_link);
    if (!link || !/^https?:\/\//.test(link))
      throw new CreemError("failed", "Creem gave no usable customer portal link");
    return link;
  }

  /**
   * POST /v1/moderation/prompt: Creem's verdict on a prompt before it reaches a video model. An
   * answer without a decision this client can read is a CreemError ("failed"), like no answer.
   */
  async screenPrompt(prompt: string, externalId?: string): Promise<CreemModerationResult> {
    const body = await this.call("POST", "/v1/moderation/prompt", {
      prompt,
      ...(externalId ? { external_id: externalId } : {}),
    });
    const result = parseModerationResult(body);
    if (!result) throw new CreemError("failed", "Creem's moderation answer had no decision this server can read");
    return result;
  }

  /**
   * GET /v1/products/search (one product): a read that needs a working key and changes nothing,
   * used to try a key before it is saved (decision 0145). Resolves when Creem let the key in.
   */
  async checkApiKey(): Promise<void> {
    try {
      await this.call("GET", "/v1/products/search?page_number=1&page_size=1");
    } catch (err) {
      // Validation runs after the key was let in: a refused query still proves the key (decision 0145).
      if (err instanceof CreemError && err.kind === "rejected") return;
      throw err;
    }
  }

  private async call(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<unknown> {
    let json: unknown;
    try {
      ({ body: json } = await requestJson(`${withoutTrailingSlashes(this.opts.baseUrl)}${path}`, {
        method,
        headers: { "x-api-key": this.opts.apiKey, "user-agent": USER_AGENT },
        json: body,
        timeoutMs: this.opts.timeoutMs,
      }));
    } catch (err) {
      if (err instanceof HttpError) throw creemErrorOf(err);
      throw err;
    }
    if (json === undefined) throw new CreemError("failed", UNREADABLE);
    return json;
  }
}

const UNREADABLE = "Creem returned an unreadable answer";

/** The helper's failure in Creem's terms. */
function creemErrorOf(err: HttpError): CreemError {
  switch (err.kind) {
    case "timeout":
      return new CreemError("unavailable", "Creem did not answer in time");
    case "unreachable":
      return new CreemError("unavailable", "Creem could not be reached");
    case "unparsable":
      return new CreemError("failed", UNREADABLE);
    case "status":
      return errorForStatus(err.status ?? 0, err.body);
  }
}

/** An id Creem sends either as a string or as the expanded object's `id`. */
export function idOf(value: unknown): string | undefined {
  return asText(value) ?? asText(asRecord(value)?.id);
}

/** Reads a CheckoutEntity, from the API or from a webhook's `object`; undefined without an id. */
export function parseCheckout(value: unknown): CreemCheckout | undefined {
  const c = asRecord(value);
  const id = asText(c?.id);
  if (!c || !id) return undefined;
  const product = c.product;
  const order = asRecord(c.order);
  const orderId = asText(order?.id);
  return {
    id,
    status: asText(c.status),
    checkoutUrl: asText(c.checkout_url),
    requestId: asText(c.request_id),
    // `product` is an id, or the product object once expanded.
    productId: asText(product) ?? asText(asRecord(product)?.id),
    metadata: asRecord(c.metadata) ?? {},
    customerId: idOf(c.customer),
    order:
      order && orderId
        ? {
            id: orderId,
            amount: asNumber(order.amount),
            currency: asText(order.currency),
            status: asText(order.status),
            transactionId: idOf(order.transaction),
            discountAmount: asNumber(order.discount_amount),
          }
        : undefined,
  };
}
