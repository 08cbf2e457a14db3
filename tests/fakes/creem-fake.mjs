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
 * @typedef {{ price: number, currency: string, name?: string }} FakeProduct
 * @typedef {{
 *   id: string, object: "order", mode: "test", customer: string, product: string, amount: number,
 *   currency: string, status: "paid", type: "onetime", created_at: string, updated_at: string
 * }} FakeOrder
 * @typedef {{
 *   id: string, object: "checkout", mode: "test", status: "pending" | "processing" | "completed" | "expired",
 *   product: string, units: number, request_id?: string, checkout_url: string, success_url?: string,
 *   metadata?: Record<string, unknown>, order?: FakeOrder, customer?: Record<string, unknown>
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

  const productOf = (/** @type {string} */ id) => products.get(id) ?? defaultProduct;

  /** The `checkout.completed` event of a completed checkout, with the product and customer expanded. */
  function checkoutCompletedEvent(/** @type {string} */ id) {
    const checkout = checkouts.get(id);
    if (!checkout?.order) throw new Error(`checkout ${id} is not completed`);
    const product = productOf(checkout.product);
    return {
      id: randomId("evt"),
      eventType: "checkout.completed",
      created_at: Date.now(),
      object: {
        ...checkout,
        product: {
          id: checkout.product,
          name: product.name ?? "Credits",
          price: product.price,
          currency: product.currency,
          billing_type: "onetime",
        },
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
   * `amount`/`currency` override what the product costs (to fake a mismatch).
   * @param {string} id
   * @param {{ amount?: number, currency?: string, deliver?: boolean }} [opts]
   * @returns {Promise<number | undefined>} the webhook's HTTP status
   */
  async function completeCheckout(id, opts = {}) {
    const checkout = checkouts.get(id);
    if (!checkout) throw new Error(`unknown checkout ${id}`);
    if (checkout.status !== "completed") {
      const product = productOf(checkout.product);
      const now = new Date().toISOString();
      const customerId = randomId("cust");
      checkout.status = "completed";
      checkout.customer = {
        id: customerId,
        object: "customer",
        email: "buyer@example.com",
        name: "Test Buyer",
        country: "US",
      };
      const transactionId = randomId("tran");
      checkout.order = {
        id: randomId("ord"),
        transaction: transactionId,
        object: "order",
        mode: "test",
        customer: customerId,
        product: checkout.product,
        amount: opts.amount ?? product.price,
        currency: opts.currency ?? product.currency,
        status: "paid",
        type: "onetime",
        created_at: now,
        updated_at: now,
      };
      transactions.set(transactionId, {
        id: transactionId,
        object: "transaction",
        mode: "test",
        amount: checkout.order.amount,
        amount_paid: checkout.order.amount,
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

  /** The paid checkout's transaction. @param {string} checkoutId */
  function transactionOf(checkoutId) {
    const transactionId = checkouts.get(checkoutId)?.order?.transaction;
    const transaction = transactionId && transactions.get(transactionId);
    if (!transaction) throw new Error(`checkout ${checkoutId} is not paid`);
    return transaction;
  }

  /**
   * A `refund.created` event for a paid checkout, shaped like the docs' example: the transaction (not
   * our checkout) names the payment unless `withCheckout` adds the checkout reference some payloads carry.
   * @param {string} checkoutId
   * @param {{ amount?: number, id?: string, reason?: string, withCheckout?: boolean }} [opts] amount in cents (default: all of it)
   */
  function refundEvent(checkoutId, opts = {}) {
    const transaction = transactionOf(checkoutId);
    const amount = opts.amount ?? transaction.amount_paid;
    transaction.refunded_amount += amount;
    transaction.status = transaction.refunded_amount >= transaction.amount_paid ? "refunded" : "partially_refunded";
    const checkout = checkouts.get(checkoutId);
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
    if (req.method === "POST" && url.pathname === "/v1/moderation/prompt") return moderate(req, res);
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
      const product = {
        price: body.price,
        currency: typeof body.currency === "string" ? body.currency : "USD",
        name: String(body.name ?? "Product"),
      };
      products.set(id, product);
      return sendJson(res, 200, { id, object: "product", mode: "test", billing_type: "onetime", ...product });
    }
    if (req.method === "GET" && url.pathname === "/v1/products") {
      const id = url.searchParams.get("product_id") ?? "";
      const product = products.get(id);
      return product
        ? sendJson(res, 200, { id, object: "product", mode: "test", billing_type: "onetime", ...product })
        : sendError(res, 404, ["Product not found"]);
    }
    return sendError(res, 404, ["Not found"]);
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
    const all = [...products.entries()].map(([id, product]) => ({
      id,
      object: "product",
      mode: "test",
      billing_type: "onetime",
      ...product,
    }));
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
    const amount = `${(product.price / 100).toFixed(2)} ${product.currency}`;
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
    <p>Amount: <strong data-testid="amount">${escapeHtml(amount)}</strong></p>
    ${action}
  </main>
</body></html>`;
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handleBrowser(req, res, /** @type {URL} */ url) {
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
      await completeCheckout(checkout.id, { deliver: Boolean(fake.webhookUrl) });
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
