/**
 * What an anonymous POST /paypal/webhook costs (issue 66 §5, decision 0133). Deliveries whose
 * headers cannot be PayPal's, bodies too large and event types nothing is done with are answered
 * without asking PayPal; the rest are checked against PayPal's certificate, fetched from the fake
 * PayPal once and cached, and PayPal's verify-webhook-signature is asked only when the certificate
 * cannot be read, a few times a minute at most. Floods are counted per address. The fake signs its
 * deliveries as PayPal documents (SHA256withRSA over transmission id, time, webhook id and the
 * body's CRC32) and serves the certificate, over real HTTP.
 */
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { creditPackages, paymentOrders, paymentReversals } from "../../src/server/db/schema.js";
import { PAYPAL_WEBHOOK_LIMITS, PAYPAL_WEBHOOK_MAX_BYTES } from "../../src/server/features/payments/paypal-webhook.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import { startPaypalFake, type PaypalFake, type SignedDelivery } from "../fakes/paypal-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, signInAdmin, type TestApp } from "../helpers/test-app.js";
import { balanceOf, userWithCredits } from "../helpers/video-app.js";

const CLIENT_ID = "CostPayPalClientId0123456789";
const CLIENT_SECRET = "cost-paypal-secret-0123456789";
const WEBHOOK_ID = "5GP028458E2496506";
const PAYPAL_SETTINGS = {
  paypalEnabled: true,
  paypalClientId: CLIENT_ID,
  paypalClientSecret: CLIENT_SECRET,
  paypalEnvironment: "sandbox",
  paypalWebhookId: WEBHOOK_ID,
};
const PACK = { name: "Cost Pack", credits: 100, price: "10.00" };
const REFUNDED = "PAYMENT.CAPTURE.REFUNDED";

let fake: PaypalFake;
let t: TestApp;
let webhookUrl: string;
let packageId: string;
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startPaypalFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  t = await createTestApp({ env: { PAYPAL_BASE_URL: fake.baseUrl } });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/paypal/webhook`;
  const admin = await signInAdmin(t);
  expect((await admin.put("/api/admin/settings", PAYPAL_SETTINGS)).statusCode).toBe(200);
  await updateSettings(db(), t.secretBox, { moderationCreemEnabled: false });
  const [pkg] = await db().insert(creditPackages).values(PACK).returning();
  packageId = pkg!.id;
}, 60_000);
afterEach(async () => {
  fake.setCertUnavailable(false);
  await expectLedgerBalanced(db());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A buyer who paid PACK through PayPal, and the capture's refund made in PayPal's dashboard. */
async function refundedOrder() {
  const u = await userWithCredits(t.app, db(), 0);
  const created = await u.client.post("/paypal/order", { packageId });
  expect(created.statusCode, created.body).toBe(200);
  const paypalOrderId = created.json<{ id: string }>().id;
  fake.approve(paypalOrderId);
  expect((await u.client.post(`/paypal/order/${paypalOrderId}/capture`, {})).statusCode).toBe(200);
  const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, paypalOrderId));
  return { user: u, order: order!, refund: fake.refundAtPaypal(order!.providerPaymentId!) };
}

const reversalsOf = (orderId: string) =>
  db().select().from(paymentReversals).where(eq(paymentReversals.orderId, orderId));

/** A refund resource naming no order of ours: verified, it is logged and answered 200. */
const strangerRefund = () => ({
  id: `REFUND${crypto.randomInt(1e9)}`,
  status: "COMPLETED",
  amount: { currency_code: "USD", value: "5.00" },
  links: [],
});

/** Posts a delivery from `address` (not PayPal's: a flood's sender). */
async function deliver(body: string, headers: Record<string, string>, address = "203.0.113.9") {
  const res = await t.app.inject({
    method: "POST",
    url: "/paypal/webhook",
    headers,
    payload: body,
    remoteAddress: address,
  });
  return { status: res.statusCode, body: res.body };
}

/** A forgery: a genuine delivery's headers with a made-up signature of the right shape. */
function forged(delivery: SignedDelivery): SignedDelivery {
  const sig = crypto.randomBytes(256).toString("base64");
  return { ...delivery, headers: { ...delivery.headers, "paypal-transmission-sig": sig } };
}

/** What PayPal was asked so far: verify-webhook-signature calls and certificate fetches. */
const asked = () => ({ verify: fake.verifyCalls.length, certs: fake.certRequests });

describe("refusals that ask PayPal nothing", () => {
  it("refuses headers that cannot be PayPal's: a certificate URL off PayPal's hosts, a time too far, another algorithm", async () => {
    const genuine = fake.signEvent(REFUNDED, strangerRefund(), WEBHOOK_ID);
    const before = asked();
    const hour = 60 * 60_000;
    const stale = fake.signEvent(REFUNDED, strangerRefund(), WEBHOOK_ID, {
      transmissionTime: new Date(Date.now() - hour).toISOString(),
    });
    const ahead = fake.signEvent(REFUNDED, strangerRefund(), WEBHOOK_ID, {
      transmissionTime: new Date(Date.now() + hour).toISOString(),
    });
    const certPath = "/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77";
    const cases: [SignedDelivery, string][] = [
      // Genuinely signed, but an hour old or an hour ahead: a replay, or a clock far off.
      [stale, "PAYPAL-TRANSMISSION-TIME is not within 10 minutes of now"],
      [ahead, "PAYPAL-TRANSMISSION-TIME is not within 10 minutes of now"],
      ...[
        `https://evil.example${certPath}`,
        `http://api.paypal.com${certPath}`,
        `https://api.paypal.com.evil.example${certPath}`,
        `https://api.paypal.com:8443${certPath}`,
        `https://someone@api.paypal.com${certPath}`,
        `${fake.baseUrl}/v1/oauth2/token`,
        `${fake.baseUrl}${certPath}?x=1`,
      ].map((url): [SignedDelivery, string] => [
        { ...genuine, headers: { ...genuine.headers, "paypal-cert-url": url } },
        "PAYPAL-CERT-URL is not a certificate on PayPal's hosts",
      ]),
      [
        { ...genuine, headers: { ...genuine.headers, "paypal-auth-algo": "SHA1withRSA" } },
        "PAYPAL-AUTH-ALGO must be SHA256withRSA",
      ],
      [
        { ...genuine, headers: { ...genuine.headers, "paypal-transmission-time": "yesterday" } },
        "PAYPAL-TRANSMISSION-TIME is not a date and time",
      ],
      [
        { ...genuine, headers: { ...genuine.headers, "paypal-transmission-sig": "not base64!" } },
        "PAYPAL-TRANSMISSION-SIG is not a base64 signature",
      ],
    ];
    for (const [delivery, why] of cases) {
      const res = await deliver(delivery.body, delivery.headers);
      expect(res.status, delivery.headers["paypal-cert-url"]).toBe(401);
      expect(res.body).toContain(why);
    }
    expect(asked()).toEqual(before);
  });

  it("answers a body over 256 KiB with 413 before PayPal is asked", async () => {
    const genuine = fake.signEvent(REFUNDED, strangerRefund(), WEBHOOK_ID);
    const before = asked();
    const big = JSON.stringify({ ...genuine.event, padding: "x".repeat(PAYPAL_WEBHOOK_MAX_BYTES) });
    const res = await deliver(big, genuine.headers);
    expect(res.status).toBe(413);
    expect(res.body).toContain("too large");
    expect(asked()).toEqual(before);
  });

  it("answers 200 to an event type it does not act on, unverified and without asking PayPal", async () => {
    const before = asked();
    const unsigned = forged(fake.signEvent("CHECKOUT.ORDER.APPROVED", { id: "5O190127TN364715T" }, WEBHOOK_ID));
    expect(await deliver(unsigned.body, unsigned.headers)).toMatchObject({ status: 200, body: '{"received":true}' });
    const completed = forged(fake.signEvent("PAYMENT.CAPTURE.COMPLETED", { id: "CAPTURE" }, WEBHOOK_ID));
    expect((await deliver(completed.body, completed.headers)).status).toBe(200);
    expect(asked()).toEqual(before);
  });
});

describe("verification against PayPal's certificate", () => {
  it("verifies genuine deliveries itself, fetching the certificate once", async () => {
    const first = await refundedOrder();
    const second = await refundedOrder();
    const before = asked();
    expect((await fake.sendEvent(webhookUrl, REFUNDED, first.refund, WEBHOOK_ID)).status).toBe(200);
    expect((await fake.sendEvent(webhookUrl, REFUNDED, second.refund, WEBHOOK_ID)).status).toBe(200);
    expect(await reversalsOf(first.order.id)).toHaveLength(1);
    expect(await reversalsOf(second.order.id)).toHaveLength(1);
    expect((await balanceOf(db(), second.user.id)).credits).toBe(0);
    expect(asked().verify).toBe(before.verify);
    expect(asked().certs - before.certs).toBeLessThanOrEqual(1);

    // Signed for another webhook, or the body changed after signing: refused without PayPal.
    const third = await refundedOrder();
    const elsewhere = fake.signEvent(REFUNDED, third.refund, "OTHERWEBHOOK00000");
    expect((await deliver(elsewhere.body, elsewhere.headers)).status).toBe(401);
    const genuine = fake.signEvent(REFUNDED, third.refund, WEBHOOK_ID);
    const altered = genuine.body.replace('"value":"10.00"', '"value":"1.00"');
    expect(altered).not.toBe(genuine.body);
    expect(await deliver(altered, genuine.headers)).toMatchObject({ status: 401 });
    expect(await reversalsOf(third.order.id)).toEqual([]);
    expect(asked().verify).toBe(before.verify);
  });

  it("makes no PayPal call for a flood of forged deliveries, limits each address, and still takes a genuine one", async () => {
    const { user, order, refund } = await refundedOrder();
    const before = asked();
    const statuses: number[] = [];
    const flood = PAYPAL_WEBHOOK_LIMITS.perAddress.max + 10;
    for (let i = 0; i < flood; i++) {
      const attempt = forged(fake.signEvent(REFUNDED, refund, WEBHOOK_ID));
      statuses.push((await deliver(attempt.body, attempt.headers, "198.51.100.23")).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(PAYPAL_WEBHOOK_LIMITS.perAddress.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(asked().verify).toBe(before.verify);
    expect(asked().certs - before.certs).toBeLessThanOrEqual(1);
    expect(await reversalsOf(order.id)).toEqual([]);

    // PayPal, from its own address, is not held up by the flood.
    expect((await fake.sendEvent(webhookUrl, REFUNDED, refund, WEBHOOK_ID)).status).toBe(200);
    expect(await reversalsOf(order.id)).toHaveLength(1);
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
    expect(asked().verify).toBe(before.verify);
  });

  it("refuses a certificate URL PayPal has no certificate at, asking for it once", async () => {
    const { order, refund } = await refundedOrder();
    const before = asked();
    const genuine = fake.signEvent(REFUNDED, refund, WEBHOOK_ID);
    const headers = { ...genuine.headers, "paypal-cert-url": `${fake.baseUrl}/v1/notifications/certs/CERT-NOSUCH` };
    for (let i = 0; i < 5; i++) {
      const res = await deliver(genuine.body, headers);
      expect(res.status).toBe(401);
      expect(res.body).toContain("PayPal has no certificate at PAYPAL-CERT-URL");
    }
    expect(asked()).toEqual({ verify: before.verify, certs: before.certs + 1 });
    expect(await reversalsOf(order.id)).toEqual([]);
  });

  // Last: it spends this minute's calls to PayPal's verify-webhook-signature.
  it("asks PayPal's API when the certificate cannot be read, a few times a minute at most", async () => {
    const { user, order, refund } = await refundedOrder();
    fake.rotateCertificate();
    fake.setCertUnavailable(true);
    const before = asked();

    expect((await fake.sendEvent(webhookUrl, REFUNDED, refund, WEBHOOK_ID)).status).toBe(200);
    expect(fake.verifyCalls.slice(before.verify).map((c) => c.status)).toEqual(["SUCCESS"]);
    expect(await reversalsOf(order.id)).toHaveLength(1);
    expect((await balanceOf(db(), user.id)).credits).toBe(0);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const attempt = forged(fake.signEvent(REFUNDED, refund, WEBHOOK_ID));
      statuses.push((await deliver(attempt.body, attempt.headers, "192.0.2.44")).status);
    }
    const max = PAYPAL_WEBHOOK_LIMITS.apiVerifications.max;
    expect(statuses.filter((s) => s === 401)).toHaveLength(max - 1);
    expect(statuses.filter((s) => s === 503)).toHaveLength(30 - (max - 1));
    expect(fake.verifyCalls.length - before.verify).toBe(max);
    expect(fake.verifyCalls.slice(before.verify + 1).every((c) => c.status === "FAILURE")).toBe(true);
    // The unreadable certificate is remembered for a minute, not asked for again each time.
    expect(asked().certs - before.certs).toBe(1);
  });
});
