/**
 * Discount codes inside purchases (issue 70, decision 0158): a package bought with a code through
 * Creem (a single-use Creem discount of exactly the cents taken off) and through PayPal (the
 * amount after it sent as the order's), the code reserved with the order and paid with its
 * credit, given back when the order fails, raced, restarted; and refunds and chargebacks of a
 * discounted purchase taking back in proportion to what was actually paid.
 */
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  creditPackages,
  paymentOrders,
  promoCodeRedemptions,
  promoCodes,
  transactions,
} from "../../src/server/db/schema.js";
import { resolveDispute } from "../../src/server/features/payments/disputes.js";
import { providerActor } from "../../src/server/features/payments/reversals.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import { DiscountReservationSweep } from "../../src/server/jobs/discount-reservation-sweep.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, signInAdmin, type Client, type TestApp } from "../helpers/test-app.js";
import { balanceOf, userWithCredits } from "../helpers/video-app.js";

const CREEM_KEY = "creem_test_key_discounts_0123456789";
const CREEM_SECRET = "whsec_discounts_0123456789abcdef";
const PAYPAL_ID = "DiscountsPayPalClientId0123456789";
const PAYPAL_SECRET = "discounts-paypal-secret-0123456789";
const WEBHOOK_ID = "8PT597110X687430LKGEDISC";
const PUBLIC_URL = "http://veo.test";
/** 100 credits (and 20 bonus) for 25.00. */
const PACK = { name: "Code Pack", credits: 100, bonusCredits: 20, price: "25.00", creemProductId: "prod_codes" };

let creem: CreemFake;
let paypal: PaypalFake;
let t: TestApp;
let admin: Client;
let base: string;
let packageId: string;
const logs: string[] = [];
const db = () => t.database.db;

beforeAll(async () => {
  creem = await startCreemFake({
    apiKey: CREEM_KEY,
    webhookSecret: CREEM_SECRET,
    products: { prod_codes: { price: 2500, currency: "USD", name: "Code Pack" } },
  });
  paypal = await startPaypalFake({ clientId: PAYPAL_ID, clientSecret: PAYPAL_SECRET });
  const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
  t = await createTestApp({
    env: { CREEM_BASE_URL: creem.baseUrl, PAYPAL_BASE_URL: paypal.baseUrl, PUBLIC_URL },
    logger,
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  creem.webhookUrl = `${base}/api/creem/webhook`;
  admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    creemEnabled: true,
    creemApiKey: CREEM_KEY,
    creemWebhookSecret: CREEM_SECRET,
    creemEnvironment: "test",
    paypalEnabled: true,
    paypalClientId: PAYPAL_ID,
    paypalClientSecret: PAYPAL_SECRET,
    paypalEnvironment: "sandbox",
    paypalWebhookId: WEBHOOK_ID,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [pkg] = await db().insert(creditPackages).values(PACK).returning();
  packageId = pkg!.id;
}, 60_000);
afterEach(async () => {
  creem.amountBeforeDiscount = false;
  await expectLedgerBalanced(db());
});
afterAll(async () => {
  await t?.close();
  await creem?.close();
  await paypal?.close();
});

let codeSeq = 0;
/** A discount code (20 % off unless told), made as an admin would. */
async function discountCode(values: Partial<typeof promoCodes.$inferInsert> = {}) {
  codeSeq += 1;
  const [code] = await db()
    .insert(promoCodes)
    .values({
      code: `SAVE${String(codeSeq).padStart(4, "0")}${Date.now().toString(36).toUpperCase()}`,
      kind: "discount",
      percentOff: values.amountOffCents ? null : 20,
      ...values,
    })
    .returning();
  return code!;
}

const buyer = () => userWithCredits(t.app, db(), 0);

async function codeRow(id: string) {
  const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, id));
  return row!;
}

const redemptionsOf = (codeId: string) =>
  db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, codeId));

async function orderRow(id: string) {
  const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row!;
}

async function orderByProviderId(providerOrderId: string) {
  const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId));
  return row!;
}

/** POST /api/creem/checkout with a code; the checkout id from the URL it answers. */
async function creemCheckout(client: Client, code?: string): Promise<string> {
  const res = await client.post("/api/creem/checkout", { packageId, ...(code ? { code } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  const id = /\/checkout\/(ch_[0-9a-f]+)$/.exec(res.json<{ checkoutUrl: string }>().checkoutUrl)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/** A buyer who paid PACK with a 20 % code through Creem (20.00), credited by the webhook. */
async function paidThroughCreem() {
  const code = await discountCode();
  const user = await buyer();
  const checkoutId = await creemCheckout(user.client, code.code.toLowerCase());
  expect(await creem.completeCheckout(checkoutId)).toBe(200);
  const order = await orderByProviderId(checkoutId);
  expect(order.status).toBe("completed");
  return { code, user, checkoutId, order };
}

describe("a package bought with a discount code through Creem", () => {
  it("charges the discounted amount through a single-use Creem discount, credits the package, marks the code paid", async () => {
    const code = await discountCode({ maxUses: 5 });
    const user = await buyer();
    // Typed as a person would: lower case, with a dash.
    const typed = `${code.code.slice(0, 4).toLowerCase()}-${code.code.slice(4)}`;
    const checkoutId = await creemCheckout(user.client, typed);

    const order = await orderByProviderId(checkoutId);
    expect(order).toMatchObject({
      status: "created",
      amount: "20.00",
      listAmount: "25.00",
      promoCodeId: code.id,
      credits: 100,
      bonusCredits: 20,
    });
    const [reserved] = await redemptionsOf(code.id);
    expect(reserved).toMatchObject({ status: "reserved", orderId: order.id, userId: user.id, discountCents: 500 });

    // Creem was given a code of its own, for exactly the 5.00 off, this product, once, soon over.
    const checkout = creem.checkouts.get(checkoutId)!;
    const discount = creem.discounts.get(checkout.discount_id!)!;
    expect(discount).toMatchObject({
      type: "fixed",
      amount: 500,
      currency: "USD",
      duration: "once",
      max_redemptions: 1,
      applies_to_products: ["prod_codes"],
      redeem_count: 0,
    });
    expect(checkout.discount_code).toBe(discount.code);
    expect(discount.code).toMatch(/^[A-Z0-9]{14}$/);
    expect(discount.code).not.toBe(code.code);
    const expiresIn = Date.parse(discount.expiry_date!) - Date.now();
    expect(expiresIn).toBeGreaterThan(11 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3600_000);

    expect(await creem.completeCheckout(checkoutId)).toBe(200);
    expect(checkout.order).toMatchObject({ amount: 2000, amount_paid: 2000, discount_amount: 500 });
    expect(await orderRow(order.id)).toMatchObject({ status: "completed", amount: "20.00" });
    expect((await balanceOf(db(), user.id)).credits).toBe(120);
    const [paid] = await redemptionsOf(code.id);
    expect(paid).toMatchObject({ status: "paid", orderId: order.id, paidCents: 2000, discountCents: 500 });
    expect((await codeRow(code.id)).uses).toBe(1);
    expect(discount.redeem_count).toBe(1);

    // The Creem code is spent: another checkout with it is refused by Creem.
    const again = await fetch(`${creem.baseUrl}/v1/checkouts`, {
      method: "POST",
      headers: { "x-api-key": CREEM_KEY, "content-type": "application/json" },
      body: JSON.stringify({ product_id: "prod_codes", discount_code: discount.code }),
    });
    expect(again.status).toBe(400);
  });

  it("credits when Creem's order amount is the price before the discount (the other reading)", async () => {
    creem.amountBeforeDiscount = true;
    const { user, checkoutId, order, code } = await paidThroughCreem();
    expect(creem.checkouts.get(checkoutId)!.order).toMatchObject({
      amount: 2500,
      discount_amount: 500,
      amount_paid: 2000,
    });
    expect(order.amount).toBe("20.00");
    expect((await balanceOf(db(), user.id)).credits).toBe(120);
    expect((await redemptionsOf(code.id))[0]).toMatchObject({ status: "paid", paidCents: 2000 });
  });

  it("credits nothing when Creem charged something else than the discounted amount", async () => {
    const code = await discountCode();
    const user = await buyer();
    const checkoutId = await creemCheckout(user.client, code.code);
    expect(await creem.completeCheckout(checkoutId, { amount: 2100 })).toBe(200);
    const order = await orderByProviderId(checkoutId);
    expect(order.status).toBe("created");
    expect(order.failureReason).toMatch(/amount mismatch/);
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
  });

  it("credits the full price when Creem charged it without the code, and gives the code back", async () => {
    const code = await discountCode({ maxUses: 1 });
    const user = await buyer();
    const checkoutId = await creemCheckout(user.client, code.code);
    // The buyer took the code off Creem's page (or it had expired): Creem charged 25.00, no discount.
    expect(await creem.completeCheckout(checkoutId, { amount: 2500 })).toBe(200);
    expect(await orderByProviderId(checkoutId)).toMatchObject({
      status: "completed",
      amount: "25.00",
      listAmount: null,
      promoCodeId: null,
    });
    expect((await balanceOf(db(), user.id)).credits).toBe(120);
    expect((await redemptionsOf(code.id))[0]).toMatchObject({ status: "released", orderId: null });
    expect((await codeRow(code.id)).uses).toBe(0);
  });

  it("lets a person start the checkout again with the same code: the first reservation is given back", async () => {
    const code = await discountCode({ maxUses: 1 });
    const user = await buyer();
    const first = await creemCheckout(user.client, code.code);
    const second = await creemCheckout(user.client, code.code);
    const [firstOrder, secondOrder] = [await orderByProviderId(first), await orderByProviderId(second)];
    const rows = await redemptionsOf(code.id);
    expect(rows.find((r) => r.orderId === firstOrder.id)?.status).toBe("released");
    expect(rows.find((r) => r.orderId === secondOrder.id)?.status).toBe("reserved");
    expect((await codeRow(code.id)).uses).toBe(1);

    expect(await creem.completeCheckout(second)).toBe(200);
    expect((await orderRow(secondOrder.id)).status).toBe("completed");
    expect((await balanceOf(db(), user.id)).credits).toBe(120);
    expect((await codeRow(code.id)).uses).toBe(1);
  });

  it("gives a single-use code to one of two checkouts racing for it", async () => {
    const code = await discountCode({ maxUses: 1 });
    const [a, b] = [await buyer(), await buyer()];
    const answers = await Promise.all(
      [a, b].map((u) => u.client.post("/api/creem/checkout", { packageId, code: code.code })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    expect((await codeRow(code.id)).uses).toBe(1);
    const live = (await redemptionsOf(code.id)).filter((r) => r.status !== "released");
    expect(live).toHaveLength(1);
  });

  it("refuses a code that does not apply, writing no order", async () => {
    const user = await buyer();
    const res = await user.client.post("/api/creem/checkout", { packageId, code: "NOSUCHCODE42" });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const orders = await db().select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    expect(orders).toEqual([]);
  });

  it("gives the code back when Creem will not make the checkout, and when the checkout expires", async () => {
    const code = await discountCode({ maxUses: 1 });
    const user = await buyer();
    await updateSettings(db(), t.secretBox, { creemApiKey: "creem_test_revoked_key_0000000000" });
    try {
      const res = await user.client.post("/api/creem/checkout", { packageId, code: code.code });
      expect(res.statusCode).toBe(502);
    } finally {
      await updateSettings(db(), t.secretBox, { creemApiKey: CREEM_KEY });
    }
    const [failed] = await db().select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    expect(failed).toMatchObject({ status: "failed", promoCodeId: code.id });
    expect((await redemptionsOf(code.id))[0]?.status).toBe("released");
    expect((await codeRow(code.id)).uses).toBe(0);

    // The code is free again; this checkout expires unpaid, and the return page finds it so.
    const checkoutId = await creemCheckout(user.client, code.code);
    expect((await codeRow(code.id)).uses).toBe(1);
    creem.expireCheckout(checkoutId);
    const confirm = await user.client.post("/api/creem/confirm", { checkoutId });
    expect(confirm.json()).toMatchObject({ status: "failed", reason: "checkout_expired" });
    expect((await orderByProviderId(checkoutId)).status).toBe("failed");
    expect((await codeRow(code.id)).uses).toBe(0);
  });

  it("gives the code of an order unpaid after 24 hours back (the sweep); a payment after that still counts it", async () => {
    const code = await discountCode({ maxUses: 1 });
    const user = await buyer();
    const checkoutId = await creemCheckout(user.client, code.code);
    expect(await new DiscountReservationSweep({ db: db() }, {}).runOnce()).toBe(0);
    expect(await new DiscountReservationSweep({ db: db() }, { holdMs: 0 }).runOnce()).toBeGreaterThanOrEqual(1);
    expect((await redemptionsOf(code.id))[0]?.status).toBe("released");
    expect((await codeRow(code.id)).uses).toBe(0);

    // Paid late at its discount: credited, and the use counted again.
    expect(await creem.completeCheckout(checkoutId)).toBe(200);
    expect((await orderByProviderId(checkoutId)).status).toBe("completed");
    expect((await balanceOf(db(), user.id)).credits).toBe(120);
    expect((await redemptionsOf(code.id))[0]?.status).toBe("paid");
    expect((await codeRow(code.id)).uses).toBe(1);
  });

  it("takes back all the credits for a full refund of what was paid, and a share for a partial one", async () => {
    const full = await paidThroughCreem();
    // All of what was paid (20.00): everything the order gave, though the list price was 25.00.
    expect(await creem.deliverWebhook(creem.refundEvent(full.checkoutId))).toBe(200);
    expect(await orderRow(full.order.id)).toMatchObject({ refundedCents: 2000, reversedCredits: 120 });
    expect((await balanceOf(db(), full.user.id)).credits).toBe(0);

    const part = await paidThroughCreem();
    // 5.00 of the 20.00 paid: a quarter of the 120 credits.
    expect(await creem.deliverWebhook(creem.refundEvent(part.checkoutId, { amount: 500 }))).toBe(200);
    expect(await orderRow(part.order.id)).toMatchObject({ refundedCents: 500, reversedCredits: 30 });
    expect((await balanceOf(db(), part.user.id)).credits).toBe(90);
  });

  it("takes back everything for a chargeback of the discounted payment, decided lost", async () => {
    const { checkoutId, order, user } = await paidThroughCreem();
    expect(await creem.deliverWebhook(creem.disputeEvent(checkoutId))).toBe(200);
    const [reversal] = await db().transaction(async (tx) => [
      await resolveDispute(tx, {
        orderId: order.id,
        provider: "creem",
        providerDisputeId: [...creem.webhookDeliveries]
          .reverse()
          .map((d) => JSON.parse(d.body) as { eventType: string; object: { id: string } })
          .find((e) => e.eventType === "dispute.created")!.object.id,
        amountCents: 2000,
        currency: "USD",
        reason: "fraudulent",
        outcome: "lost",
        outcomeCode: "lost",
        source: "admin",
        actor: providerActor("creem"),
      }),
    ]);
    expect(reversal).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 2000, reversedCredits: 120 });
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
  });
});

/** POST /paypal/order with a code; PayPal's order id. */
async function paypalOrder(client: Client, code?: string): Promise<string> {
  const res = await client.post("/paypal/order", { packageId, ...(code ? { code } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

/** A buyer who paid PACK with a 20 % code through PayPal (20.00). */
async function paidThroughPaypal() {
  const code = await discountCode();
  const user = await buyer();
  const paypalOrderId = await paypalOrder(user.client, code.code);
  expect(paypal.approve(paypalOrderId)).toBe(true);
  const res = await user.client.post(`/paypal/order/${paypalOrderId}/capture`, {});
  expect(res.statusCode, res.body).toBe(200);
  const order = await orderByProviderId(paypalOrderId);
  const captureId = order.providerPaymentId!;
  return { code, user, order, captureId };
}

const sendPaypal = (eventType: string, resource: unknown) =>
  paypal.sendEvent(`${base}/paypal/webhook`, eventType, resource, WEBHOOK_ID);

describe("a package bought with a discount code through PayPal", () => {
  it("asks PayPal the discounted amount, credits the package and marks the code paid", async () => {
    const { code, user, order } = await paidThroughPaypal();
    expect(paypal.orders.get(order.providerOrderId!)?.purchase_units[0]?.amount).toEqual({
      currency_code: "USD",
      value: "20.00",
    });
    expect(order).toMatchObject({ status: "completed", amount: "20.00", listAmount: "25.00", promoCodeId: code.id });
    expect((await balanceOf(db(), user.id)).credits).toBe(120);
    expect((await redemptionsOf(code.id))[0]).toMatchObject({ status: "paid", orderId: order.id, paidCents: 2000 });
    expect((await codeRow(code.id)).uses).toBe(1);

    // The receipt says what was paid, and the discount beside it.
    const receipt = await user.client.get(`/api/payments/orders/${order.id}/receipt`);
    expect(receipt.json()).toMatchObject({
      amount: "20.00",
      discount: { code: code.code, listAmount: "25.00", amountOff: "5.00" },
    });
  });

  it("gives the code back when PayPal declines the payment", async () => {
    const code = await discountCode({ maxUses: 1 });
    const user = await buyer();
    const paypalOrderId = await paypalOrder(user.client, code.code);
    paypal.setCaptureOutcome(paypalOrderId, "DECLINED");
    expect(paypal.approve(paypalOrderId)).toBe(true);
    const res = await user.client.post(`/paypal/order/${paypalOrderId}/capture`, {});
    expect(res.statusCode).toBe(402);
    expect((await orderByProviderId(paypalOrderId)).status).toBe("failed");
    expect((await redemptionsOf(code.id))[0]?.status).toBe("released");
    expect((await codeRow(code.id)).uses).toBe(0);
  });

  it("takes back all for a full refund of what was paid, a share for a partial one, all for a chargeback", async () => {
    const full = await paidThroughPaypal();
    expect((await sendPaypal("PAYMENT.CAPTURE.REFUNDED", paypal.refundAtPaypal(full.captureId))).status).toBe(200);
    expect(await orderRow(full.order.id)).toMatchObject({ refundedCents: 2000, reversedCredits: 120 });
    expect((await balanceOf(db(), full.user.id)).credits).toBe(0);

    const part = await paidThroughPaypal();
    const refund = paypal.refundAtPaypal(part.captureId, "10.00");
    expect((await sendPaypal("PAYMENT.CAPTURE.REFUNDED", refund)).status).toBe(200);
    // Half of the 20.00 paid: half of the 120 credits (not 10/25 of them).
    expect(await orderRow(part.order.id)).toMatchObject({ refundedCents: 1000, reversedCredits: 60 });
    expect((await balanceOf(db(), part.user.id)).credits).toBe(60);

    const charged = await paidThroughPaypal();
    expect((await sendPaypal("PAYMENT.CAPTURE.REVERSED", paypal.reverseCapture(charged.captureId))).status).toBe(200);
    expect(await orderRow(charged.order.id)).toMatchObject({ refundedCents: 2000, reversedCredits: 120 });
    expect((await balanceOf(db(), charged.user.id)).credits).toBe(0);
    const reversals = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, charged.user.id), eq(transactions.type, "reversal")));
    expect(reversals.map((r) => r.amount)).toEqual([-120]);
  });
});
