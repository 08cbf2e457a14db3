/**
 * A fake PayPal REST API (OAuth2 token and Orders v2) on node:http,
 * with no dependencies, for Vitest and for Playwright (run standalone:
 * `node tests/fakes/paypal-fake.mjs`).
 *
 * API:   POST /v1/oauth2/token (Basic client id:secret, grant_type=client_credentials; 401
 *        invalid_client otherwise), and with `Authorization: Bearer <token>` (401
 *        AUTHENTICATION_FAILURE otherwise):
 *        POST /v2/checkout/orders                201, or 200 replaying the same PayPal-Request-Id
 *        POST /v2/checkout/orders/{id}/capture   422 ORDER_NOT_APPROVED before approval; 201 with
 *            the capture; the same PayPal-Request-Id again -> 200 with the same body; another
 *            request id once captured -> 422 ORDER_ALREADY_CAPTURED; outcome DECLINED -> 422
 *            INSTRUMENT_DECLINED
 *        GET  /v2/checkout/orders/{id}           with purchase_units[].payments.refunds[] once refunded
 *        POST /v1/payments/sale/{id}/refund       {amount?: {total, currency}}: 201 with the refund
 *            (a subscription's sale; replayed by PayPal-Request-Id)
 *        POST /v2/payments/captures/{id}/refund  {amount?, note_to_payer?}: 201 with the refund
 *            (COMPLETED); the same PayPal-Request-Id again -> 200 with the same refund; more than
 *            is left -> 422 REFUND_AMOUNT_EXCEEDED (CAPTURE_FULLY_REFUNDED once nothing is left)
 *        GET  /v1/customer/disputes/{id}
 *        GET  /v1/notifications/webhooks/{id}  one of `webhooks` (id -> url), else 404 INVALID_RESOURCE_ID
 *        POST /v1/notifications/verify-webhook-signature  SUCCESS only when transmission_sig is
 *            this fake's SHA256withRSA signature of `<transmission_id>|<transmission_time>|
 *            <webhook_id>|<CRC32 of webhook_event as JSON>` and cert_url is its certificate's
 *        GET  /v1/notifications/certs/{id}  (no auth, as PayPal's) the signing certificate and the
 *            CA that issued it, PEM; another id -> 404. setCertUnavailable(true) -> 503
 *        Unknown order ids -> 404 RESOURCE_NOT_FOUND / INVALID_RESOURCE_ID. Error bodies are
 *        PayPal's `{name, message, details: [{issue, description}], debug_id, links}`.
 * Test controls (also over HTTP for other processes, no auth): POST /__fake/orders/{id}/approve,
 *        POST /__fake/orders/{id}/outcome {"outcome": "PENDING"}, POST /__fake/orders/{id}/complete.
 * Webhooks: signEvent(type, resource, webhookId) makes a delivery (headers and body) as PayPal
 *        would send it, signed with the certificate's key as PayPal documents; sendEvent(url, ...)
 *        posts it. rotateCertificate() signs from then on with a new key under a new cert URL. refundAtPaypal / reverseCapture /
 *        openDispute / resolveDispute change the fake's state as PayPal's dashboard or a bank would
 *        and return the event resource to send.
 * Subscriptions (decision 0154), with the same bearer tokens:
 *        POST /v1/catalogs/products, POST /v1/billing/plans (under a product; 201, or 200 replaying
 *            the same PayPal-Request-Id), GET /v1/billing/plans/{id}
 *            (up to two TRIAL cycles of finite total_cycles, then one REGULAR: billed in sequence)
 *        POST /v1/billing/subscriptions  {plan_id, custom_id, subscriber, application_context,
 *            plan?: {billing_cycles: [{sequence, pricing_scheme, total_cycles?}]}}: APPROVAL_PENDING
 *            with an `approve` link (replayed by PayPal-Request-Id); the override reprices cycles the
 *            plan has (a sequence it lacks, or other total_cycles: 422), plan_overridden true
 *        (each payment is its cycle's price, the override's where there is one; a revised plan bills
 *            its REGULAR price; billing_info.cycle_executions counts each cycle)
 *        GET  /v1/billing/subscriptions/{id}, GET …/{id}/transactions?start_time&end_time (the
 *            sales: a transaction's id is its sale's)
 *        POST …/{id}/suspend | activate | cancel {reason} -> 204 (the reason becomes
 *            status_change_note), 422 SUBSCRIPTION_STATUS_INVALID from the wrong state; the
 *            event each makes waits for takeEvents()
 *        POST …/{id}/revise {plan_id}: 200 with an `approve` link; another product's plan -> 422
 *        approveSubscription / billSubscription (renewal, retry, failed payment and the
 *        suspension at payment_failure_threshold) / approveRevision / refundSale / reverseSale /
 *        cancelAtPaypal change the fake's state as the buyer, PayPal or a bank would and send the
 *        events (create_time on the fake's clock, which a billing moves to its billing time) to
 *        every webhook in `webhooks`, unless `deliver: false`; deliver(events) sends any events again,
 *        in any order (duplicates, reordering). Over HTTP: POST /__fake/subscriptions/{id}/approve,
 *        POST /__fake/subscriptions/{id}/bill {"outcome": "FAILED"}.
 * GET /healthz -> 200.
 *
 * Standalone environment: PAYPAL_FAKE_PORT (default 4020), PAYPAL_FAKE_HOST (127.0.0.1),
 * PAYPAL_FAKE_CLIENT_ID, PAYPAL_FAKE_CLIENT_SECRET, PAYPAL_FAKE_AUTO_APPROVE=true (orders are
 * approved when created, as if the buyer had clicked through PayPal's window).
 */
import crypto from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

/**
 * @typedef {"COMPLETED" | "PENDING" | "DECLINED" | "CAPTURE_DECLINED"} CaptureOutcome
 * @typedef {{ currency_code: string, value: string }} Money
 * @typedef {{
 *   id: string, status: "COMPLETED" | "PENDING" | "DECLINED", amount: Money, custom_id?: string,
 *   final_capture: true, status_details?: { reason: string },
 *   seller_receivable_breakdown: { gross_amount: Money, paypal_fee: Money, net_amount: Money },
 *   create_time: string, update_time: string, links: { href: string, rel: string, method: string }[]
 * }} FakeCapture
 * @typedef {{
 *   id: string, intent: string, status: "CREATED" | "APPROVED" | "COMPLETED" | "VOIDED",
 *   purchase_units: { reference_id: string, amount: Money, custom_id?: string, description?: string,
 *     payments?: { captures: FakeCapture[] } }[],
 *   payer?: Record<string, unknown>, create_time: string, update_time?: string,
 *   links: { href: string, rel: string, method: string }[]
 * }} FakeOrder
 * @typedef {{ orderId: string, requestId: string | undefined, status: number, issue?: string }} CaptureCall
 * @typedef {{ clientId: string, clientSecret: string, port?: number, host?: string,
 *   tokenTtlSeconds?: number, autoApprove?: boolean, webhooks?: Record<string, string> }} PaypalFakeOptions
 */

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** PayPal ids look like 5O190127TN364715T: 17 upper-case letters and digits. */
const paypalId = () => Array.from(crypto.randomBytes(17), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("");
const debugId = () => crypto.randomBytes(7).toString("hex");
const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json", "paypal-debug-id": debugId() }).end(JSON.stringify(body));
}

const ERRORS = {
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  INVALID_RESOURCE_ID: "Specified resource ID does not exist. Please check the resource ID and try again.",
  REFUND_AMOUNT_EXCEEDED:
    "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
  CAPTURE_FULLY_REFUNDED: "The capture has already been fully refunded.",
  REFUND_NOT_ALLOWED: "Full refund refused - partial refund has already been done on this payment.",
};

/**
 * PayPal's error body.
 * @param {http.ServerResponse} res @param {number} status @param {string} name @param {string} message
 * @param {{ issue: string, description: string, field?: string }[]} [details]
 */
function sendError(res, status, name, message, details) {
  const id = debugId();
  sendJson(res, status, {
    name,
    message,
    ...(details ? { details } : {}),
    debug_id: id,
    links: [
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${details?.[0]?.issue ?? name}`,
        rel: "information_link",
        method: "GET",
      },
    ],
  });
}

/** @param {http.ServerResponse} res @param {string} issue */
const unprocessable = (res, issue) =>
  sendError(
    res,
    422,
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
    [{ issue, description: ERRORS[/** @type {keyof typeof ERRORS} */ (issue)] ?? issue }],
  );

/** @param {http.ServerResponse} res */
const notFound = (res) =>
  sendError(res, 404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", [
    { issue: "INVALID_RESOURCE_ID", description: ERRORS.INVALID_RESOURCE_ID },
  ]);

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

/** @param {string} text */
function parseJson(text) {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

/** @param {unknown} money */
const validMoney = (money) =>
  Boolean(money) &&
  typeof (/** @type {any} */ (money).currency_code) === "string" &&
  /^[A-Z]{3}$/.test(/** @type {any} */ (money).currency_code) &&
  typeof (/** @type {any} */ (money).value) === "string" &&
  /^\d{1,10}(\.\d{2})?$/.test(/** @type {any} */ (money).value);

/** 2.9 % + 0.49: any plausible fee; PayPal's is not the product's business. */
function breakdown(/** @type {Money} */ amount) {
  const cents = Math.round(Number(amount.value) * 100);
  const fee = Math.round(cents * 0.029) + 49;
  const money = (/** @type {number} */ c) => ({ currency_code: amount.currency_code, value: (c / 100).toFixed(2) });
  return { gross_amount: money(cents), paypal_fee: money(fee), net_amount: money(cents - fee) };
}

/**
 * DER, just enough of it to make X.509 certificates without a dependency.
 * @param {number} tag @param {Buffer[]} parts
 */
function der(tag, ...parts) {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}
const SEQUENCE = 0x30;
/** sha256WithRSAEncryption (1.2.840.113549.1.1.11) with its NULL parameters. */
const SHA256_WITH_RSA = der(SEQUENCE, Buffer.from("06092a864886f70d01010b0500", "hex"));
/** A Name of one common name (2.5.4.3) as UTF8String. @param {string} cn */
const x509Name = (cn) =>
  der(SEQUENCE, der(0x31, der(SEQUENCE, Buffer.from("0603550403", "hex"), der(0x0c, Buffer.from(cn, "utf8")))));
/** UTCTime before 2050, GeneralizedTime after, as RFC 5280 says. @param {Date} date */
function x509Time(date) {
  const iso = date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(`${iso.slice(2)}Z`)) : der(0x18, Buffer.from(`${iso}Z`));
}

/**
 * A v3 certificate for `subjectKey`, signed by `issuerKey` (self-signed when they are one).
 * @param {{ subject: string, issuer: string, subjectKey: crypto.KeyObject, issuerKey: crypto.KeyObject, notAfter: Date }} c
 */
function x509(c) {
  const serial = crypto.randomBytes(12);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tbs = der(
    SEQUENCE,
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    SHA256_WITH_RSA,
    x509Name(c.issuer),
    der(SEQUENCE, x509Time(new Date(Date.now() - 86_400_000)), x509Time(c.notAfter)),
    x509Name(c.subject),
    c.subjectKey.export({ type: "spki", format: "der" }),
  );
  const signature = crypto.sign("sha256", tbs, c.issuerKey);
  const cert = der(SEQUENCE, tbs, SHA256_WITH_RSA, der(0x03, Buffer.from([0]), signature));
  const lines = cert.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}

const rsaKeys = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const CA_NAME = "Fake PayPal Webhook CA";

/**
 * PayPal's webhook signing key and what PAYPAL-CERT-URL serves: the signing certificate first,
 * then the CA that issued it, as PayPal's bundle.
 * @param {string} id @param {{ publicKey: crypto.KeyObject, privateKey: crypto.KeyObject }} ca
 */
function webhookCertificate(id, ca) {
  const leaf = rsaKeys();
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  const signing = x509({
    subject: "messageverificationcerts.sandbox.paypal.com",
    issuer: CA_NAME,
    subjectKey: leaf.publicKey,
    issuerKey: ca.privateKey,
    notAfter,
  });
  const issuing = x509({
    subject: CA_NAME,
    issuer: CA_NAME,
    subjectKey: ca.publicKey,
    issuerKey: ca.privateKey,
    notAfter,
  });
  return { id, pem: signing + issuing, privateKey: leaf.privateKey, publicKey: leaf.publicKey };
}

/** The envelope's resource_type for an event type. @param {string} eventType */
function resourceTypeOf(eventType) {
  if (eventType.startsWith("CUSTOMER.DISPUTE")) return "dispute";
  if (eventType === "PAYMENT.SALE.COMPLETED") return "sale";
  if (eventType.startsWith("BILLING.SUBSCRIPTION.")) return "subscription";
  return "refund";
}

/** What PayPal signs: `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>`. */
const signedText = (
  /** @type {string} */ id,
  /** @type {string} */ time,
  /** @type {string} */ webhookId,
  /** @type {string} */ body,
) => `${id}|${time}|${webhookId}|${zlib.crc32(Buffer.from(body, "utf8"))}`;

/** @param {PaypalFakeOptions} options */
export async function startPaypalFake(options) {
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400;
  /** @type {Map<string, number>} token -> expiry (epoch ms) */
  const tokens = new Map();
  /** @type {Map<string, FakeOrder>} */
  const orders = new Map();
  /** @type {Map<string, CaptureOutcome>} */
  const outcomes = new Map();
  /** PayPal-Request-Id replays: `${operation}|${requestId}` -> the first answer. */
  /** @type {Map<string, { orderId: string, body: unknown }>} */
  const replays = new Map();
  /** @type {CaptureCall[]} */
  const captureCalls = [];
  const state = { tokenRequests: 0, unavailable: false };
  let baseUrl = "";
  /** Every refund and reversal made, by id. @type {Map<string, any>} */
  const refunds = new Map();
  /** @type {{ captureId: string, requestId: string | undefined, status: number, issue?: string }[]} */
  const refundCalls = [];
  /** @type {Map<string, any>} dispute id -> dispute */
  const disputes = new Map();
  /** The app's webhooks: id -> the URL PayPal sends to. @type {Map<string, string>} */
  const webhooks = new Map(Object.entries(options.webhooks ?? {}));
  /** The certificate webhooks are signed with now, and every one it served before. */
  const ca = rsaKeys();
  let certificate = webhookCertificate("CERT-360caa42-fca2a594-a5cafa77", ca);
  /** @type {Map<string, ReturnType<typeof webhookCertificate>>} */
  const certificates = new Map([[certificate.id, certificate]]);
  const certState = { requests: 0, unavailable: false };
  /** @type {{ transmissionId: string, webhookId: string, status: "SUCCESS" | "FAILURE" }[]} */
  const verifyCalls = [];
  /** @type {{ beforeRefundAnswer?: (refund: any) => Promise<void> }} */
  const hooks = {};

  // ---- Subscriptions (decision 0154): catalog products, billing plans, subscriptions, sales. ----

  /** The fake's own clock for subscriptions: renewals move it to the billing time (PayPal's times only). */
  const clock = { offsetMs: 0 };
  const fakeNow = () => new Date(Date.now() + clock.offsetMs);
  const isoOf = (/** @type {Date} */ d) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
  /** @type {Map<string, any>} */
  const products = new Map();
  /** @type {Map<string, any>} */
  const billingPlans = new Map();
  /** @type {Map<string, any>} I-... -> the subscription as PayPal answers it */
  const subscriptions = new Map();
  /** What PayPal keeps beside a subscription: its payments, a waiting revision, what is owed. @type {Map<string, any>} */
  const subscriptionState = new Map();
  /** @type {Map<string, any>} sale id -> the v1 sale */
  const sales = new Map();
  /** @type {{ kind: "product" | "plan" | "subscription", requestId: string | undefined, status: number, id?: string }[]} */
  const catalogCalls = [];
  /** Events made by API calls (suspend, activate, cancel, revise), waiting for takeEvents(). @type {any[]} */
  const madeEvents = [];

  /** `start` plus `months` calendar months in UTC, the day clamped to the month's last. */
  function plusMonths(/** @type {Date} */ start, /** @type {number} */ months) {
    const d = new Date(start.getTime());
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
    return d;
  }
  const subscriptionId = () => `I-${paypalId().slice(0, 12)}`;
  /** An event as PayPal makes it when something happens (its create_time is then, on the fake's clock). */
  const planEvent = (/** @type {string} */ eventType, /** @type {unknown} */ resource) => ({
    id: `WH-${paypalId()}`,
    event_version: "1.0",
    create_time: isoOf(fakeNow()),
    resource_type: resourceTypeOf(eventType),
    event_type: eventType,
    summary: `${eventType} event`,
    resource: structuredClone(resource),
    links: [],
  });
  const regularCycle = (/** @type {any} */ plan) =>
    plan.billing_cycles.find((/** @type {any} */ c) => c.tenure_type === "REGULAR");
  const monthsOf = (/** @type {any} */ plan) => (regularCycle(plan)?.frequency.interval_unit === "YEAR" ? 12 : 1);
  const priceOfPlan = (/** @type {any} */ plan) => regularCycle(plan).pricing_scheme.fixed_price;
  /** The cycles as billed, in sequence: the plan's, repriced by the subscription's override. */
  const cyclesOf = (/** @type {any} */ plan, /** @type {any[]} */ overrides = []) =>
    [...plan.billing_cycles]
      .sort((a, b) => a.sequence - b.sequence)
      .map((/** @type {any} */ c) => {
        const o = overrides.find((/** @type {any} */ x) => x.sequence === c.sequence);
        return o?.pricing_scheme ? { ...c, pricing_scheme: o.pricing_scheme } : c;
      });
  /**
   * The cycle the subscription's next payment is for: its trial cycles while they last, then the
   * REGULAR one; after a revision, the new plan's REGULAR one. @param {any} sub
   */
  function cycleDue(sub) {
    const state = subscriptionState.get(sub.id);
    const plan = billingPlans.get(sub.plan_id);
    if (state.revised) return regularCycle(plan);
    let before = 0;
    for (const c of state.cycles) {
      if (c.total_cycles === 0 || state.paidCycles < before + c.total_cycles) return c;
      before += c.total_cycles;
    }
    return regularCycle(plan);
  }
  const priceDue = (/** @type {any} */ sub) => cycleDue(sub).pricing_scheme.fixed_price;
  const executionsOf = (/** @type {any[]} */ cycles) =>
    cycles.map((/** @type {any} */ c) => ({
      tenure_type: c.tenure_type,
      sequence: c.sequence,
      cycles_completed: 0,
      cycles_remaining: c.total_cycles,
      current_pricing_scheme_version: 1,
      total_cycles: c.total_cycles,
    }));

  function subscriptionLinks(/** @type {any} */ sub) {
    const self = `${baseUrl}/v1/billing/subscriptions/${sub.id}`;
    if (sub.status === "APPROVAL_PENDING") {
      return [
        {
          href: `${baseUrl}/webapps/billing/subscriptions?ba_token=${subscriptionState.get(sub.id).token}`,
          rel: "approve",
          method: "GET",
        },
        { href: self, rel: "edit", method: "PATCH" },
        { href: self, rel: "self", method: "GET" },
      ];
    }
    return [
      { href: `${self}/cancel`, rel: "cancel", method: "POST" },
      { href: self, rel: "edit", method: "PATCH" },
      { href: self, rel: "self", method: "GET" },
      {
        href: `${self}/${sub.status === "SUSPENDED" ? "activate" : "suspend"}`,
        rel: sub.status === "SUSPENDED" ? "activate" : "suspend",
        method: "POST",
      },
    ];
  }

  /** @param {any} sub @param {string} status @param {string} [note] */
  function setStatus(sub, status, note) {
    sub.status = status;
    sub.status_update_time = isoOf(fakeNow());
    sub.update_time = sub.status_update_time;
    if (note !== undefined) sub.status_change_note = note;
    sub.links = subscriptionLinks(sub);
  }

  /**
   * The subscription pays now: a sale (v1 shape) of `amount`, in its transactions, its billing
   * info moved on a cycle. @param {any} sub @param {Money} amount
   */
  function takePayment(sub, amount) {
    const id = paypalId();
    const now = isoOf(fakeNow());
    const fee = breakdown(amount);
    const sale = {
      id,
      state: "completed",
      amount: { total: amount.value, currency: amount.currency_code, details: { subtotal: amount.value } },
      payment_mode: "INSTANT_TRANSFER",
      protection_eligibility: "ELIGIBLE",
      transaction_fee: { value: fee.paypal_fee.value, currency: amount.currency_code },
      billing_agreement_id: sub.id,
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseUrl}/v1/payments/sale/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v1/payments/sale/${id}/refund`, rel: "refund", method: "POST" },
      ],
    };
    sales.set(id, sale);
    const state = subscriptionState.get(sub.id);
    state.transactions.push({
      id,
      status: "COMPLETED",
      payer_email: sub.subscriber?.email_address ?? "buyer@example.com",
      payer_name: { given_name: "John", surname: "Doe" },
      amount_with_breakdown: { gross_amount: { ...amount }, fee_amount: fee.paypal_fee, net_amount: fee.net_amount },
      time: now,
    });
    const plan = billingPlans.get(sub.plan_id);
    const info = sub.billing_info;
    const cycle = cycleDue(sub);
    const execution =
      info.cycle_executions.find((/** @type {any} */ e) => e.sequence === cycle.sequence) ??
      info.cycle_executions.at(-1);
    const due = info.next_billing_time ? new Date(info.next_billing_time) : fakeNow();
    info.last_payment = { amount: { ...amount }, time: now };
    info.next_billing_time = isoOf(plusMonths(state.paidCycles === 0 ? fakeNow() : due, monthsOf(plan)));
    info.failed_payments_count = 0;
    delete info.last_failed_payment;
    info.outstanding_balance = { currency_code: amount.currency_code, value: "0.00" };
    execution.cycles_completed += 1;
    if (execution.total_cycles > 0)
      execution.cycles_remaining = Math.max(0, execution.total_cycles - execution.cycles_completed);
    state.paidCycles += 1;
    sub.update_time = now;
    return sale;
  }

  /** @param {string} id */
  function subscriptionOrThrow(id) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`paypal fake: no subscription ${id}`);
    return sub;
  }

  /** The buyer approves in PayPal's window: ACTIVE, its first payment taken. Returns the events. */
  function approveSubscriptionNow(/** @type {string} */ id) {
    const sub = subscriptionOrThrow(id);
    if (sub.status !== "APPROVAL_PENDING") return [];
    sub.subscriber = {
      ...sub.subscriber,
      email_address: sub.subscriber?.email_address ?? "buyer@example.com",
      payer_id: paypalId().slice(0, 13),
      name: { given_name: "John", surname: "Doe" },
    };
    sub.start_time = isoOf(fakeNow());
    setStatus(sub, "ACTIVE");
    const sale = takePayment(sub, priceDue(sub));
    return [planEvent("BILLING.SUBSCRIPTION.ACTIVATED", sub), planEvent("PAYMENT.SALE.COMPLETED", sale)];
  }

  /**
   * The next billing: at the next billing time (the clock moves there), or, when a payment is
   * owed, PayPal's retry 5 days later. A revision the buyer consented to takes effect first.
   * @param {string} id @param {"COMPLETED" | "FAILED"} outcome
   */
  function billNow(id, outcome) {
    const sub = subscriptionOrThrow(id);
    if (sub.status !== "ACTIVE") throw new Error(`paypal fake: ${id} is ${sub.status}, not billed`);
    const state = subscriptionState.get(id);
    const retry = state.owed !== undefined;
    const at = retry ? fakeNow().getTime() + 5 * 86_400_000 : new Date(sub.billing_info.next_billing_time).getTime();
    if (at > fakeNow().getTime()) clock.offsetMs += at - fakeNow().getTime() + 1000;
    /** @type {any[]} */
    const events = [];
    if (!retry && state.revision?.consented) {
      sub.plan_id = state.revision.planId;
      sub.update_time = isoOf(fakeNow());
      state.revision = undefined;
      state.revised = true;
      events.push(planEvent("BILLING.SUBSCRIPTION.UPDATED", sub));
    }
    const amount = state.owed ?? priceDue(sub);
    if (outcome === "COMPLETED") {
      state.owed = undefined;
      events.push(planEvent("PAYMENT.SALE.COMPLETED", takePayment(sub, amount)));
      return events;
    }
    state.owed = amount;
    const info = sub.billing_info;
    info.failed_payments_count += 1;
    info.outstanding_balance = { ...amount };
    info.last_failed_payment = {
      amount: { ...amount },
      time: isoOf(fakeNow()),
      reason_code: "PAYMENT_DENIED",
      next_payment_retry_time: isoOf(new Date(fakeNow().getTime() + 5 * 86_400_000)),
    };
    sub.update_time = isoOf(fakeNow());
    events.push(planEvent("BILLING.SUBSCRIPTION.PAYMENT.FAILED", sub));
    const threshold = billingPlans.get(sub.plan_id).payment_preferences.payment_failure_threshold ?? 0;
    if (threshold > 0 && info.failed_payments_count >= threshold) {
      setStatus(sub, "SUSPENDED", "Suspended after failed payments");
      events.push(planEvent("BILLING.SUBSCRIPTION.SUSPENDED", sub));
    }
    return events;
  }

  /** A refund (or, `reversal`, a bank's chargeback) of a subscription's sale: the events. */
  function refundSaleNow(
    /** @type {string} */ saleId,
    /** @type {string | undefined} */ value,
    /** @type {boolean} */ reversal,
  ) {
    const sale = sales.get(saleId);
    if (!sale) throw new Error(`paypal fake: no sale ${saleId}`);
    const cents = value ? Math.round(Number(value) * 100) : Math.round(Number(sale.amount.total) * 100);
    const total = (cents / 100).toFixed(2);
    const id = paypalId();
    const now = isoOf(fakeNow());
    sale.state = reversal
      ? "reversed"
      : cents === Math.round(Number(sale.amount.total) * 100)
        ? "refunded"
        : "partially_refunded";
    sale.update_time = now;
    const refund = {
      id,
      state: "completed",
      amount: { total: reversal ? `-${total}` : total, currency: sale.amount.currency },
      sale_id: saleId,
      parent_payment: `PAYID-${paypalId()}`,
      ...(reversal ? { reason_code: "CHARGEBACK" } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseUrl}/v1/payments/refund/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v1/payments/sale/${saleId}`, rel: "sale", method: "GET" },
      ],
    };
    for (const state of subscriptionState.values()) {
      const t = state.transactions.find((/** @type {any} */ x) => x.id === saleId);
      if (t) t.status = sale.state === "partially_refunded" ? "PARTIALLY_REFUNDED" : "REFUNDED";
    }
    return [planEvent(reversal ? "PAYMENT.SALE.REVERSED" : "PAYMENT.SALE.REFUNDED", refund)];
  }

  /** POST /v1/billing/subscriptions/{id}/{suspend|activate|cancel}: 204, or 422 for the wrong state. */
  function changeState(
    /** @type {any} */ sub,
    /** @type {string} */ action,
    /** @type {any} */ input,
    /** @type {http.ServerResponse} */ res,
  ) {
    const allowed = { suspend: ["ACTIVE"], activate: ["SUSPENDED"], cancel: ["ACTIVE", "SUSPENDED"] }[action] ?? [];
    if (!allowed.includes(sub.status)) return unprocessable(res, "SUBSCRIPTION_STATUS_INVALID");
    const note = typeof input?.reason === "string" ? input.reason : undefined;
    const to = { suspend: "SUSPENDED", activate: "ACTIVE", cancel: "CANCELLED" }[action];
    setStatus(sub, /** @type {string} */ (to), note);
    const type = {
      suspend: "BILLING.SUBSCRIPTION.SUSPENDED",
      activate: "BILLING.SUBSCRIPTION.ACTIVATED",
      cancel: "BILLING.SUBSCRIPTION.CANCELLED",
    }[action];
    madeEvents.push(planEvent(/** @type {string} */ (type), sub));
    res.writeHead(204, { "paypal-debug-id": debugId() }).end();
  }

  /** @param {http.IncomingMessage} req @param {string} path @param {string} body @param {string | undefined} requestId @param {http.ServerResponse} res */
  function handleCatalog(req, path, body, requestId, res) {
    const invalid = (/** @type {string} */ field) =>
      sendError(
        res,
        400,
        "INVALID_REQUEST",
        "Request is not well-formed, syntactically incorrect, or violates schema.",
        [{ field, issue: "MISSING_REQUIRED_PARAMETER", description: "A required field / parameter is missing." }],
      );
    if (req.method === "POST" && path === "/v1/catalogs/products") {
      const replay = requestId ? replays.get(`product|${requestId}`) : undefined;
      if (replay) {
        catalogCalls.push({ kind: "product", requestId, status: 200, id: replay.orderId });
        return sendJson(res, 200, replay.body);
      }
      const input = parseJson(body);
      if (!input?.name || !["PHYSICAL", "DIGITAL", "SERVICE"].includes(input.type)) return invalid("/name");
      const id = `PROD-${paypalId()}`;
      const product = {
        id,
        name: String(input.name),
        description: input.description,
        type: input.type,
        create_time: nowIso(),
      };
      products.set(id, product);
      if (requestId) replays.set(`product|${requestId}`, { orderId: id, body: product });
      catalogCalls.push({ kind: "product", requestId, status: 201, id });
      return sendJson(res, 201, product);
    }
    if (req.method === "POST" && path === "/v1/billing/plans") {
      const replay = requestId ? replays.get(`plan|${requestId}`) : undefined;
      if (replay) {
        catalogCalls.push({ kind: "plan", requestId, status: 200, id: replay.orderId });
        return sendJson(res, 200, replay.body);
      }
      const input = parseJson(body);
      if (!input?.product_id || !products.has(input.product_id)) return invalid("/product_id");
      /** @type {any[]} */
      const cycles = Array.isArray(input.billing_cycles) ? input.billing_cycles : [];
      const regulars = cycles.filter((c) => c?.tenure_type === "REGULAR");
      const trials = cycles.filter((c) => c?.tenure_type === "TRIAL");
      const cycle = regulars[0];
      const sequences = cycles.map((c) => c?.sequence).sort((a, b) => a - b);
      if (
        regulars.length !== 1 ||
        trials.length > 2 ||
        trials.length + regulars.length !== cycles.length ||
        !sequences.every((n, i) => n === i + 1) ||
        // The trial cycles come first; each runs a finite number of cycles, the regular one may run forever.
        trials.some((c) => c.sequence > cycle.sequence || !(c.total_cycles >= 1 && c.total_cycles <= 999)) ||
        cycles.some(
          (c) =>
            !["MONTH", "YEAR"].includes(c.frequency?.interval_unit) ||
            (c.pricing_scheme !== undefined && !validMoney(c.pricing_scheme?.fixed_price)),
        ) ||
        !validMoney(cycle.pricing_scheme?.fixed_price)
      )
        return invalid("/billing_cycles");
      if (!input.name || !input.payment_preferences) return invalid("/payment_preferences");
      const id = `P-${paypalId()}${paypalId().slice(0, 7)}`;
      const plan = {
        id,
        product_id: input.product_id,
        name: String(input.name),
        description: input.description,
        status: input.status ?? "ACTIVE",
        billing_cycles: input.billing_cycles,
        payment_preferences: input.payment_preferences,
        create_time: nowIso(),
        links: [{ href: `${baseUrl}/v1/billing/plans/${id}`, rel: "self", method: "GET" }],
      };
      billingPlans.set(id, plan);
      if (requestId) replays.set(`plan|${requestId}`, { orderId: id, body: plan });
      catalogCalls.push({ kind: "plan", requestId, status: 201, id });
      return sendJson(res, 201, plan);
    }
    const planMatch = /^\/v1\/billing\/plans\/([^/]+)$/.exec(path);
    if (req.method === "GET" && planMatch) {
      const plan = billingPlans.get(decodeURIComponent(planMatch[1] ?? ""));
      return plan ? sendJson(res, 200, plan) : notFound(res);
    }
    if (req.method === "POST" && path === "/v1/billing/subscriptions") {
      const replay = requestId ? replays.get(`subscription|${requestId}`) : undefined;
      if (replay) {
        catalogCalls.push({ kind: "subscription", requestId, status: 200, id: replay.orderId });
        return sendJson(res, 200, subscriptions.get(replay.orderId));
      }
      const input = parseJson(body);
      const plan = input?.plan_id ? billingPlans.get(input.plan_id) : undefined;
      if (!plan) return notFound(res);
      if (plan.status !== "ACTIVE") return unprocessable(res, "PLAN_STATUS_INVALID");
      // "The subscription billing cycle definition has to adhere to the plan billing cycle
      // definition": an override reprices a cycle the plan has, never adds one or changes its length.
      /** @type {any[]} */
      const overrides = input.plan?.billing_cycles ?? [];
      if (input.plan !== undefined && !Array.isArray(overrides)) return invalid("/plan/billing_cycles");
      for (const o of overrides) {
        const own = plan.billing_cycles.find((/** @type {any} */ c) => c.sequence === o?.sequence);
        if (!own) return unprocessable(res, "INVALID_BILLING_CYCLE_SEQUENCE");
        if (o.total_cycles !== undefined && o.total_cycles !== own.total_cycles)
          return unprocessable(res, "INVALID_BILLING_CYCLE_SEQUENCE");
        if (o.pricing_scheme !== undefined && !validMoney(o.pricing_scheme?.fixed_price))
          return invalid("/plan/billing_cycles/pricing_scheme");
      }
      const cycles = cyclesOf(plan, overrides);
      const id = subscriptionId();
      const now = isoOf(fakeNow());
      subscriptionState.set(id, {
        token: `BA-${paypalId()}`,
        transactions: [],
        paidCycles: 0,
        revision: undefined,
        revised: false,
        owed: undefined,
        cycles,
      });
      const sub = {
        id,
        plan_id: plan.id,
        status: "APPROVAL_PENDING",
        status_update_time: now,
        ...(input.custom_id ? { custom_id: String(input.custom_id) } : {}),
        quantity: "1",
        ...(input.subscriber?.email_address
          ? { subscriber: { email_address: String(input.subscriber.email_address) } }
          : {}),
        plan_overridden: overrides.length > 0,
        start_time: now,
        create_time: now,
        update_time: now,
        billing_info: {
          outstanding_balance: { currency_code: priceOfPlan(plan).currency_code, value: "0.00" },
          cycle_executions: executionsOf(cycles),
          failed_payments_count: 0,
        },
        application_context: input.application_context,
        links: /** @type {any[]} */ ([]),
      };
      sub.links = subscriptionLinks(sub);
      subscriptions.set(id, sub);
      if (requestId) replays.set(`subscription|${requestId}`, { orderId: id, body: sub });
      catalogCalls.push({ kind: "subscription", requestId, status: 201, id });
      return sendJson(res, 201, sub);
    }
    const subMatch = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(transactions|suspend|activate|cancel|revise))?$/.exec(
      path,
    );
    const sub = subMatch ? subscriptions.get(decodeURIComponent(subMatch[1] ?? "")) : undefined;
    if (subMatch && !sub) return notFound(res);
    if (!sub || !subMatch) return sendError(res, 404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.");
    const action = subMatch[2];
    if (req.method === "GET" && !action) return sendJson(res, 200, sub);
    if (req.method === "GET" && action === "transactions") {
      const url = new URL(req.url ?? "/", "http://fake");
      const from = Date.parse(url.searchParams.get("start_time") ?? "");
      const to = Date.parse(url.searchParams.get("end_time") ?? "");
      if (!Number.isFinite(from) || !Number.isFinite(to)) return invalid("start_time");
      const list = subscriptionState
        .get(sub.id)
        .transactions.filter((/** @type {any} */ t) => Date.parse(t.time) >= from && Date.parse(t.time) <= to);
      return sendJson(res, 200, { transactions: list, total_items: list.length, total_pages: 1, links: [] });
    }
    if (req.method !== "POST" || !action || action === "transactions")
      return sendError(res, 404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.");
    const input = parseJson(body) ?? {};
    if (action !== "revise") return changeState(sub, action, input, res);
    const target = billingPlans.get(input.plan_id);
    if (!target) return notFound(res);
    if (sub.status !== "ACTIVE") return unprocessable(res, "SUBSCRIPTION_STATUS_INVALID");
    if (target.product_id !== billingPlans.get(sub.plan_id).product_id) return unprocessable(res, "INVALID_PLAN_ID");
    const token = `BA-${paypalId()}`;
    subscriptionState.get(sub.id).revision = { planId: target.id, consented: false, token };
    return sendJson(res, 200, {
      plan_id: target.id,
      effective_time: sub.billing_info.next_billing_time,
      plan_overridden: false,
      links: [
        { href: `${baseUrl}/webapps/billing/subscriptions/update?ba_token=${token}`, rel: "approve", method: "GET" },
      ],
    });
  }

  /** @param {string} captureId */
  function findCapture(captureId) {
    for (const order of orders.values()) {
      for (const unit of order.purchase_units) {
        const found = unit.payments?.captures.find((c) => c.id === captureId);
        if (found) return { order, unit, capture: found };
      }
    }
    return undefined;
  }

  const centsOf = (/** @type {Money} */ m) => Math.round(Number(m.value) * 100);
  const money = (/** @type {number} */ cents, /** @type {string} */ currency) => ({
    currency_code: currency,
    value: (cents / 100).toFixed(2),
  });

  /** What is refunded of a capture so far, in cents. @param {any} unit @param {string} captureId */
  const refundedOf = (unit, captureId) =>
    (unit.payments?.refunds ?? [])
      .filter((/** @type {any} */ r) =>
        r.links.some((/** @type {any} */ l) => l.rel === "up" && l.href.endsWith(`/${captureId}`)),
      )
      .reduce((/** @type {number} */ sum, /** @type {any} */ r) => sum + centsOf(r.amount), 0);

  /**
   * Refunds (part of) a capture; the refund object, or a PayPal issue.
   * @param {string} captureId @param {Money | undefined} amount @param {string | undefined} note
   * @returns {{ refund: any } | { issue: string }}
   */
  function refund(captureId, amount, note) {
    const found = findCapture(captureId);
    if (!found) return { issue: "INVALID_RESOURCE_ID" };
    const { unit, capture: cap } = found;
    if (!["COMPLETED", "PARTIALLY_REFUNDED"].includes(cap.status)) return { issue: "CAPTURE_FULLY_REFUNDED" };
    const left = centsOf(cap.amount) - refundedOf(unit, captureId);
    const cents = amount ? centsOf(amount) : left;
    if (left <= 0) return { issue: "CAPTURE_FULLY_REFUNDED" };
    if (cents <= 0 || cents > left) return { issue: "REFUND_AMOUNT_EXCEEDED" };
    const id = paypalId();
    const made = {
      id,
      status: "COMPLETED",
      amount: money(cents, cap.amount.currency_code),
      ...(note ? { note_to_payer: note } : {}),
      ...(cap.custom_id ? { custom_id: cap.custom_id } : {}),
      seller_payable_breakdown: { gross_amount: money(cents, cap.amount.currency_code) },
      create_time: nowIso(),
      update_time: nowIso(),
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
      ],
    };
    unit.payments = { captures: unit.payments?.captures ?? [], refunds: [...(unit.payments?.refunds ?? []), made] };
    /** @type {any} */ (cap).status = cents === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
    refunds.set(id, made);
    return { refund: structuredClone(made) };
  }

  /** @param {FakeOrder} order @param {string | undefined} prefer */
  const view = (order, prefer) =>
    prefer?.includes("return=representation") ? order : { id: order.id, status: order.status, links: order.links };

  /** @param {string} id */
  function approve(id) {
    const order = orders.get(id);
    if (!order || order.status !== "CREATED") return false;
    order.status = "APPROVED";
    order.update_time = nowIso();
    order.payer = {
      name: { given_name: "John", surname: "Doe" },
      email_address: "buyer@example.com",
      payer_id: paypalId().slice(0, 13),
      address: { country_code: "US" },
    };
    return true;
  }

  /** @param {string} id */
  const captureOf = (id) => orders.get(id)?.purchase_units[0]?.payments?.captures[0];

  /** A PENDING capture settles: COMPLETED (or DECLINED) as PayPal would report it later. */
  function settlePending(/** @type {string} */ id, /** @type {"COMPLETED" | "DECLINED"} */ status) {
    const capture = captureOf(id);
    if (!capture || capture.status !== "PENDING") return false;
    capture.status = status;
    delete capture.status_details;
    capture.update_time = nowIso();
    return true;
  }

  /** @param {string} id @param {FakeOrder} order @param {string | undefined} requestId @param {string | undefined} prefer @param {http.ServerResponse} res */
  function capture(id, order, requestId, prefer, res) {
    /** @param {number} status @param {string} [issue] */
    const record = (status, issue) =>
      captureCalls.push({ orderId: id, requestId, status, ...(issue ? { issue } : {}) });
    const replay = requestId ? replays.get(`capture|${requestId}`) : undefined;
    if (replay && replay.orderId === id) {
      record(200);
      return sendJson(res, 200, replay.body);
    }
    if (order.status === "COMPLETED") {
      record(422, "ORDER_ALREADY_CAPTURED");
      return unprocessable(res, "ORDER_ALREADY_CAPTURED");
    }
    if (order.status !== "APPROVED") {
      record(422, "ORDER_NOT_APPROVED");
      return unprocessable(res, "ORDER_NOT_APPROVED");
    }
    const outcome = outcomes.get(id) ?? "COMPLETED";
    if (outcome === "DECLINED") {
      record(422, "INSTRUMENT_DECLINED");
      return unprocessable(res, "INSTRUMENT_DECLINED");
    }
    const unit = order.purchase_units[0];
    const captureId = paypalId();
    const status = outcome === "CAPTURE_DECLINED" ? "DECLINED" : outcome;
    /** @type {FakeCapture} */
    const made = {
      id: captureId,
      status,
      ...(status === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
      amount: { ...unit.amount },
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      final_capture: true,
      seller_receivable_breakdown: breakdown(unit.amount),
      create_time: nowIso(),
      update_time: nowIso(),
      links: [
        { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${captureId}/refund`, rel: "refund", method: "POST" },
        { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "up", method: "GET" },
      ],
    };
    unit.payments = { captures: [made] };
    order.status = "COMPLETED";
    order.update_time = nowIso();
    order.links = [{ href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "self", method: "GET" }];
    const body = structuredClone(view(order, prefer));
    if (requestId) replays.set(`capture|${requestId}`, { orderId: id, body });
    record(201);
    return sendJson(res, 201, body);
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    const body = await readBody(req);
    if (req.method === "GET" && path === "/healthz") return sendJson(res, 200, { ok: true });

    const control = /^\/__fake\/orders\/([^/]+)\/(approve|outcome|complete)$/.exec(path);
    if (req.method === "POST" && control) {
      const [, id = "", action] = control;
      if (!orders.has(id)) return notFound(res);
      if (action === "approve") return sendJson(res, 200, { ok: approve(id) });
      if (action === "complete") return sendJson(res, 200, { ok: settlePending(id, "COMPLETED") });
      outcomes.set(id, parseJson(body)?.outcome ?? "COMPLETED");
      return sendJson(res, 200, { ok: true });
    }

    const subscriptionControl = /^\/__fake\/subscriptions\/([^/]+)\/(approve|bill)$/.exec(path);
    if (req.method === "POST" && subscriptionControl) {
      const [, id = "", action] = subscriptionControl;
      if (!subscriptions.has(id)) return notFound(res);
      const outcome = parseJson(body)?.outcome === "FAILED" ? "FAILED" : "COMPLETED";
      const events = action === "approve" ? approveSubscriptionNow(id) : billNow(id, outcome);
      return sendJson(res, 200, { ok: true, delivered: await deliver(events) });
    }

    if (state.unavailable) {
      return sendError(res, 503, "SERVICE_UNAVAILABLE", "Service Unavailable.");
    }

    if (req.method === "POST" && path === "/v1/oauth2/token") {
      state.tokenRequests += 1;
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        return sendJson(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      }
      if (new URLSearchParams(body).get("grant_type") !== "client_credentials") {
        return sendJson(res, 400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
      }
      const token = `A21AA${crypto.randomBytes(24).toString("base64url")}`;
      tokens.set(token, Date.now() + tokenTtlSeconds * 1000);
      return sendJson(res, 200, {
        scope:
          "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders/readwrite",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: tokenTtlSeconds,
        nonce: `${nowIso()}${crypto.randomBytes(16).toString("base64url")}`,
      });
    }

    const certMatch = /^\/v1\/notifications\/certs\/([^/]+)$/.exec(path);
    if (req.method === "GET" && certMatch) {
      certState.requests += 1;
      if (certState.unavailable) return sendError(res, 503, "SERVICE_UNAVAILABLE", "Service Unavailable.");
      const cert = certificates.get(decodeURIComponent(certMatch[1] ?? ""));
      if (!cert) return notFound(res);
      return res.writeHead(200, { "content-type": "text/plain" }).end(cert.pem);
    }

    if (
      !path.startsWith("/v2/") &&
      !path.startsWith("/v1/notifications/") &&
      !path.startsWith("/v1/customer/") &&
      !path.startsWith("/v1/catalogs/") &&
      !path.startsWith("/v1/billing/") &&
      !path.startsWith("/v1/payments/sale/")
    )
      return sendError(res, 404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.");
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (!expiry || expiry <= Date.now()) {
      return sendJson(res, 401, {
        name: "AUTHENTICATION_FAILURE",
        message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
        links: [{ href: "https://developer.paypal.com/docs/api/overview/#error", rel: "information_link" }],
      });
    }
    const requestId =
      typeof req.headers["paypal-request-id"] === "string" ? req.headers["paypal-request-id"] : undefined;
    const prefer = typeof req.headers.prefer === "string" ? req.headers.prefer : undefined;

    if (req.method === "POST" && path === "/v2/checkout/orders") {
      const replay = requestId ? replays.get(`create|${requestId}`) : undefined;
      if (replay) return sendJson(res, 200, replay.body);
      const input = parseJson(body);
      const unit = input?.purchase_units?.[0];
      if (!input || !["CAPTURE", "AUTHORIZE"].includes(input.intent) || !unit || !validMoney(unit.amount)) {
        return sendError(
          res,
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          [
            {
              field: "/purchase_units/0/amount",
              issue: "MISSING_REQUIRED_PARAMETER",
              description: "A required field / parameter is missing.",
            },
          ],
        );
      }
      const id = paypalId();
      /** @type {FakeOrder} */
      const order = {
        id,
        intent: input.intent,
        status: "CREATED",
        purchase_units: [
          {
            reference_id: unit.reference_id ?? "default",
            amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
            ...(unit.custom_id ? { custom_id: String(unit.custom_id) } : {}),
            ...(unit.description ? { description: String(unit.description) } : {}),
          },
        ],
        create_time: nowIso(),
        links: [
          { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
          { href: `${baseUrl}/checkoutnow?token=${id}`, rel: "approve", method: "GET" },
          { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "update", method: "PATCH" },
          { href: `${baseUrl}/v2/checkout/orders/${id}/capture`, rel: "capture", method: "POST" },
        ],
      };
      orders.set(id, order);
      if (options.autoApprove) approve(id);
      const answer = structuredClone(view(order, prefer));
      if (requestId) replays.set(`create|${requestId}`, { orderId: id, body: answer });
      return sendJson(res, 201, answer);
    }

    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const input = parseJson(body) ?? {};
      const cert = [...certificates.values()].find((c) => input.cert_url === certUrlOf(c.id));
      let ok = false;
      if (cert && input.auth_algo === "SHA256withRSA" && typeof input.transmission_sig === "string") {
        const text = signedText(
          String(input.transmission_id),
          String(input.transmission_time),
          String(input.webhook_id),
          JSON.stringify(input.webhook_event),
        );
        ok = crypto.verify("sha256", Buffer.from(text), cert.publicKey, Buffer.from(input.transmission_sig, "base64"));
      }
      const status = ok ? "SUCCESS" : "FAILURE";
      verifyCalls.push({ transmissionId: String(input.transmission_id), webhookId: String(input.webhook_id), status });
      return sendJson(res, 200, { verification_status: status });
    }

    const webhookMatch = /^\/v1\/notifications\/webhooks\/([^/]+)$/.exec(path);
    if (req.method === "GET" && webhookMatch) {
      const id = decodeURIComponent(webhookMatch[1] ?? "");
      const url = webhooks.get(id);
      if (!url) return notFound(res);
      return sendJson(res, 200, {
        id,
        url,
        event_types: [{ name: "PAYMENT.CAPTURE.REFUNDED", description: "A payment capture is refunded." }],
        links: [{ href: `${baseUrl}/v1/notifications/webhooks/${id}`, rel: "self", method: "GET" }],
      });
    }

    const disputeMatch = /^\/v1\/customer\/disputes\/([^/]+)$/.exec(path);
    if (req.method === "GET" && disputeMatch) {
      const dispute = disputes.get(decodeURIComponent(disputeMatch[1] ?? ""));
      return dispute ? sendJson(res, 200, dispute) : notFound(res);
    }

    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === "POST" && refundMatch) {
      const captureId = decodeURIComponent(refundMatch[1] ?? "");
      /** @param {number} status @param {string} [issue] */
      const record = (status, issue) => refundCalls.push({ captureId, requestId, status, ...(issue ? { issue } : {}) });
      const replay = requestId ? replays.get(`refund|${requestId}`) : undefined;
      if (replay && replay.orderId === captureId) {
        record(200);
        return sendJson(res, 200, replay.body);
      }
      const input = parseJson(body);
      if (input === undefined || (input.amount !== undefined && !validMoney(input.amount))) {
        record(400, "INVALID_PARAMETER_VALUE");
        return sendError(
          res,
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          [{ field: "/amount", issue: "INVALID_PARAMETER_VALUE", description: "The value of a field is invalid." }],
        );
      }
      const made = refund(captureId, input.amount, input.note_to_payer);
      if ("issue" in made) {
        if (made.issue === "INVALID_RESOURCE_ID") {
          record(404, made.issue);
          return notFound(res);
        }
        record(422, made.issue);
        return unprocessable(res, made.issue);
      }
      if (requestId) replays.set(`refund|${requestId}`, { orderId: captureId, body: made.refund });
      record(201);
      // PayPal's own notice may reach the app before this answer does.
      if (hooks.beforeRefundAnswer) await hooks.beforeRefundAnswer(structuredClone(made.refund));
      return sendJson(res, 201, made.refund);
    }

    if (path.startsWith("/v1/catalogs/") || path.startsWith("/v1/billing/"))
      return handleCatalog(req, path, body, requestId, res);

    // A subscription's sale refunded through the API (v1): 201 with the refund; its
    // PAYMENT.SALE.REFUNDED waits in takeEvents() like the other calls' events.
    const saleRefund = /^\/v1\/payments\/sale\/([^/]+)\/refund$/.exec(path);
    if (saleRefund && req.method === "POST") {
      const replay = requestId ? replays.get(`sale-refund|${requestId}`) : undefined;
      if (replay) return sendJson(res, 200, replay.body);
      const saleId = saleRefund[1] ?? "";
      if (!sales.has(saleId)) return notFound(res);
      const total = parseJson(body)?.amount?.total;
      const [event] = refundSaleNow(saleId, typeof total === "string" ? total : undefined, false);
      madeEvents.push(event);
      const refund = event.resource;
      if (requestId) replays.set(`sale-refund|${requestId}`, { orderId: saleId, body: refund });
      return sendJson(res, 201, refund);
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? orders.get(match[1] ?? "") : undefined;
    if (match && !order) return notFound(res);
    if (order && req.method === "POST" && match?.[2]) return capture(order.id, order, requestId, prefer, res);
    if (order && req.method === "GET" && !match?.[2]) return sendJson(res, 200, order);
    return sendError(res, 404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.");
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error("paypal fake:", err);
      if (!res.headersSent) sendError(res, 500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  const certUrlOf = (/** @type {string} */ id) => `${baseUrl}/v1/notifications/certs/${id}`;

  /**
   * A webhook delivery as PayPal would make it, signed for `webhookId` with the certificate's key
   * (at `transmissionTime`, now unless given). @param {string} eventType @param {unknown} resource
   * @param {string} webhookId @param {{ transmissionTime?: string }} [opts]
   */
  function signEvent(eventType, resource, webhookId, opts = {}) {
    const event = {
      id: `WH-${paypalId()}`,
      event_version: "1.0",
      create_time: nowIso(),
      resource_type: resourceTypeOf(eventType),
      event_type: eventType,
      summary: `${eventType} event`,
      resource,
      links: [],
    };
    return signDelivery(event, webhookId, opts);
  }

  /**
   * An event already made (its id and create_time kept), signed for `webhookId` as PayPal signs a
   * delivery: a redelivery of one event is this again. @param {any} event @param {string} webhookId
   * @param {{ transmissionTime?: string }} [opts]
   */
  function signDelivery(event, webhookId, opts = {}) {
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const transmissionTime = opts.transmissionTime ?? nowIso();
    const signature = crypto.sign(
      "sha256",
      Buffer.from(signedText(transmissionId, transmissionTime, webhookId, body)),
      certificate.privateKey,
    );
    const headers = {
      "content-type": "application/json",
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-time": transmissionTime,
      "paypal-transmission-sig": signature.toString("base64"),
      "paypal-cert-url": certUrlOf(certificate.id),
      "paypal-auth-algo": "SHA256withRSA",
    };
    return { event, body, headers };
  }

  /**
   * Posts each event, in the order given, to every webhook of this app (`webhooks`), signed for
   * it; the statuses the app answered.
   * @param {any[]} events
   */
  async function deliver(events) {
    /** @type {{ eventType: string, webhookId: string, status: number }[]} */
    const answers = [];
    for (const event of events) {
      for (const [webhookId, url] of webhooks) {
        const delivery = signDelivery(event, webhookId);
        const res = await fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body });
        await res.text();
        answers.push({ eventType: event.event_type, webhookId, status: res.status });
      }
    }
    return answers;
  }

  /** @param {any[]} events @param {{ deliver?: boolean }} [opts] */
  const emitted = async (events, opts = {}) => {
    if (opts.deliver !== false) await deliver(events);
    return events;
  };

  return {
    baseUrl,
    orders,
    products,
    billingPlans,
    subscriptions,
    sales,
    catalogCalls,
    signDelivery,
    deliver,
    /** Events the app's own calls made (suspend, activate, cancel), from the last take on. */
    takeEvents() {
      return madeEvents.splice(0, madeEvents.length);
    },
    /** The buyer approves the subscription: ACTIVE, its first sale; ACTIVATED and SALE.COMPLETED sent unless `deliver: false`. */
    approveSubscription: (/** @type {string} */ id, /** @type {{ deliver?: boolean }} */ opts = {}) =>
      emitted(approveSubscriptionNow(id), opts),
    /** The next billing (a retry when a payment is owed): a sale, or a failed payment (and a suspension at the threshold). */
    billSubscription: (
      /** @type {string} */ id,
      /** @type {{ outcome?: "COMPLETED" | "FAILED", deliver?: boolean }} */ opts = {},
    ) => emitted(billNow(id, opts.outcome ?? "COMPLETED"), opts),
    /** The buyer consents to a revision at its approve link: it takes effect at the next billing. */
    approveRevision(/** @type {string} */ id) {
      const state = subscriptionState.get(id);
      if (!state?.revision) return false;
      state.revision.consented = true;
      return true;
    },
    /** A refund of a sale in PayPal's dashboard (all of it unless `value`): PAYMENT.SALE.REFUNDED. */
    refundSale: (/** @type {string} */ saleId, /** @type {{ value?: string, deliver?: boolean }} */ opts = {}) =>
      emitted(refundSaleNow(saleId, opts.value, false), opts),
    /** A bank's chargeback of a sale: PAYMENT.SALE.REVERSED. */
    reverseSale: (/** @type {string} */ saleId, /** @type {{ deliver?: boolean }} */ opts = {}) =>
      emitted(refundSaleNow(saleId, undefined, true), opts),
    /** The buyer cancels from PayPal's own page: BILLING.SUBSCRIPTION.CANCELLED. */
    cancelAtPaypal(/** @type {string} */ id, /** @type {{ deliver?: boolean }} */ opts = {}) {
      const sub = subscriptionOrThrow(id);
      setStatus(sub, "CANCELLED", "Cancelled by the buyer");
      return emitted([planEvent("BILLING.SUBSCRIPTION.CANCELLED", sub)], opts);
    },
    /** How far the fake's clock for subscriptions runs ahead of the real one, in ms. */
    get clockOffsetMs() {
      return clock.offsetMs;
    },
    captureCalls,
    refundCalls,
    verifyCalls,
    /** Runs after a refund is made and before its answer is sent (undefined: answer at once). */
    set beforeRefundAnswer(/** @type {((refund: any) => Promise<void>) | undefined} */ fn) {
      hooks.beforeRefundAnswer = fn;
    },
    disputes,
    webhooks,
    signEvent,
    /** Signs and posts an event to `url`; the HTTP status the app answered. */
    async sendEvent(
      /** @type {string} */ url,
      /** @type {string} */ eventType,
      /** @type {unknown} */ resource,
      /** @type {string} */ webhookId,
    ) {
      const delivery = signEvent(eventType, resource, webhookId);
      const res = await fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body });
      return { status: res.status, body: await res.text(), delivery };
    },
    /** A refund made in PayPal's dashboard: the refund resource of PAYMENT.CAPTURE.REFUNDED. */
    refundAtPaypal(/** @type {string} */ captureId, /** @type {string | undefined} */ value) {
      const found = findCapture(captureId);
      const made = refund(
        captureId,
        value && found ? { currency_code: found.capture.amount.currency_code, value } : undefined,
        undefined,
      );
      if ("issue" in made) throw new Error(`paypal fake: cannot refund ${captureId}: ${made.issue}`);
      return made.refund;
    },
    /** A bank's chargeback: the capture REVERSED, and the resource of PAYMENT.CAPTURE.REVERSED. */
    reverseCapture(/** @type {string} */ captureId) {
      const found = findCapture(captureId);
      if (!found) throw new Error(`paypal fake: no capture ${captureId}`);
      const cap = /** @type {any} */ (found.capture);
      cap.status = "REVERSED";
      const id = paypalId();
      const made = {
        id,
        status: "COMPLETED",
        amount: { ...cap.amount },
        ...(cap.custom_id ? { custom_id: cap.custom_id } : {}),
        note_to_payer: "Chargeback",
        create_time: nowIso(),
        update_time: nowIso(),
        links: [
          { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
          { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
        ],
      };
      refunds.set(id, made);
      return structuredClone(made);
    },
    /** A buyer opens a dispute of a capture: the resource of CUSTOMER.DISPUTE.CREATED. */
    openDispute(
      /** @type {string} */ captureId,
      /** @type {{ value?: string, reason?: string, withCustom?: boolean }} */ opts = {},
    ) {
      const found = findCapture(captureId);
      if (!found) throw new Error(`paypal fake: no capture ${captureId}`);
      const id = `PP-D-${Math.floor(Math.random() * 1e6)}`;
      const dispute = {
        dispute_id: id,
        create_time: nowIso(),
        update_time: nowIso(),
        disputed_transactions: [
          {
            seller_transaction_id: captureId,
            ...(opts.withCustom && found.capture.custom_id ? { custom: found.capture.custom_id } : {}),
          },
        ],
        reason: opts.reason ?? "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
        status: "OPEN",
        dispute_amount: {
          currency_code: found.capture.amount.currency_code,
          value: opts.value ?? found.capture.amount.value,
        },
        dispute_life_cycle_stage: "CHARGEBACK",
        dispute_channel: "EXTERNAL",
        links: [{ href: `${baseUrl}/v1/customer/disputes/${id}`, rel: "self", method: "GET" }],
      };
      disputes.set(id, dispute);
      return structuredClone(dispute);
    },
    /** PayPal decides a dispute: the resource of CUSTOMER.DISPUTE.RESOLVED. */
    resolveDispute(/** @type {string} */ id, /** @type {string} */ outcomeCode) {
      const dispute = disputes.get(id);
      if (!dispute) throw new Error(`paypal fake: no dispute ${id}`);
      dispute.status = "RESOLVED";
      dispute.update_time = nowIso();
      dispute.dispute_outcome = { outcome_code: outcomeCode };
      return structuredClone(dispute);
    },
    /** How many times a certificate was asked for (served or not). */
    get certRequests() {
      return certState.requests;
    },
    /** While true, the certificate URLs answer 503, as when PayPal's certificate host is down. */
    setCertUnavailable(/** @type {boolean} */ down) {
      certState.unavailable = down;
    },
    /** PayPal signs with a new key from now on, under a new certificate URL; the old one is still served. */
    rotateCertificate() {
      certificate = webhookCertificate(`CERT-${crypto.randomBytes(12).toString("hex")}`, ca);
      certificates.set(certificate.id, certificate);
      return certUrlOf(certificate.id);
    },
    /** How many token requests arrived (good credentials or not). */
    get tokenRequests() {
      return state.tokenRequests;
    },
    /** The buyer approves the order in PayPal's window. */
    approve,
    /** What the next capture of this order does (default COMPLETED). */
    setCaptureOutcome(/** @type {string} */ id, /** @type {CaptureOutcome} */ outcome) {
      outcomes.set(id, outcome);
    },
    /** PayPal finishes a PENDING capture (e-check cleared, review passed). */
    completePending: (/** @type {string} */ id) => settlePending(id, "COMPLETED"),
    /** PayPal declines a PENDING capture after all. */
    declinePending: (/** @type {string} */ id) => settlePending(id, "DECLINED"),
    /** Every access token stops working (PayPal revoked them or they expired early). */
    revokeTokens() {
      tokens.clear();
    },
    /** While true, every API call answers 503, as during a PayPal outage. */
    setUnavailable(/** @type {boolean} */ down) {
      state.unavailable = down;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      });
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const fake = await startPaypalFake({
    port: Number(env.PAYPAL_FAKE_PORT ?? 4020),
    host: env.PAYPAL_FAKE_HOST ?? "127.0.0.1",
    clientId: env.PAYPAL_FAKE_CLIENT_ID ?? "fake-paypal-client-id",
    clientSecret: env.PAYPAL_FAKE_CLIENT_SECRET ?? "fake-paypal-client-secret",
    autoApprove: env.PAYPAL_FAKE_AUTO_APPROVE === "true",
  });
  console.log(`PayPal fake listening on ${fake.baseUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
