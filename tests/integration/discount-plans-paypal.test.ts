/**
 * A discount code on a plan bought through PayPal (issue 70, decision 0158), against the fake
 * PayPal over HTTP and the app's real routes and webhook: our billing plans have a one-cycle
 * TRIAL at the full price before the REGULAR cycle, and a subscription with a code reprices that
 * trial alone (`plan.billing_cycles` when it is created), so the first sale is the discounted
 * price and every later one the full price. A billing plan made before the trial cycle existed
 * cannot be repriced that way (PayPal refuses an override of a cycle the plan lacks): a
 * discounted subscription makes a new one. The code is reserved once however many race for it,
 * and given back when the checkout fails or is never approved.
 */
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { paymentOrders, plans, promoCodeRedemptions, promoCodes, subscriptions } from "../../src/server/db/schema.js";
import { PAYPAL_WEBHOOK_LIMITS } from "../../src/server/features/payments/paypal-webhook.js";
import type { MadeBillingPlan } from "../../src/server/features/subscriptions/paypal-plans.js";
import type { PlanRow } from "../../src/server/features/subscriptions/provider.js";
import { PaypalClient } from "../../src/server/integrations/paypal/client.js";
import { PaypalError } from "../../src/server/integrations/paypal/errors.js";
import { DiscountReservationSweep } from "../../src/server/jobs/discount-reservation-sweep.js";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, signInAdmin, type Client, type TestApp } from "../helpers/test-app.js";
import { balanceOf, userWithCredits } from "../helpers/video-app.js";

const CLIENT_ID = "PlanCodesPayPalClientId0123456";
const CLIENT_SECRET = "plan-codes-paypal-secret-0123456789";
const WEBHOOK_ID = "7KL86294D6297924H";

let fake: PaypalFake;
let t: TestApp;
let serial = 0;
const logs: string[] = [];
const db = () => t.database.db;
/** Every delivery here comes from the fake's one address: more than a minute's share of PayPal's. */
const perAddress = { ...PAYPAL_WEBHOOK_LIMITS.perAddress };

beforeAll(async () => {
  PAYPAL_WEBHOOK_LIMITS.perAddress.max = 10_000;
  fake = await startPaypalFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
  t = await createTestApp({ env: { PAYPAL_BASE_URL: fake.baseUrl }, logger });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  fake.webhooks.set(WEBHOOK_ID, `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/paypal/webhook`);
  const admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    paypalEnabled: true,
    paypalClientId: CLIENT_ID,
    paypalClientSecret: CLIENT_SECRET,
    paypalEnvironment: "sandbox",
    paypalWebhookId: WEBHOOK_ID,
  });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterEach(async () => {
  fake.setUnavailable(false);
  await expectLedgerBalanced(db());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  Object.assign(PAYPAL_WEBHOOK_LIMITS.perAddress, perAddress);
});

async function makePlan(): Promise<PlanRow> {
  const [plan] = await db()
    .insert(plans)
    .values({ name: `PayPal coded ${serial++}`, monthlyPrice: "19.00", creditsPerMonth: 100 })
    .returning();
  return plan!;
}

/** A 20 % discount code for plans (19.00 -> 15.20). */
async function planCode(values: Partial<typeof promoCodes.$inferInsert> = {}) {
  serial += 1;
  const [code] = await db()
    .insert(promoCodes)
    .values({
      code: `PPPLAN${serial}${Date.now().toString(36).toUpperCase()}`,
      kind: "discount",
      percentOff: 20,
      ...values,
    })
    .returning();
  return code!;
}

const subscribe = (client: Client, plan: PlanRow, code?: string) =>
  client.post("/api/subscription/checkout", {
    planId: plan.id,
    interval: "month",
    provider: "paypal",
    ...(code ? { code } : {}),
  });

/** Subscribes through PayPal (200 expected): PayPal's subscription id. */
async function subscribed(client: Client, plan: PlanRow, code?: string): Promise<string> {
  const res = await subscribe(client, plan, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ paypalSubscriptionId: string }>().paypalSubscriptionId;
}

/** The buyer approves at PayPal (its events delivered) and comes back (the confirmation). */
async function approved(client: Client, paypalId: string) {
  await fake.approveSubscription(paypalId);
  const res = await client.post("/api/subscription/paypal-confirm", { subscriptionId: paypalId });
  expect(res.statusCode, res.body).toBe(200);
}

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

const planRow = async (id: string) => (await db().select().from(plans).where(eq(plans.id, id)))[0]!;
const saleAmounts = (paypalId: string) =>
  [...fake.sales.values()].filter((s) => s.billing_agreement_id === paypalId).map((s) => s.amount.total);

const ACCOUNT = `sandbox:${CLIENT_ID}`;

/** A billing plan as the app made them before the trial cycle (one REGULAR cycle, its request id then). */
async function oldBillingPlan(product: string, plan: PlanRow): Promise<string> {
  const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64");
  const token = await fetch(`${fake.baseUrl}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const short = crypto.createHash("sha256").update(ACCOUNT).digest("hex").slice(0, 16);
  const res = await fetch(`${fake.baseUrl}/v1/billing/plans`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${access_token}`,
      "content-type": "application/json",
      "paypal-request-id": `veo-plan-${plan.id}-month-1900-${short}`,
    },
    body: JSON.stringify({
      product_id: product,
      name: `${plan.name} (monthly)`,
      status: "ACTIVE",
      billing_cycles: [
        {
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          tenure_type: "REGULAR",
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: "19.00", currency_code: "USD" } },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee_failure_action: "CANCEL",
        payment_failure_threshold: 3,
      },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("a plan bought with a discount code through PayPal", () => {
  it("takes the code off the first payment only", async () => {
    const plan = await makePlan();
    const code = await planCode();
    const user = await userWithCredits(t.app, db(), 0);
    const paypalId = await subscribed(user.client, plan, code.code.toLowerCase());

    const pending = await subscriptionOf(user.id);
    expect(pending).toMatchObject({ status: "pending", provider: "paypal", promoCodeId: code.id, price: "19.00" });
    expect((await redemptionsOf(code.id))[0]).toMatchObject({
      status: "reserved",
      subscriptionId: pending.id,
      orderId: null,
      discountCents: 380,
    });
    // The subscription reprices the billing plan's one-cycle trial; its regular cycle stays.
    const remote = fake.subscriptions.get(paypalId)!;
    expect(remote.plan_overridden).toBe(true);
    const billing = fake.billingPlans.get(remote.plan_id)!;
    expect(billing.billing_cycles.map((c) => [c.tenure_type, c.sequence, c.total_cycles])).toEqual([
      ["TRIAL", 1, 1],
      ["REGULAR", 2, 0],
    ]);
    const override = fake.catalogCalls.find((c) => c.kind === "subscription" && c.id === paypalId);
    expect(override?.status).toBe(201);

    await approved(user.client, paypalId);
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
    expect(remote.billing_info.cycle_executions).toEqual([
      expect.objectContaining({ tenure_type: "TRIAL", sequence: 1, cycles_completed: 1, cycles_remaining: 0 }),
      expect.objectContaining({ tenure_type: "REGULAR", sequence: 2, cycles_completed: 0 }),
    ]);

    // The next periods are charged the full price and carry no code.
    await fake.billSubscription(paypalId);
    await fake.billSubscription(paypalId);
    expect(saleAmounts(paypalId)).toEqual(["15.20", "19.00", "19.00"]);
    const [, second, third] = await ordersOf(sub.id);
    expect(second).toMatchObject({ status: "completed", amount: "19.00", listAmount: null, promoCodeId: null });
    expect(third).toMatchObject({ status: "completed", amount: "19.00", listAmount: null, promoCodeId: null });
    expect((await redemptionsOf(code.id))[0]).toMatchObject({ status: "paid", orderId: first!.id, paidCents: 1520 });
    expect(await codeUses(code.id)).toBe(1);
    expect(remote.billing_info.cycle_executions[1]).toMatchObject({ cycles_completed: 2 });
  });

  it("makes new billing plans for a plan made before the trial cycle; no code, no change", async () => {
    // The account's catalog product, made by a first sale of another plan.
    const warm = await makePlan();
    const warmId = await subscribed((await userWithCredits(t.app, db(), 0)).client, warm);
    const product = fake.billingPlans.get(fake.subscriptions.get(warmId)!.plan_id)!.product_id;
    // A plan sold through PayPal before: its billing plan has the regular cycle alone, made as then.
    const plan = await makePlan();
    const old = await oldBillingPlan(product, plan);
    const before: MadeBillingPlan = { interval: "month", price: "19.00", product, account: ACCOUNT };
    await db()
      .update(plans)
      .set({ paypalProductId: product, paypalPlanMonthly: old, paypalPlanPrices: { [old]: before } })
      .where(eq(plans.id, plan.id));

    // PayPal refuses to reprice a cycle such a billing plan lacks: a discount needs a new one.
    const client = new PaypalClient({
      baseUrl: fake.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      timeoutMs: 5000,
    });
    const refused = await client
      .createSubscription({
        planId: old,
        customId: "direct",
        email: undefined,
        returnUrl: "http://veo.test/r",
        cancelUrl: "http://veo.test/c",
        requestId: `direct-${Date.now()}`,
        firstCyclePrice: { currency: "USD", value: "15.20" },
      })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PaypalError);
    expect((refused as PaypalError).kind).toBe("unprocessable");

    // A subscriber without a code still gets that billing plan, at its price.
    const plain = await userWithCredits(t.app, db(), 0);
    const plainId = await subscribed(plain.client, plan);
    expect(fake.subscriptions.get(plainId)!.plan_id).toBe(old);
    await approved(plain.client, plainId);
    await fake.billSubscription(plainId);
    expect(saleAmounts(plainId)).toEqual(["19.00", "19.00"]);

    // One with a code gets a new billing plan with the trial cycle, which becomes the current one.
    const code = await planCode();
    const coded = await userWithCredits(t.app, db(), 0);
    const codedId = await subscribed(coded.client, plan, code.code);
    const fresh = fake.subscriptions.get(codedId)!.plan_id;
    expect(fresh).not.toBe(old);
    expect(fake.billingPlans.get(fresh)!.billing_cycles.map((c) => c.tenure_type)).toEqual(["TRIAL", "REGULAR"]);
    expect(fake.billingPlans.get(fresh)!.product_id).toBe(fake.billingPlans.get(old)!.product_id);
    const after = await planRow(plan.id);
    expect(after.paypalPlanMonthly).toBe(fresh);
    expect((after.paypalPlanPrices as Record<string, MadeBillingPlan>)[fresh]).toMatchObject({
      interval: "month",
      price: "19.00",
      trial: true,
    });
    expect((after.paypalPlanPrices as Record<string, MadeBillingPlan>)[old]).toEqual(before);
    await approved(coded.client, codedId);
    await fake.billSubscription(codedId);
    expect(saleAmounts(codedId)).toEqual(["15.20", "19.00"]);
    const [first] = await ordersOf((await subscriptionOf(coded.id)).id);
    expect(first).toMatchObject({ amount: "15.20", listAmount: "19.00", promoCodeId: code.id });

    // Later subscribers without a code are on the new one, and pay its price every cycle.
    const later = await userWithCredits(t.app, db(), 0);
    const laterId = await subscribed(later.client, plan);
    expect(fake.subscriptions.get(laterId)!.plan_id).toBe(fresh);
    expect(fake.subscriptions.get(laterId)!.plan_overridden).toBe(false);
    await approved(later.client, laterId);
    await fake.billSubscription(laterId);
    await fake.billSubscription(laterId);
    expect(saleAmounts(laterId)).toEqual(["19.00", "19.00", "19.00"]);
    const laterOrders = await ordersOf((await subscriptionOf(later.id)).id);
    expect(laterOrders.map((o) => [o.amount, o.promoCodeId, o.listAmount])).toEqual([
      ["19.00", null, null],
      ["19.00", null, null],
      ["19.00", null, null],
    ]);
  });

  it("reserves a single-use code once when two subscribe with it at once", async () => {
    const plan = await makePlan();
    const code = await planCode({ maxUses: 1 });
    const users = await Promise.all([1, 2].map(() => userWithCredits(t.app, db(), 0)));
    const before = fake.subscriptions.size;
    const answers = await Promise.all(users.map((u) => subscribe(u.client, plan, code.code)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0], answers.map((r) => r.body).join("\n")).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    expect(await codeUses(code.id)).toBe(1);
    expect((await redemptionsOf(code.id)).filter((r) => r.status === "reserved")).toHaveLength(1);
    expect(fake.subscriptions.size - before).toBe(1);
  });

  it("gives the code back when PayPal will not make the subscription", async () => {
    const plan = await makePlan();
    const code = await planCode({ maxUses: 1 });
    const user = await userWithCredits(t.app, db(), 0);
    fake.setUnavailable(true);
    const res = await subscribe(user.client, plan, code.code);
    fake.setUnavailable(false);
    expect(res.statusCode).toBe(502);
    expect(await subscriptionOf(user.id)).toMatchObject({ status: "ended", endReason: "checkout_failed" });
    expect((await redemptionsOf(code.id))[0]?.status).toBe("released");
    expect(await codeUses(code.id)).toBe(0);
  });

  it("gives the code of a subscription never approved back after 24 hours (the sweep)", async () => {
    const plan = await makePlan();
    const code = await planCode({ maxUses: 1 });
    const user = await userWithCredits(t.app, db(), 0);
    const paypalId = await subscribed(user.client, plan, code.code);
    expect(fake.subscriptions.get(paypalId)!.status).toBe("APPROVAL_PENDING");
    expect(await codeUses(code.id)).toBe(1);

    expect(await new DiscountReservationSweep({ db: db() }, { holdMs: 24 * 3600_000 }).runOnce()).toBe(0);
    expect(await new DiscountReservationSweep({ db: db() }, { holdMs: 0 }).runOnce()).toBeGreaterThanOrEqual(1);
    expect((await redemptionsOf(code.id))[0]?.status).toBe("released");
    expect(await codeUses(code.id)).toBe(0);
    // Someone else may use it now.
    const other = await userWithCredits(t.app, db(), 0);
    expect((await subscribe(other.client, plan, code.code)).statusCode).toBe(200);
  });
});
