/**
 * A discount code on a plan (issue 70, decision 0158): through Creem, a discount of exactly the
 * cents taken off with duration `once`, so the first payment is discounted and the second is the
 * full price; the first period's order carries the code and is what marks it paid. A checkout
 * that fails, or is never paid, gives the code back (the sweep). Through PayPal:
 * discount-plans-paypal.test.ts.
 */
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { paymentOrders, plans, promoCodeRedemptions, promoCodes, subscriptions } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import type { PlanRow } from "../../src/server/features/subscriptions/provider.js";
import { DiscountReservationSweep } from "../../src/server/jobs/discount-reservation-sweep.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, signInAdmin, type Client, type TestApp } from "../helpers/test-app.js";
import { balanceOf, userWithCredits } from "../helpers/video-app.js";

const API_KEY = "creem_test_key_plan_codes_0123456789";
const WEBHOOK_SECRET = "whsec_plan_codes_0123456789abcdef";
const PUBLIC_URL = "http://veo.test";
const PRODUCTS = {
  prod_codes_m: { price: 1900, currency: "USD", name: "Coded monthly", billing_period: "every-month" },
};

let fake: CreemFake;
let t: TestApp;
let admin: Client;
let plan: PlanRow;
const logs: string[] = [];
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startCreemFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, products: PRODUCTS });
  const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
  t = await createTestApp({ env: { CREEM_BASE_URL: fake.baseUrl, PUBLIC_URL }, logger });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  fake.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/creem/webhook`;
  admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    creemEnabled: true,
    creemApiKey: API_KEY,
    creemWebhookSecret: WEBHOOK_SECRET,
    creemEnvironment: "test",
  });
  expect(res.statusCode, res.body).toBe(200);
  const [made] = await db()
    .insert(plans)
    .values({ name: "Coded", monthlyPrice: "19.00", creditsPerMonth: 100, creemProductMonthly: "prod_codes_m" })
    .returning();
  plan = made!;
}, 60_000);
afterEach(async () => {
  fake.amountBeforeDiscount = false;
  await expectLedgerBalanced(db());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let seq = 0;
/** A 20 % discount code for plans (19.00 -> 15.20). */
async function planCode(values: Partial<typeof promoCodes.$inferInsert> = {}) {
  seq += 1;
  const [code] = await db()
    .insert(promoCodes)
    .values({ code: `PLAN${seq}${Date.now().toString(36).toUpperCase()}`, kind: "discount", percentOff: 20, ...values })
    .returning();
  return code!;
}

const subscribe = (client: Client, body: Record<string, unknown>) =>
  client.post("/api/subscription/checkout", { planId: plan.id, interval: "month", provider: "creem", ...body });

async function codeUses(id: string) {
  const [row] = await db().select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, id));
  return row!.uses;
}

const redemptionsOf = (codeId: string) =>
  db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, codeId));

async function subscriptionOf(userId: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row!;
}

const ordersOf = (subscriptionId: string) =>
  db()
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.subscriptionId, subscriptionId))
    .orderBy(asc(paymentOrders.periodStart));

describe("a plan bought with a discount code through Creem", () => {
  for (const amountBeforeDiscount of [false, true]) {
    it(`discounts the first payment only${amountBeforeDiscount ? " (Creem's amount read as the price before it)" : ""}`, async () => {
      fake.amountBeforeDiscount = amountBeforeDiscount;
      const code = await planCode();
      const user = await userWithCredits(t.app, db(), 0);
      const res = await subscribe(user.client, { code: code.code.toLowerCase() });
      expect(res.statusCode, res.body).toBe(200);
      const checkoutId = /\/checkout\/(ch_[0-9a-f]+)$/.exec(res.json<{ checkoutUrl: string }>().checkoutUrl)![1]!;

      const pending = await subscriptionOf(user.id);
      expect(pending).toMatchObject({ status: "pending", promoCodeId: code.id, price: "19.00" });
      expect((await redemptionsOf(code.id))[0]).toMatchObject({
        status: "reserved",
        subscriptionId: pending.id,
        orderId: null,
        discountCents: 380,
      });
      const checkout = fake.checkouts.get(checkoutId)!;
      expect(fake.discounts.get(checkout.discount_id!)).toMatchObject({
        type: "fixed",
        amount: 380,
        currency: "USD",
        duration: "once",
        max_redemptions: 1,
        applies_to_products: ["prod_codes_m"],
      });

      expect(await fake.completeCheckout(checkoutId)).toBe(200);
      const sub = await subscriptionOf(user.id);
      expect(sub.status).toBe("active");
      const [first] = await ordersOf(sub.id);
      expect(first).toMatchObject({
        status: "completed",
        amount: "15.20",
        listAmount: "19.00",
        promoCodeId: code.id,
        credits: 100,
      });
      expect((await redemptionsOf(code.id))[0]).toMatchObject({ status: "paid", orderId: first!.id, paidCents: 1520 });
      expect(await codeUses(code.id)).toBe(1);
      expect((await balanceOf(db(), user.id)).credits).toBe(100);
      expect(logs.some((l) => l.includes(sub.id) && l.includes("another amount than the subscription's price"))).toBe(
        false,
      );

      // The next period is charged the full price and carries no code.
      await fake.renewSubscription(sub.providerSubscriptionId!);
      const [, second] = await ordersOf(sub.id);
      expect(second).toMatchObject({ status: "completed", amount: "19.00", listAmount: null, promoCodeId: null });
      expect((await redemptionsOf(code.id))[0]).toMatchObject({ status: "paid", orderId: first!.id });
      expect(await codeUses(code.id)).toBe(1);
    });
  }

  it("gives the code back when Creem will not start the checkout", async () => {
    const code = await planCode({ maxUses: 1 });
    const user = await userWithCredits(t.app, db(), 0);
    await updateSettings(db(), t.secretBox, { creemApiKey: "creem_test_revoked_key_0000000000" });
    try {
      const res = await subscribe(user.client, { code: code.code });
      expect(res.statusCode).toBe(502);
    } finally {
      await updateSettings(db(), t.secretBox, { creemApiKey: API_KEY });
    }
    expect(await subscriptionOf(user.id)).toMatchObject({ status: "ended", endReason: "checkout_failed" });
    expect((await redemptionsOf(code.id))[0]?.status).toBe("released");
    expect(await codeUses(code.id)).toBe(0);
  });

  it("gives the code of a checkout never paid back after 24 hours (the sweep)", async () => {
    const code = await planCode({ maxUses: 1 });
    const user = await userWithCredits(t.app, db(), 0);
    expect((await subscribe(user.client, { code: code.code })).statusCode).toBe(200);
    expect(await codeUses(code.id)).toBe(1);

    const sweep = new DiscountReservationSweep({ db: db() }, { holdMs: 24 * 3600_000 });
    expect(await sweep.runOnce()).toBe(0);
    const aged = new DiscountReservationSweep({ db: db() }, { holdMs: 0 });
    expect(await aged.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await redemptionsOf(code.id))[0]?.status).toBe("released");
    expect(await codeUses(code.id)).toBe(0);
  });
});
