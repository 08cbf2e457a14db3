/**
 * A fake Creem API (checkouts, products, webhooks) on node:http, with no dependencies, for Vitest and
 * for Playwright (run standalone: `node tests/fakes/creem-fake.mjs`).
 *
 * API:      POST /v1/checkouts, GET /v1/checkouts?checkout_id=, POST /v1/products,
 *           GET /v1/products?product_id=, GET /v1/products/search?page_number=&page_size=,
 *           POST /v1/moderation/prompt (all need `x-api-key`: another key is a 403 "Invalid API
 *           key"; errors in Creem's shape). Every products search is counted (`productSearches`,
 *           whatever its key): the admin's key check (decision 0145). Moderation answers `allow` unless the prompt carries a
 *           marker: `[mod:flag]`, `[mod:deny]` (deny wins), `[mod:error]` (a 500), `[mod:timeout]`
 *           (no answer until the caller gives up); every prompt it was asked about is kept.
 * Browser:  GET /checkout/<id> shows a 'Pay now' button; POST /checkout/<id>/pay marks it paid,
 *           delivers a signed `checkout.completed` webhook (awaited), then 303-redirects to the
 *           success_url with checkout_id, order_id, customer_id, product_id, request_id and the
 *           `k=v|...|salt=<API_KEY>` SHA-256 signature (the variant of Creem's PR #72).
 *           GET /portal/<customer id>: the customer portal's stand-in.
 * Plans:    a product with a `billing_period` is recurring. Paying its checkout makes a
 *           subscription and sends checkout.completed, subscription.active and subscription.paid.
 *           GET /v1/subscriptions?subscription_id=, POST /v1/subscriptions/<id>/cancel
 *           {mode: scheduled|immediate}, /resume, /upgrade {product_id, update_behavior} (a
 *           proration-charge-immediately upgrade charges the rest of the period at once: update,
 *           then paid for the new product with the same period start) and POST /v1/customers/billing
 *           {customer_id} -> {customer_portal_link} change it and send their events (held in
 *           `heldEvents` while `holdEvents` is set). Tests move time on with renewSubscription,
 *           failRenewal and endUnpaid, and build any event with subscriptionEvent.
 * Discounts: POST /v1/discounts (fixed cents in a currency, or a percentage; duration once,
 *           forever or repeating; max_redemptions, expiry_date, applies_to_products), GET
 *           /v1/discounts?discount_id=|discount_code=, DELETE /v1/discounts/<id>/delete. A
 *           checkout's `discount_code` must name a usable discount for its product (else 400, as
 *           Creem refuses it); paying applies it (checked again: a code used up meanwhile is
 *           refused, 409 on the pay page) and counts a redemption. The paid order carries
 *           sub_total, discount_amount, amount_due and amount_paid; `amount` is what was charged,
 *           or, with `amountBeforeDiscount` set, the price before the discount (the other reading
 *           of Creem's OrderEntity, decision 0158). A plan's renewals are discounted only while the
 *           discount's duration lasts (`once`: the first payment alone).
 * GET /healthz -> 200.
 *
 * Standalone environment: CREEM_FAKE_PORT (default 4010), CREEM_FAKE_HOST (127.0.0.1),
 * CREEM_FAKE_API_KEY, CREEM_FAKE_WEBHOOK_SECRET, CREEM_FAKE_WEBHOOK_URL,
 * CREEM_FAKE_PUBLIC_URL (how browsers reach it), CREEM_FAKE_PRODUCTS (JSON
 * `{"prod_x": {"price": 2500, "currency": "USD"}}`), CREEM_FAKE_DEFAULT_PRICE (cents, 1000).
 */
import crypto from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";

/**
 * @typedef {{ price: number, currency: string, name?: string, billing_period?: string }} FakeProduct
 * @typedef {{
 *   id: string, object: "order", mode: "test", customer: string, product: string, amount: number,
 *   currency: string, status: "paid", type: "onetime" | "recurring", created_at: string, updated_at: string,
 *   transaction: string
 * }} FakeOrder
 * @typedef {{
 *   id: string, object: "checkout", mode: "test", status: "pending" | "processing" | "completed" | "expired",
 *   product: string, units: number, request_id?: string, checkout_url: string, success_url?: string,
 *   metadata?: Record<string, unknown>, order?: FakeOrder, customer?: Record<string, unknown>,
 *   subscription?: string, customer_email?: string
 * }} FakeCheckout
 * @typedef {{ body: string, signature: string, status: number | undefined, eventType: string | undefined }} WebhookDelivery
 * @typedef {{
 *   apiKey: string, webhookSecret: string, webhookUrl?: string, publicBaseUrl?: string,
 *   port?: number, host?: string, products?: Record<string, FakeProduct>, defaultProduct?: FakeProduct
 * }} CreemFakeOptions
 */

const randomId = (/** @type {string} */ prefix) => `${prefix}_${crypto.randomBytes(10).toString("hex")}`;

/** hex HMAC-SHA256 of the exact body bytes, keyed with the webhook secret. */
export function signWebhook(/** @type {string} */ body, /** @type {string} */ secret) {
  return crypto.createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * The redirect signature: parameters in URL order, empty ones dropped, `k=v|k=v|salt=<API_KEY>`,
 * SHA-256, hex.
 * @param {[string, string | undefined | null][]} params
 * @param {string} apiKey
 */
export function signRedirect(params, apiKey) {
  const parts = params
    .filter(([k, v]) => k !== "signature" && v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}=${v}`);
  return crypto
    .createHash("sha256")
    .update([...parts, `salt=${apiKey}`].join("|"))
    .digest("hex");
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** Creem's error body (error-codes.mdx). */
function sendError(
  /** @type {http.ServerResponse} */ res,
  /** @type {number} */ status,
  /** @type {string[]} */ messages,
) {
  const error = { 400: "Bad Request", 403: "Forbidden", 404: "Not Found" }[status] ?? "Error";
  sendJson(res, status, { trace_id: crypto.randomUUID(), status, error, message: messages, timestamp: Date.now() });
}

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** @param {CreemFakeOptions} options */
export async function startCreemFake(options) {
  const products = new Map(Object.entries(options.products ?? {}));
  const defaultProduct = options.defaultProduct ?? { price: 1000, currency: "USD" };
  /** @type {Map<string, FakeCheckout>} */
  const checkouts = new Map();
  /** @type {WebhookDelivery[]} */
  const webhookDeliveries = [];
  /** Creem's transactions (tran_...), one per paid checkout, as GET /v1/transactions answers them. @type {Map<string, any>} */
  const transactions = new Map();
  /** Every prompt POST /v1/moderation/prompt was asked about, with its decision. @type {{ prompt: string, external_id?: string, decision: string }[]} */
  const moderationRequests = [];
  /** Plans' subscriptions (sub_...), as Creem keeps them (product and customer by id). @type {Map<string, any>} */
  const subscriptions = new Map();
  /** Customers (cust_...) made by paid checkouts. @type {Map<string, any>} */
  const customers = new Map();
  /** Every call to the subscription and customer portal API, in order. @type {{ method: string, path: string, body: any }[]} */
  const subscriptionRequests = [];
  /** Discounts (disc_...), as Creem keeps them. @type {Map<string, any>} */
  const discounts = new Map();

  const productOf = (/** @type {string} */ id) => products.get(id) ?? defaultProduct;
  const isRecurring = (/** @type {string} */ id) => Boolean(productOf(id).billing_period);

  /** A discount by its code (codes compared without case, as buyers type them). @param {string} code */
  const discountByCode = (code) =>
    [...discounts.values()].find((d) => d.status !== "deleted" && d.code.toUpperCase() === code.toUpperCase());

  /** Why a discount cannot be used for a product now, or undefined when it can. @param {any} discount @param {string} productId */
  function discountRefusal(discount, productId) {
    if (!discount || discount.status === "deleted") return "Discount code not found";
    if (discount.expiry_date && Date.parse(discount.expiry_date) <= Date.now()) return "Discount code has expired";
    if (discount.max_redemptions !== undefined && discount.redeem_count >= discount.max_redemptions)
      return "Discount code has reached its maximum redemptions";
    if (!discount.applies_to_products.includes(productId)) return "Discount code does not apply to this product";
    return undefined;
  }

  /** What a discount takes off a price, in cents. @param {any} discount @param {number} price */
  function discountOff(discount, price) {
    if (!discount) return 0;
    const off = discount.type === "fixed" ? discount.amount : Math.round((price * discount.percentage) / 100);
    return Math.max(0, Math.min(price, off));
  }

  /**
   * A payment's amounts in Creem's shape: `amount` is the charge, or the price before the discount
   * while `amountBeforeDiscount` is set.
   * @param {number} price @param {number} off
   */
  function charged(price, off) {
    const due = price - off;
    return {
      amount: fake.amountBeforeDiscount ? price : due,
      sub_total: price,
      discount_amount: off,
      tax_amount: 0,
      amount_due: due,
      amount_paid: due,
    };
  }

  /** A product as Creem expands it in events and answers. @param {string} id */
  function productJson(id) {
    const product = productOf(id);
    return {
      id,
      object: "product",
      mode: "test",
      name: product.name ?? "Credits",
      price: product.price,
      currency: product.currency,
      billing_type: product.billing_period ? "recurring" : "onetime",
      ...(product.billing_period ? { billing_period: product.billing_period } : {}),
      status: "active",
    };
  }

  /** The `checkout.completed` event of a completed checkout, with the product and customer expanded. */
  function checkoutCompletedEvent(/** @type {string} */ id) {
    const checkout = checkouts.get(id);
    if (!checkout?.order) throw new Error(`checkout ${id} is not completed`);
    const subscription = checkout.subscription ? subscriptions.get(checkout.subscription) : undefined;
    return {
      id: randomId("evt"),
      eventType: "checkout.completed",
      created_at: Date.now(),
      object: {
        ...checkout,
        product: productJson(checkout.product),
        // Like Creem's example: the subscription with its product and customer as ids.
        ...(subscription ? { subscription: { ...subscription } } : {}),
      },
    };
  }

  /**
   * POSTs a webhook to the app, signed like Creem unless told otherwise.
   * @param {unknown} event an object (serialised here) or the exact body text
   * @param {{ secret?: string, signature?: string | null, url?: string }} [opts] `signature: null` sends none
   * @returns {Promise<number | undefined>} the app's HTTP status (undefined when unreachable)
   */
  async function deliverWebhook(event, opts = {}) {
    const url = opts.url ?? fake.webhookUrl;
    if (!url) throw new Error("the Creem fake has no webhookUrl");
    const body = typeof event === "string" ? event : JSON.stringify(event);
    const signature =
      opts.signature === undefined ? signWebhook(body, opts.secret ?? options.webhookSecret) : opts.signature;
    /** @type {WebhookDelivery} */
    const delivery = { body, signature: signature ?? "", status: undefined, eventType: undefined };
    try {
      delivery.eventType = JSON.parse(body).eventType;
    } catch {
      // a deliberately broken body
    }
    webhookDeliveries.push(delivery);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature === null ? {} : { "creem-signature": signature }),
        },
        body,
      });
      await res.arrayBuffer();
      delivery.status = res.status;
    } catch {
      delivery.status = undefined;
    }
    return delivery.status;
  }

  /**
   * Marks a checkout paid (as the buyer would) and, unless `deliver: false`, sends its webhook.
   * `amount`/`currency` override what the product costs (to fake a mismatch). A recurring
   * product's checkout also makes its subscription, whose first period starts at `periodStart`
   * (default now), and sends checkout.completed, subscription.active and subscription.paid.
   * @param {string} id
   * @param {{ amount?: number, currency?: string, deliver?: boolean, periodStart?: Date }} [opts]
   * @returns {Promise<number | undefined>} the webhook's HTTP status (the first that was not 200)
   */
  async function completeCheckout(id, opts = {}) {
    const checkout = checkouts.get(id);
    if (!checkout) throw new Error(`unknown checkout ${id}`);
    if (checkout.status !== "completed") {
      const product = productOf(checkout.product);
      const discount = checkout.discount_id ? discounts.get(checkout.discount_id) : undefined;
      if (discount) {
        const refusal = discountRefusal(discount, checkout.product);
        if (refusal) throw Object.assign(new Error(refusal), { discountRefused: true });
        discount.redeem_count += 1;
      }
      const off = opts.amount === undefined ? discountOff(discount, product.price) : 0;
      const amounts =
        opts.amount === undefined ? charged(product.price, off) : { amount: opts.amount, amount_paid: opts.amount };
      const now = new Date().toISOString();
      const customerId = randomId("cust");
      const email = checkout.customer_email ?? "buyer@example.com";
      checkout.status = "completed";
      checkout.customer = {
        id: customerId,
        object: "customer",
        email,
        name: "Test Buyer",
        country: "US",
      };
      customers.set(customerId, checkout.customer);
      const transactionId = randomId("tran");
      checkout.order = {
        id: randomId("ord"),
        transaction: transactionId,
        object: "order",
        mode: "test",
        customer: customerId,
        product: checkout.product,
        ...amounts,
        ...(discount ? { discount: discount.id } : {}),
        currency: opts.currency ?? product.currency,
        status: "paid",
        type: product.billing_period ? "recurring" : "onetime",
        created_at: now,
        updated_at: now,
      };
      if (product.billing_period) {
        startSubscription(checkout, transactionId, opts.periodStart ?? new Date(), discount);
        if (opts.deliver === false) return undefined;
        const subscriptionId = /** @type {string} */ (checkout.subscription);
        const sent = await send([
          checkoutCompletedEvent(id),
          subscriptionEvent(subscriptionId, "subscription.active"),
          subscriptionEvent(subscriptionId, "subscription.paid"),
        ]);
        return sent.statuses.find((status) => status !== 200) ?? 200;
      }
      transactions.set(transactionId, {
        id: transactionId,
        object: "transaction",
        mode: "test",
        amount: checkout.order.amount,
        amount_paid: checkout.order.amount_paid ?? checkout.order.amount,
        discount_amount: checkout.order.discount_amount ?? 0,
        currency: checkout.order.currency,
        type: "payment",
        status: "paid",
        refunded_amount: 0,
        order: checkout.order.id,
        customer: customerId,
        created_at: Date.now(),
      });
    }
    if (opts.deliver === false) return undefined;
    return deliverWebhook(checkoutCompletedEvent(id));
  }

  /** The paid checkout's transaction, or a transaction by its own id (tran_...). @param {string} id */
  function transactionOf(id) {
    const transactionId = id.startsWith("tran_") ? id : checkouts.get(id)?.order?.transaction;
    const transaction = transactionId && transactions.get(transactionId);
    if (!transaction) throw new Error(`checkout or transaction ${id} is not paid`);
    return transaction;
  }

  /** `start` plus a billing period (the day of the month clamped, as Creem bills). @param {Date} start @param {string} period */
  function addPeriod(start, period) {
    const months = { "every-month": 1, "every-three-months": 3, "every-six-months": 6, "every-year": 12 }[period] ?? 1;
    const d = new Date(start.getTime());
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
    return d;
  }

  /** @param {string} id */
  function subscriptionOf(id) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`unknown subscription ${id}`);
    return subscription;
  }

  /** A change to a subscription: Creem stamps its record. @param {any} subscription */
  function touch(subscription) {
    subscription.updated_at = new Date().toISOString();
  }

  /**
   * A paid transaction of a subscription for its current period (amount in cents). A
   * subscription's periods share the order of its checkout, as far as anyone can tell from outside.
   * @param {any} subscription @param {number} amount
   */
  function chargeSubscription(subscription, amount, off = 0) {
    const product = productOf(subscription.product);
    const id = randomId("tran");
    const now = Date.now();
    transactions.set(id, {
      id,
      object: "transaction",
      mode: "test",
      ...charged(amount, off),
      currency: product.currency,
      type: "invoice",
      status: "paid",
      refunded_amount: 0,
      order: subscription.order,
      customer: subscription.customer,
      subscription: subscription.id,
      description: "Subscription payment",
      period_start: Date.parse(subscription.current_period_start_date),
      period_end: Date.parse(subscription.current_period_end_date),
      created_at: now,
    });
    subscription.last_transaction_id = id;
    subscription.last_transaction_date = new Date(now).toISOString();
    return id;
  }

  /** The subscription a paid checkout of a recurring product makes. @param {FakeCheckout} checkout @param {string} transactionId @param {Date} start */
  function startSubscription(checkout, transactionId, start, discount) {
    const product = productOf(checkout.product);
    const now = new Date().toISOString();
    const id = randomId("sub");
    const end = addPeriod(start, /** @type {string} */ (product.billing_period));
    const order = /** @type {FakeOrder} */ (checkout.order);
    /** @type {any} */
    const subscription = {
      id,
      object: "subscription",
      mode: "test",
      product: checkout.product,
      customer: order.customer,
      collection_method: "charge_automatically",
      status: "active",
      current_period_start_date: start.toISOString(),
      current_period_end_date: end.toISOString(),
      next_transaction_date: end.toISOString(),
      canceled_at: null,
      metadata: { ...(checkout.metadata ?? {}) },
      created_at: now,
      updated_at: now,
      order: order.id,
      // The payments still to discount after this first one (once: none; forever: all).
      ...(discount
        ? {
            discount: {
              id: discount.id,
              left:
                discount.duration === "forever"
                  ? Infinity
                  : discount.duration === "repeating"
                    ? Math.max(0, (discount.duration_in_months ?? 1) - 1)
                    : 0,
            },
          }
        : {}),
    };
    subscriptions.set(id, subscription);
    checkout.subscription = id;
    transactions.set(transactionId, {
      id: transactionId,
      object: "transaction",
      mode: "test",
      amount: order.amount,
      amount_paid: order.amount_paid ?? order.amount,
      discount_amount: order.discount_amount ?? 0,
      currency: order.currency,
      type: "invoice",
      status: "paid",
      refunded_amount: 0,
      order: order.id,
      customer: order.customer,
      subscription: id,
      description: "Subscription payment",
      period_start: start.getTime(),
      period_end: end.getTime(),
      created_at: Date.now(),
    });
    subscription.last_transaction_id = transactionId;
    subscription.last_transaction_date = now;
    return subscription;
  }

  /** A subscription as Creem answers and sends it: product, customer and last transaction expanded. @param {string} id */
  function subscriptionJson(id) {
    const subscription = subscriptionOf(id);
    const { order: _order, discount: _discount, ...record } = subscription;
    const transaction = subscription.last_transaction_id
      ? transactions.get(subscription.last_transaction_id)
      : undefined;
    return {
      ...record,
      product: productJson(subscription.product),
      customer: {
        object: "customer",
        mode: "test",
        name: "Test Buyer",
        country: "US",
        ...customers.get(subscription.customer),
      },
      ...(transaction ? { last_transaction: { ...transaction } } : {}),
    };
  }

  /**
   * A `subscription.*` event of the subscription as it is now.
   * @param {string} id
   * @param {string} eventType
   * @param {{ at?: number, withoutLastTransaction?: boolean }} [opts] `at`: its created_at (epoch ms)
   */
  function subscriptionEvent(id, eventType, opts = {}) {
    const object = subscriptionJson(id);
    if (opts.withoutLastTransaction) delete (/** @type {any} */ (object).last_transaction);
    return { id: randomId("evt"), eventType, created_at: opts.at ?? Date.now(), object };
  }

  /**
   * Sends events in order, signed, or keeps them in `heldEvents` while `holdEvents` is set.
   * @param {any[]} events @param {boolean} [deliver]
   */
  async function send(events, deliver = true) {
    /** @type {(number | undefined)[]} */
    const statuses = [];
    if (!deliver) return { events, statuses };
    if (fake.holdEvents) {
      fake.heldEvents.push(...events);
      return { events, statuses };
    }
    for (const event of events) statuses.push(await deliverWebhook(event));
    return { events, statuses };
  }

  /** Sends the held events, in the order they were made (or as `order` rearranges them). @param {(events: any[]) => any[]} [order] */
  async function deliverHeld(order) {
    const events = fake.heldEvents.splice(0);
    /** @type {(number | undefined)[]} */
    const statuses = [];
    for (const event of order ? order(events) : events) statuses.push(await deliverWebhook(event));
    return { events, statuses };
  }

  /**
   * The period ends: Creem charges the next one (subscription.paid with the new period's dates,
   * after a failed renewal too), or, when the subscription was cancelled at the period's end, ends
   * it (subscription.canceled).
   * @param {string} id
   * @param {{ amount?: number, deliver?: boolean }} [opts] amount in cents (default: the product's price)
   */
  async function renewSubscription(id, opts = {}) {
    const subscription = subscriptionOf(id);
    if (subscription.status === "canceled" || subscription.status === "unpaid")
      throw new Error(`subscription ${id} has ended`);
    if (subscription.status === "scheduled_cancel") {
      subscription.status = "canceled";
      touch(subscription);
      return send([subscriptionEvent(id, "subscription.canceled")], opts.deliver !== false);
    }
    // A failed renewal keeps the period that ended until a retry pays the next one, from that end.
    const start = new Date(subscription.current_period_end_date);
    const end = addPeriod(start, /** @type {string} */ (productOf(subscription.product).billing_period));
    subscription.current_period_start_date = start.toISOString();
    subscription.current_period_end_date = end.toISOString();
    subscription.next_transaction_date = end.toISOString();
    subscription.status = "active";
    const price = productOf(subscription.product).price;
    const discount = subscription.discount?.left > 0 ? discounts.get(subscription.discount.id) : undefined;
    if (discount) subscription.discount.left -= 1;
    chargeSubscription(
      subscription,
      opts.amount ?? price,
      opts.amount === undefined ? discountOff(discount, price) : 0,
    );
    touch(subscription);
    return send([subscriptionEvent(id, "subscription.paid")], opts.deliver !== false);
  }

  /**
   * The renewal's charge fails: Creem retries, the subscription past due (`subscription.past_due`),
   * or, as `expired` reports it, still active while it retries (`subscription.expired`).
   * @param {string} id
   * @param {{ as?: "subscription.past_due" | "subscription.expired", deliver?: boolean }} [opts]
   */
  async function failRenewal(id, opts = {}) {
    const subscription = subscriptionOf(id);
    const eventType = opts.as ?? "subscription.past_due";
    subscription.status = eventType === "subscription.expired" ? "active" : "past_due";
    touch(subscription);
    const event = subscriptionEvent(id, eventType);
    // The retries need a past-due state to renew from, whatever the event said.
    subscription.status = "past_due";
    return send([event], opts.deliver !== false);
  }

  /** The retries gave up: the subscription is unpaid (`subscription.unpaid`). @param {string} id @param {{ deliver?: boolean }} [opts] */
  async function endUnpaid(id, opts = {}) {
    const subscription = subscriptionOf(id);
    subscription.status = "unpaid";
    touch(subscription);
    return send([subscriptionEvent(id, "subscription.unpaid")], opts.deliver !== false);
  }

  /**
   * POST /v1/subscriptions/<id>/<action> and GET /v1/subscriptions (their events are sent before
   * the answer, as the pay page does, unless held).
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {URL} url
   */
  async function handleSubscriptions(req, res, url) {
    const text = req.method === "POST" ? await readBody(req) : "";
    /** @type {any} */
    let body;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return sendError(res, 400, ["Body must be valid JSON"]);
    }
    subscriptionRequests.push({ method: req.method ?? "GET", path: url.pathname, body });
    if (req.method === "GET" && url.pathname === "/v1/subscriptions") {
      const id = url.searchParams.get("subscription_id") ?? "";
      return subscriptions.has(id)
        ? sendJson(res, 200, subscriptionJson(id))
        : sendError(res, 404, ["Subscription not found"]);
    }
    if (req.method === "POST" && url.pathname === "/v1/customers/billing") {
      const customerId = typeof body.customer_id === "string" ? body.customer_id : "";
      if (!customers.has(customerId)) return sendError(res, 404, ["Customer not found"]);
      return sendJson(res, 200, { customer_portal_link: `${fake.publicBaseUrl}/portal/${customerId}` });
    }
    const match = /^\/v1\/subscriptions\/([^/]+)\/(cancel|resume|upgrade)$/.exec(url.pathname);
    if (req.method !== "POST" || !match) return sendError(res, 404, ["Not found"]);
    const id = /** @type {string} */ (match[1]);
    const subscription = subscriptions.get(id);
    if (!subscription) return sendError(res, 404, ["Subscription not found"]);
    /** @type {any[]} */
    const events = [];
    const live = ["active", "trialing", "past_due", "scheduled_cancel", "paused"].includes(subscription.status);
    if (match[2] === "cancel") {
      if (!live) return sendError(res, 400, ["Subscription is already canceled"]);
      const mode = body.mode ?? "immediate";
      if (mode !== "immediate" && mode !== "scheduled")
        return sendError(res, 400, ["mode must be immediate or scheduled"]);
      subscription.canceled_at = new Date().toISOString();
      subscription.status = mode === "scheduled" ? "scheduled_cancel" : "canceled";
      touch(subscription);
      events.push(
        subscriptionEvent(id, mode === "scheduled" ? "subscription.scheduled_cancel" : "subscription.canceled"),
      );
    } else if (match[2] === "resume") {
      if (subscription.status !== "scheduled_cancel" && subscription.status !== "paused")
        return sendError(res, 400, ["Subscription is not scheduled for cancellation or paused"]);
      subscription.status = "active";
      subscription.canceled_at = null;
      touch(subscription);
      events.push(subscriptionEvent(id, "subscription.update"));
    } else {
      const productId = typeof body.product_id === "string" ? body.product_id : "";
      const behavior = body.update_behavior ?? "proration-charge-immediately";
      if (!products.has(productId) || !isRecurring(productId))
        return sendError(res, 400, ["product_id must be a recurring product"]);
      if (!["proration-charge-immediately", "proration-charge", "proration-none"].includes(behavior))
        return sendError(res, 400, ["update_behavior is not valid"]);
      if (productId === subscription.product) return sendError(res, 400, ["Subscription is already on this product"]);
      if (subscription.status !== "active" && subscription.status !== "trialing")
        return sendError(res, 400, ["Only an active subscription can change product"]);
      const before = productOf(subscription.product).price;
      const after = productOf(productId).price;
      const start = Date.parse(subscription.current_period_start_date);
      const end = Date.parse(subscription.current_period_end_date);
      const left = Math.min(1, Math.max(0, (end - Date.now()) / (end - start)));
      subscription.product = productId;
      touch(subscription);
      events.push(subscriptionEvent(id, "subscription.update"));
      const prorated = Math.round((after - before) * left);
      if (behavior === "proration-charge-immediately" && prorated > 0) {
        chargeSubscription(subscription, prorated);
        touch(subscription);
        events.push(subscriptionEvent(id, "subscription.paid"));
      }
    }
    if (fake.webhookUrl) await send(events);
    return sendJson(res, 200, subscriptionJson(id));
  }

  /**
   * A `refund.created` event for a paid checkout (or one transaction of it, `tran_...`: a plan's
   * period), shaped like the docs' example: the transaction (not our checkout) names the payment
   * unless `withCheckout` adds the checkout reference some payloads carry; a plan's names its
   * subscription too.
   * @param {string} checkoutId
   * @param {{ amount?: number, id?: string, reason?: string, withCheckout?: boolean }} [opts] amount in cents (default: all of it)
   */
  function refundEvent(checkoutId, opts = {}) {
    const transaction = transactionOf(checkoutId);
    const amount = opts.amount ?? transaction.amount_paid;
    transaction.refunded_amount += amount;
    transaction.status = transaction.refunded_amount >= transaction.amount_paid ? "refunded" : "partially_refunded";
    const checkout =
      checkouts.get(checkoutId) ?? [...checkouts.values()].find((c) => c.order?.id === transaction.order);
    const subscription = transaction.subscription ? subscriptions.get(transaction.subscription) : undefined;
    return {
      id: randomId("evt"),
      eventType: "refund.created",
      created_at: Date.now(),
      object: {
        id: opts.id ?? randomId("ref"),
        object: "refund",
        status: "succeeded",
        refund_amount: amount,
        refund_currency: transaction.currency,
        reason: opts.reason ?? "requested_by_customer",
        transaction: { ...transaction },
        customer: { id: transaction.customer, email: "buyer@example.com" },
        ...(subscription ? { subscription: { ...subscription, order: undefined } } : {}),
        ...(opts.withCheckout && checkout
          ? { checkout: { id: checkout.id, request_id: checkout.request_id, metadata: checkout.metadata ?? {} } }
          : {}),
        created_at: Date.now(),
      },
    };
  }

  /**
   * A `dispute.created` event (a chargeback) for a paid checkout.
   * @param {string} checkoutId
   * @param {{ amount?: number, id?: string }} [opts]
   */
  function disputeEvent(checkoutId, opts = {}) {
    const transaction = transactionOf(checkoutId);
    return {
      id: randomId("evt"),
      eventType: "dispute.created",
      created_at: Date.now(),
      object: {
        id: opts.id ?? randomId("disp"),
        object: "dispute",
        amount: opts.amount ?? transaction.amount_paid,
        currency: transaction.currency,
        transaction: {
          id: transaction.id,
          status: "chargeback",
          amount: transaction.amount,
          amount_paid: transaction.amount_paid,
        },
        customer: { id: transaction.customer, email: "buyer@example.com" },
        created_at: Date.now(),
      },
    };
  }

  /** @param {string} id */
  function expireCheckout(id) {
    const checkout = checkouts.get(id);
    if (checkout && checkout.status !== "completed") checkout.status = "expired";
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handleApi(req, res, /** @type {URL} */ url) {
    if (url.pathname === "/v1/products/search") fake.productSearches += 1;
    if (req.headers["x-api-key"] !== options.apiKey) return sendError(res, 403, ["Invalid API key"]);
    if (req.method === "GET" && url.pathname === "/v1/products/search") return searchProducts(res, url);
    if (req.method === "POST" && url.pathname === "/v1/checkouts") {
      let body;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return sendError(res, 400, ["Body must be valid JSON"]);
      }
      if (typeof body?.product_id !== "string" || body.product_id === "")
        return sendError(res, 400, ["product_id must be a string"]);
      if (body.customer?.id && body.customer?.email)
        return sendError(res, 400, ["customer.id and customer.email are mutually exclusive"]);
      /** @type {any} */
      let discount;
      if (body.discount_code !== undefined) {
        if (typeof body.discount_code !== "string") return sendError(res, 400, ["discount_code must be a string"]);
        discount = discountByCode(body.discount_code);
        const refusal = discountRefusal(discount, body.product_id);
        if (refusal) return sendError(res, 400, [refusal]);
      }
      const id = randomId("ch");
      /** @type {FakeCheckout} */
      const checkout = {
        id,
        object: "checkout",
        mode: "test",
        status: "pending",
        product: body.product_id,
        units: typeof body.units === "number" ? body.units : 1,
        ...(body.request_id ? { request_id: String(body.request_id) } : {}),
        checkout_url: `${fake.publicBaseUrl}/checkout/${id}`,
        ...(body.success_url ? { success_url: String(body.success_url) } : {}),
        ...(body.metadata ? { metadata: body.metadata } : {}),
        ...(typeof body.customer?.email === "string" ? { customer_email: body.customer.email } : {}),
        ...(discount ? { discount_code: discount.code, discount_id: discount.id } : {}),
      };
      checkouts.set(id, checkout);
      return sendJson(res, 200, checkout);
    }
    if (req.method === "GET" && url.pathname === "/v1/checkouts") {
      const checkout = checkouts.get(url.searchParams.get("checkout_id") ?? "");
      return checkout ? sendJson(res, 200, checkout) : sendError(res, 404, ["Checkout not found"]);
    }
    if (req.method === "GET" && url.pathname === "/v1/transactions") {
      const transaction = transactions.get(url.searchParams.get("transaction_id") ?? "");
      return transaction ? sendJson(res, 200, transaction) : sendError(res, 404, ["Transaction not found"]);
    }
    if (url.pathname.startsWith("/v1/discounts")) return handleDiscounts(req, res, url);
    if (req.method === "POST" && url.pathname === "/v1/moderation/prompt") return moderate(req, res);
    if (url.pathname.startsWith("/v1/subscriptions") || url.pathname === "/v1/customers/billing")
      return handleSubscriptions(req, res, url);
    if (req.method === "POST" && url.pathname === "/v1/products") {
      let body;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return sendError(res, 400, ["Body must be valid JSON"]);
      }
      if (typeof body?.price !== "number" || !Number.isInteger(body.price))
        return sendError(res, 400, ["price must be an integer number"]);
      const id = randomId("prod");
      /** @type {FakeProduct} */
      const product = {
        price: body.price,
        currency: typeof body.currency === "string" ? body.currency : "USD",
        name: String(body.name ?? "Product"),
        ...(body.billing_type === "recurring" ? { billing_period: String(body.billing_period ?? "every-month") } : {}),
      };
      products.set(id, product);
      return sendJson(res, 200, productJson(id));
    }
    if (req.method === "GET" && url.pathname === "/v1/products") {
      const id = url.searchParams.get("product_id") ?? "";
      return products.has(id) ? sendJson(res, 200, productJson(id)) : sendError(res, 404, ["Product not found"]);
    }
    return sendError(res, 404, ["Not found"]);
  }

  /**
   * POST /v1/discounts, GET /v1/discounts, DELETE /v1/discounts/<id>/delete, validated as Creem's
   * CreateDiscountRequestEntity describes them.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {URL} url
   */
  async function handleDiscounts(req, res, url) {
    if (req.method === "GET" && url.pathname === "/v1/discounts") {
      const byId = url.searchParams.get("discount_id");
      const byCode = url.searchParams.get("discount_code");
      const discount = byId ? discounts.get(byId) : byCode ? discountByCode(byCode) : undefined;
      return discount ? sendJson(res, 200, discount) : sendError(res, 404, ["Discount not found"]);
    }
    const remove = /^\/v1\/discounts\/([^/]+)\/delete$/.exec(url.pathname);
    if (req.method === "DELETE" && remove) {
      const discount = discounts.get(remove[1] ?? "");
      if (!discount) return sendError(res, 404, ["Discount not found"]);
      discount.status = "deleted";
      return sendJson(res, 200, discount);
    }
    if (req.method !== "POST" || url.pathname !== "/v1/discounts") return sendError(res, 404, ["Not found"]);
    /** @type {any} */
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendError(res, 400, ["Body must be valid JSON"]);
    }
    /** @type {string[]} */
    const problems = [];
    if (typeof body?.name !== "string" || body.name === "") problems.push("name must be a string");
    if (body?.type !== "fixed" && body?.type !== "percentage") problems.push("type must be fixed or percentage");
    if (!["once", "forever", "repeating"].includes(body?.duration))
      problems.push("duration must be one of forever, once, repeating");
    if (!Array.isArray(body?.applies_to_products) || body.applies_to_products.length === 0)
      problems.push("applies_to_products must be a non-empty array");
    if (body?.type === "fixed") {
      if (!Number.isInteger(body.amount) || body.amount < 1) problems.push("amount must be a positive integer");
      if (typeof body.currency !== "string") problems.push("currency is required for fixed discounts");
    }
    if (body?.type === "percentage" && !(body.percentage > 0 && body.percentage <= 100))
      problems.push("percentage must be between 1 and 100");
    if (body?.code !== undefined && (typeof body.code !== "string" || body.code === ""))
      problems.push("code must be a string");
    if (typeof body?.code === "string" && discountByCode(body.code)) problems.push("Discount code already exists");
    if (body?.expiry_date !== undefined && Number.isNaN(Date.parse(body.expiry_date)))
      problems.push("expiry_date must be a date");
    if (problems.length > 0) return sendError(res, 400, problems);
    const discount = {
      id: randomId("disc"),
      mode: "test",
      object: "discount",
      status: "active",
      name: body.name,
      code: body.code ?? crypto.randomBytes(5).toString("hex").toUpperCase(),
      type: body.type,
      ...(body.type === "fixed" ? { amount: body.amount, currency: String(body.currency).toUpperCase() } : {}),
      ...(body.type === "percentage" ? { percentage: body.percentage } : {}),
      ...(body.expiry_date ? { expiry_date: new Date(body.expiry_date).toISOString() } : {}),
      ...(body.max_redemptions !== undefined ? { max_redemptions: Number(body.max_redemptions) } : {}),
      duration: body.duration,
      ...(body.duration_in_months !== undefined ? { duration_in_months: Number(body.duration_in_months) } : {}),
      applies_to_products: body.applies_to_products.map(String),
      redeem_count: 0,
    };
    discounts.set(discount.id, discount);
    return sendJson(res, 200, discount);
  }

  /**
   * GET /v1/products/search: a page of the products (ProductListEntity). Pages count from 1.
   * @param {http.ServerResponse} res @param {URL} url
   */
  function searchProducts(res, url) {
    const page = Number(url.searchParams.get("page_number") ?? "1");
    const size = Number(url.searchParams.get("page_size") ?? "10");
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 100)
      return sendError(res, 400, ["page_number must be at least 1 and page_size between 1 and 100"]);
    const all = [...products.keys()].map(productJson);
    const pages = Math.ceil(all.length / size);
    return sendJson(res, 200, {
      items: all.slice((page - 1) * size, page * size),
      pagination: {
        total_records: all.length,
        total_pages: pages,
        current_page: page,
        next_page: page < pages ? page + 1 : null,
        prev_page: page > 1 ? page - 1 : null,
      },
    });
  }

  /** POST /v1/moderation/prompt, as Creem documents it. @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function moderate(req, res) {
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendError(res, 400, ["Body must be valid JSON"]);
    }
    if (typeof body?.prompt !== "string" || body.prompt.trim() === "")
      return sendError(res, 400, ["prompt must be a string"]);
    const markers = new Set(
      [...body.prompt.matchAll(/\[mod:(flag|deny|error|timeout)\]/gi)].map((m) => m[1].toLowerCase()),
    );
    const decision = markers.has("timeout")
      ? "timeout"
      : markers.has("error")
        ? "error"
        : markers.has("deny")
          ? "deny"
          : markers.has("flag")
            ? "flag"
            : "allow";
    moderationRequests.push({
      prompt: body.prompt,
      ...(typeof body.external_id === "string" ? { external_id: body.external_id } : {}),
      decision,
    });
    // Held until the caller hangs up: its own timeout is what ends it.
    if (decision === "timeout") return new Promise((resolve) => res.once("close", resolve));
    if (decision === "error") return sendError(res, 500, ["Internal server error"]);
    return sendJson(res, 200, {
      id: randomId("mod"),
      object: "moderation_result",
      prompt: body.prompt,
      decision,
      usage: { units: 1 },
      ...(typeof body.external_id === "string" ? { external_id: body.external_id } : {}),
    });
  }

  /** @param {FakeCheckout} checkout */
  function checkoutPage(checkout) {
    const product = productOf(checkout.product);
    const discount = checkout.discount_id ? discounts.get(checkout.discount_id) : undefined;
    const due = product.price - discountOff(discount, product.price);
    const amount = `${(due / 100).toFixed(2)} ${product.currency}`;
    const discountLine = discount
      ? `<p>Discount <span data-testid="discount-code">${escapeHtml(discount.code)}</span>: -${(discountOff(discount, product.price) / 100).toFixed(2)} ${escapeHtml(product.currency)}</p>`
      : "";
    const back = checkout.success_url ? `${new URL(checkout.success_url).origin}/pricing?payment=cancelled` : "/";
    const action =
      checkout.status === "pending"
        ? `<form method="post" action="/checkout/${checkout.id}/pay"><button type="submit">Pay now</button></form>
    <p><a href="${escapeHtml(back)}">Cancel</a></p>`
        : `<p>This checkout is ${checkout.status}.</p>`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Creem test checkout</title></head>
<body>
  <main>
    <h1>Creem test checkout</h1>
    <p>Product: <span data-testid="product">${escapeHtml(product.name ?? checkout.product)}</span> (${escapeHtml(checkout.product)})</p>
    ${discountLine}
    <p>Amount: <strong data-testid="amount">${escapeHtml(amount)}</strong></p>
    ${action}
  </main>
</body></html>`;
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handleBrowser(req, res, /** @type {URL} */ url) {
    const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
    if (portal && req.method === "GET" && customers.has(portal[1] ?? ""))
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Creem customer portal</title></head>
<body><main><h1>Creem test customer portal</h1><p>Customer ${escapeHtml(portal[1] ?? "")}</p></main></body></html>`);
    const match = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const checkout = match ? checkouts.get(match[1] ?? "") : undefined;
    if (!match || !checkout) return res.writeHead(404, { "content-type": "text/plain" }).end("Checkout not found");
    if (req.method === "GET" && !match[2]) {
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(checkoutPage(checkout));
    }
    if (req.method === "POST" && match[2]) {
      await readBody(req);
      if (checkout.status === "expired")
        return res.writeHead(410, { "content-type": "text/plain" }).end("This checkout has expired");
      // Like Creem: the webhook goes out before the buyer is sent back (none without a webhookUrl).
      try {
        await completeCheckout(checkout.id, { deliver: Boolean(fake.webhookUrl) });
      } catch (err) {
        if (!(/** @type {any} */ (err).discountRefused)) throw err;
        return res
          .writeHead(409, { "content-type": "text/plain" })
          .end(`This discount code can no longer be used: ${/** @type {Error} */ (err).message}`);
      }
      if (!checkout.success_url)
        return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<p>Payment complete.</p>");
      /** @type {[string, string | undefined][]} */
      const params = [
        ["checkout_id", checkout.id],
        ["order_id", checkout.order?.id],
        ["customer_id", checkout.order?.customer],
        ["product_id", checkout.product],
        ["request_id", checkout.request_id],
      ];
      const target = new URL(checkout.success_url);
      for (const [k, v] of params) if (v) target.searchParams.append(k, v);
      target.searchParams.append("signature", signRedirect(params, options.apiKey));
      return res.writeHead(303, { location: target.toString() }).end();
    }
    return res.writeHead(405, { "content-type": "text/plain" }).end("Method not allowed");
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const route =
      url.pathname === "/healthz"
        ? Promise.resolve(sendJson(res, 200, { ok: true }))
        : url.pathname.startsWith("/v1/")
          ? handleApi(req, res, url)
          : handleBrowser(req, res, url);
    route.catch((err) => {
      if (!res.headersSent) sendError(res, 500, [String(err)]);
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;

  const fake = {
    baseUrl,
    /** How browsers reach the checkout pages (checkout_url). */
    publicBaseUrl: (options.publicBaseUrl ?? baseUrl).replace(/\/+$/, ""),
    /** Where webhooks go; may be set after start (the app often listens later). */
    webhookUrl: options.webhookUrl,
    checkouts,
    products,
    webhookDeliveries,
    transactions,
    moderationRequests,
    /** How many GET /v1/products/search calls arrived, with any key (the admin's key checks). */
    productSearches: 0,
    subscriptions,
    customers,
    subscriptionRequests,
    discounts,
    /** The other reading of Creem's order: `amount` before the discount, `amount_paid` what was charged. */
    amountBeforeDiscount: false,
    /** While set, the events of subscription API calls wait in `heldEvents` instead of being sent. */
    holdEvents: false,
    /** @type {any[]} */
    heldEvents: [],
    subscriptionEvent,
    renewSubscription,
    failRenewal,
    endUnpaid,
    deliverHeld,
    checkoutCompletedEvent,
    refundEvent,
    disputeEvent,
    deliverWebhook,
    completeCheckout,
    expireCheckout,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
  return fake;
}

// Standalone: `node tests/fakes/creem-fake.mjs`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const fake = await startCreemFake({
    port: Number(env.CREEM_FAKE_PORT ?? 4010),
    host: env.CREEM_FAKE_HOST ?? "127.0.0.1",
    apiKey: env.CREEM_FAKE_API_KEY ?? "creem_test_fake_key",
    webhookSecret: env.CREEM_FAKE_WEBHOOK_SECRET ?? "whsec_fake_secret",
    webhookUrl: env.CREEM_FAKE_WEBHOOK_URL,
    publicBaseUrl: env.CREEM_FAKE_PUBLIC_URL,
    products: env.CREEM_FAKE_PRODUCTS ? JSON.parse(env.CREEM_FAKE_PRODUCTS) : undefined,
    defaultProduct: { price: Number(env.CREEM_FAKE_DEFAULT_PRICE ?? 1000), currency: "USD" },
  });
  console.log(`Creem fake listening on ${fake.baseUrl}`);
  if (!fake.webhookUrl) console.warn("CREEM_FAKE_WEBHOOK_URL is not set: payments will send no webhooks");
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
