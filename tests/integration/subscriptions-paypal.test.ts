/**
 * Plans billed through PayPal (issue 69, decision 0154), against the fake PayPal over HTTP: the
 * billing plans made from the admin's plan (once, and again after a price change), the
 * subscription the server makes and confirms only once PayPal reads it ACTIVE and only for its
 * buyer, each sale credited once however PayPal repeats or reorders its events, a failed payment
 * and its recovery, cancelling at the period's end and undoing it, cancelling now, a revision
 * waiting for the buyer's consent, and refunds of a sale. Every event goes through the app's real
 * webhook route, signed by the fake as PayPal signs.
 */
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  creditLots,
  paymentOrders,
  paymentReversals,
  plans,
  subscriptions,
  transactions,
  users,
} from "../../src/server/db/schema.js";
import { AppError } from "../../src/server/http/errors.js";
import { Mailer } from "../../src/server/features/mail/outbox.js";
import { createPaypalContext } from "../../src/server/features/payments/paypal-routes.js";
import { PAYPAL_WEBHOOK_LIMITS } from "../../src/server/features/payments/paypal-webhook.js";
import type { PaypalContext } from "../../src/server/features/payments/paypal-service.js";
import { readSettingsFromDatabase, updateSettings } from "../../src/server/features/settings/service.js";
import { PAST_DUE_GRACE_DAYS } from "../../src/server/features/subscriptions/periods.js";
import {
  confirmPayPalSubscription,
  endPayPalPlansDue,
  ensurePayPalBillingPlan,
  PAYMENT_FAILURE_THRESHOLD,
  paypalPlanProvider,
  type MadeBillingPlan,
} from "../../src/server/features/subscriptions/paypal-plans.js";
import type { PlanProvider, PlanRow } from "../../src/server/features/subscriptions/provider.js";
import { startPaypalFake, type FakeEvent, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, signInAdmin, type TestApp } from "../helpers/test-app.js";

const CLIENT_ID = "PlansPayPalClientId0123456789";
const CLIENT_SECRET = "plans-paypal-secret-0123456789";
const WEBHOOK_ID = "4JH86294D6297924G";
const PAYPAL_SETTINGS = {
  paypalEnabled: true,
  paypalClientId: CLIENT_ID,
  paypalClientSecret: CLIENT_SECRET,
  paypalEnvironment: "sandbox",
  paypalWebhookId: WEBHOOK_ID,
};
const DAY = 24 * 60 * 60 * 1000;

let fake: PaypalFake;
let t: TestApp;
let ctx: PaypalContext;
let provider: PlanProvider;
let webhookUrl: string;
let serial = 0;
const logs: string[] = [];
const log = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
const db = () => t.database.db;
/** Every delivery here comes from the fake's one address: more than a minute's share of PayPal's. */
const perAddress = { ...PAYPAL_WEBHOOK_LIMITS.perAddress };

beforeAll(async () => {
  PAYPAL_WEBHOOK_LIMITS.perAddress.max = 10_000;
  fake = await startPaypalFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  t = await createTestApp({ env: { PAYPAL_BASE_URL: fake.baseUrl }, logger: log });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/paypal/webhook`;
  fake.webhooks.set(WEBHOOK_ID, webhookUrl);
  const admin = await signInAdmin(t);
  expect((await admin.put("/api/admin/settings", PAYPAL_SETTINGS)).statusCode).toBe(200);
  const mailer = new Mailer({ publicUrl: t.config.publicUrl, unsubscribeKey: "test-unsubscribe-key" });
  ctx = createPaypalContext({ db: db(), config: t.config, secretBox: t.secretBox, mailer });
  provider = paypalPlanProvider(ctx);
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

async function makePlan(values: Partial<typeof plans.$inferInsert> = {}): Promise<PlanRow> {
  const [plan] = await db()
    .insert(plans)
    .values({ name: `Pro ${serial++}`, monthlyPrice: "19.00", yearlyPrice: "190.00", creditsPerMonth: 100, ...values })
    .returning();
  return plan!;
}

async function makeUser() {
  const n = serial++;
  const [user] = await db()
    .insert(users)
    .values({ username: `pp_plan_${Date.now().toString(36)}_${n}`, password: "x", email: `buyer${n}@example.com` })
    .returning();
  return user!;
}

const planRow = async (id: string) => (await db().select().from(plans).where(eq(plans.id, id)))[0]!;
const subRow = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const balance = async (userId: string) =>
  (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]!.credits;
const ordersOf = (subscriptionId: string) =>
  db()
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.subscriptionId, subscriptionId))
    .orderBy(asc(paymentOrders.periodStart));

/** What the plan routes do on checkout: a pending row with what the plan costs and gives, then the provider. */
async function checkout(
  user: { id: string; email: string | null },
  plan: PlanRow,
  interval: "month" | "year" = "month",
) {
  const [pending] = await db()
    .insert(subscriptions)
    .values({
      userId: user.id,
      planId: plan.id,
      interval,
      provider: "paypal",
      planName: plan.name,
      price: (interval === "month" ? plan.monthlyPrice : plan.yearlyPrice)!,
      creditsPerMonth: plan.creditsPerMonth,
      yearlyGrant: plan.yearlyGrant,
      rolloverCap: plan.rolloverCap,
    })
    .returning();
  const made = await provider.checkout({ user, subscription: pending!, plan, interval }, log);
  return { sub: pending!, ...made };
}

/** A buyer who subscribed, approved at PayPal and was confirmed (events delivered). */
async function subscribed(plan?: PlanRow) {
  const user = await makeUser();
  const p = plan ?? (await makePlan());
  const { sub, paypalSubscriptionId } = await checkout(user, p);
  const events = await fake.approveSubscription(paypalSubscriptionId!);
  await confirmPayPalSubscription(ctx, user.id, paypalSubscriptionId!, log);
  return { user, plan: p, subId: sub.id, paypalId: paypalSubscriptionId!, events };
}

const saleOf = (events: FakeEvent[]) => events.find((e) => e.event_type === "PAYMENT.SALE.COMPLETED")!;
const saleIdOf = (events: FakeEvent[]) => (saleOf(events).resource as { id: string }).id;

async function refusal(run: Promise<unknown>) {
  try {
    await run;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

/** The settings as stored now: what the plan routes read once per request. */
const settingsNow = () => readSettingsFromDatabase(t.database.db, t.secretBox);

describe("billing plans made from the admin's plan", () => {
  it("makes the product and the billing plan once, however many ask at once", async () => {
    const plan = await makePlan({ monthlyPrice: "19.00" });
    const before = fake.catalogCalls.length;
    const ids = await Promise.all([1, 2, 3].map(() => ensurePayPalBillingPlan(ctx, plan, "month")));
    expect(new Set(ids).size).toBe(1);
    const made = fake.catalogCalls.slice(before).filter((c) => c.kind === "plan" && c.status === 201);
    expect(made).toHaveLength(1);
    const billing = fake.billingPlans.get(ids[0]!)!;
    // A one-cycle trial at the full price (what a discount code reprices, decision 0158), then the regular cycle.
    expect(billing.billing_cycles).toEqual([
      expect.objectContaining({
        frequency: { interval_unit: "MONTH", interval_count: 1 },
        tenure_type: "TRIAL",
        sequence: 1,
        total_cycles: 1,
        pricing_scheme: { fixed_price: { value: "19.00", currency_code: "USD" } },
      }),
      expect.objectContaining({
        frequency: { interval_unit: "MONTH", interval_count: 1 },
        tenure_type: "REGULAR",
        sequence: 2,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value: "19.00", currency_code: "USD" } },
      }),
    ]);
    expect(billing.payment_preferences).toMatchObject({
      auto_bill_outstanding: true,
      payment_failure_threshold: PAYMENT_FAILURE_THRESHOLD,
    });
    const row = await planRow(plan.id);
    expect(row.paypalPlanMonthly).toBe(ids[0]);
    expect(row.paypalProductId).toBe(billing.product_id);
    expect((row.paypalPlanPrices as Record<string, MadeBillingPlan>)[ids[0]!]).toMatchObject({
      interval: "month",
      price: "19.00",
      trial: true,
    });

    // Asked again, nothing new; a yearly plan and another plan share the one product (PayPal
    // revises a subscription only between plans of one product).
    expect(await ensurePayPalBillingPlan(ctx, row, "month")).toBe(ids[0]);
    const yearly = await ensurePayPalBillingPlan(ctx, await planRow(plan.id), "year");
    expect(fake.billingPlans.get(yearly)!.billing_cycles[0]!.frequency.interval_unit).toBe("YEAR");
    const other = await ensurePayPalBillingPlan(ctx, await makePlan(), "month");
    expect(fake.billingPlans.get(other)!.product_id).toBe(billing.product_id);
    expect(fake.catalogCalls.filter((c) => c.kind === "product" && c.status === 201)).toHaveLength(1);
  });

  it("makes a new billing plan after a price change, and those subscribed keep theirs", async () => {
    const { user, plan, subId, paypalId } = await subscribed(await makePlan({ monthlyPrice: "19.00" }));
    const oldBilling = (await planRow(plan.id)).paypalPlanMonthly!;
    expect(await balance(user.id)).toBe(100);

    await db().update(plans).set({ monthlyPrice: "29.00", creditsPerMonth: 200 }).where(eq(plans.id, plan.id));
    const newBilling = await ensurePayPalBillingPlan(ctx, await planRow(plan.id), "month");
    expect(newBilling).not.toBe(oldBilling);
    const row = await planRow(plan.id);
    expect(row.paypalPlanMonthly).toBe(newBilling);
    expect(row.paypalPlanPrices).toMatchObject({
      [oldBilling]: { interval: "month", price: "19.00" },
      [newBilling]: { interval: "month", price: "29.00" },
    });

    // The first subscriber renews on the old billing plan, at the old price and credits.
    const renewal = await fake.billSubscription(paypalId);
    expect((saleOf(renewal).resource as { amount: { total: string } }).amount.total).toBe("19.00");
    expect(await subRow(subId)).toMatchObject({ providerPlanRef: oldBilling, price: "19.00", creditsPerMonth: 100 });
    expect((await ordersOf(subId)).map((o) => [o.amount, o.credits])).toEqual([
      ["19.00", 100],
      ["19.00", 100],
    ]);

    // A new subscriber is sold the new one.
    const next = await subscribed(await planRow(plan.id));
    expect(await subRow(next.subId)).toMatchObject({ providerPlanRef: newBilling, price: "29.00", status: "active" });
    expect(fake.subscriptions.get(next.paypalId)!.plan_id).toBe(newBilling);
    expect(await balance(next.user.id)).toBe(200);
  });
});

describe("subscribing", () => {
  it("confirms only once PayPal reads it ACTIVE, and only for its own buyer", async () => {
    const user = await makeUser();
    const plan = await makePlan();
    const { sub, paypalSubscriptionId, checkoutUrl } = await checkout(user, plan);
    const remote = fake.subscriptions.get(paypalSubscriptionId!)!;
    expect(remote).toMatchObject({
      status: "APPROVAL_PENDING",
      custom_id: sub.id,
      subscriber: { email_address: user.email },
      plan_id: (await planRow(plan.id)).paypalPlanMonthly,
    });
    expect(remote.application_context).toMatchObject({
      return_url: `${t.config.publicUrl}/pricing?paypal_subscription=approved`,
      cancel_url: `${t.config.publicUrl}/pricing?paypal_subscription=cancelled`,
    });
    expect(checkoutUrl).toBe(remote.links.find((l) => l.rel === "approve")!.href);
    expect(await subRow(sub.id)).toMatchObject({ status: "pending", providerSubscriptionId: paypalSubscriptionId });

    // Not approved yet: refused, nothing granted.
    expect(await refusal(confirmPayPalSubscription(ctx, user.id, paypalSubscriptionId!, log))).toMatchObject({
      status: 409,
      message: "PayPal has not activated this subscription yet.",
    });
    const events = await fake.approveSubscription(paypalSubscriptionId!, { deliver: false });

    // Somebody else's approval link: not theirs to confirm; an unknown id: not found.
    const stranger = await makeUser();
    expect(await refusal(confirmPayPalSubscription(ctx, stranger.id, paypalSubscriptionId!, log))).toMatchObject({
      status: 404,
    });
    expect(await refusal(confirmPayPalSubscription(ctx, user.id, "I-NOSUCHTHING1", log))).toMatchObject({
      status: 404,
    });
    expect(await subRow(sub.id)).toMatchObject({ status: "pending" });
    expect(await balance(user.id)).toBe(0);

    await confirmPayPalSubscription(ctx, user.id, paypalSubscriptionId!, log);
    const active = await subRow(sub.id);
    const billing = fake.subscriptions.get(paypalSubscriptionId!)!.billing_info;
    expect(active).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    expect(active.currentPeriodStart?.toISOString()).toBe(new Date(billing.last_payment!.time).toISOString());
    expect(active.currentPeriodEnd?.toISOString()).toBe(new Date(billing.next_billing_time!).toISOString());
    // The first payment is granted on confirmation, under its sale id...
    expect(await balance(user.id)).toBe(100);
    const [order] = await ordersOf(sub.id);
    expect(order).toMatchObject({ periodKey: saleIdOf(events), providerPaymentId: saleIdOf(events), amount: "19.00" });

    // ...so PayPal's own events, and a second confirmation, grant nothing more.
    expect((await fake.deliver(events)).map((d) => d.status)).toEqual([200, 200]);
    await confirmPayPalSubscription(ctx, user.id, paypalSubscriptionId!, log);
    expect(await balance(user.id)).toBe(100);
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect(await balance(stranger.id)).toBe(0);
  });

  it("credits the first payment from the webhook alone when nobody confirms", async () => {
    const user = await makeUser();
    const { sub, paypalSubscriptionId } = await checkout(user, await makePlan());
    await fake.approveSubscription(paypalSubscriptionId!);
    expect(await subRow(sub.id)).toMatchObject({ status: "active" });
    expect(await balance(user.id)).toBe(100);
  });

  it("says no to selling without a webhook, and gives PayPal's autopay page as the portal", async () => {
    const plan = await makePlan({ yearlyPrice: null });
    expect(await provider.canSell(plan, "month", await settingsNow())).toBe(true);
    expect(await provider.canSell(plan, "year", await settingsNow())).toBe(false);
    await updateSettings(db(), t.secretBox, { paypalWebhookId: "" });
    try {
      expect(await provider.canSell(plan, "month", await settingsNow())).toBe(false);
    } finally {
      await updateSettings(db(), t.secretBox, { paypalWebhookId: WEBHOOK_ID });
    }
    const { subId } = await subscribed(plan);
    expect(await provider.portalUrl(await subRow(subId), log)).toBe(
      "https://www.sandbox.paypal.com/myaccount/autopay/",
    );
  });
});

describe("each sale", () => {
  it("is credited once however PayPal repeats or reorders its events", async () => {
    const { user, subId, paypalId, events } = await subscribed();
    const second = await fake.billSubscription(paypalId, { deliver: false });
    const third = await fake.billSubscription(paypalId, { deliver: false });
    // The third period first, then the second, each twice, and the first again.
    const answers = await fake.deliver([...third, ...second, ...third, ...second, ...events]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const orders = await ordersOf(subId);
    expect(orders.map((o) => o.periodKey)).toEqual([saleIdOf(events), saleIdOf(second), saleIdOf(third)]);
    expect(orders.every((o) => o.status === "completed" && o.credits === 100)).toBe(true);
    const grants = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.type, "subscription")));
    expect(grants).toHaveLength(3);
    // The period is the newest sale's: the second's late event did not move it back.
    const remote = fake.subscriptions.get(paypalId)!;
    expect((await subRow(subId)).currentPeriodEnd?.toISOString()).toBe(
      new Date(remote.billing_info.next_billing_time!).toISOString(),
    );
  });

  it("is asked for again when PayPal cannot be read (502), then credited once", async () => {
    const { user, paypalId } = await subscribed();
    const renewal = await fake.billSubscription(paypalId, { deliver: false });
    fake.setUnavailable(true);
    expect((await fake.deliver(renewal)).map((a) => a.status)).toEqual([502]);
    fake.setUnavailable(false);
    expect(await balance(user.id)).toBe(100);
    expect((await fake.deliver(renewal)).map((a) => a.status)).toEqual([200]);
    expect(await balance(user.id)).toBe(100); // the first period's credits ended as the second began
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(await ordersOf(subs[0]!.id)).toHaveLength(2);
  });

  it("answers events for no plan of ours 200 and changes nothing", async () => {
    const stranger = {
      id: "I-UNKNOWNSUB00",
      status: "ACTIVE",
      plan_id: "P-NOTOURS",
      billing_info: { failed_payments_count: 0 },
    };
    const delivery = await fake.sendEvent(webhookUrl, "BILLING.SUBSCRIPTION.CANCELLED", stranger, WEBHOOK_ID);
    expect(delivery.status).toBe(200);
    const sale = { id: "SALEOFNOBODY00000", state: "completed", amount: { total: "5.00", currency: "USD" } };
    expect((await fake.sendEvent(webhookUrl, "PAYMENT.SALE.COMPLETED", sale, WEBHOOK_ID)).status).toBe(200);
  });
});

describe("a failed payment", () => {
  it("makes the plan past due, keeps its credits through the grace, and a paid retry recovers it", async () => {
    const { user, subId, paypalId } = await subscribed();
    const periodEnd = (await subRow(subId)).currentPeriodEnd!;
    const failed = await fake.billSubscription(paypalId, { outcome: "FAILED" });
    expect(failed.map((e) => e.event_type)).toEqual(["BILLING.SUBSCRIPTION.PAYMENT.FAILED"]);
    const pastDue = await subRow(subId);
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.pastDueSince?.toISOString()).toBe(new Date(failed[0]!.create_time).toISOString());
    const [lot] = await db()
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, user.id), eq(creditLots.kind, "subscription")));
    expect(lot!.expiresAt!.getTime()).toBe(periodEnd.getTime() + PAST_DUE_GRACE_DAYS * DAY);
    expect(await balance(user.id)).toBe(100);

    // PayPal's retry five days later is paid: active again, the missed period granted.
    const retried = await fake.billSubscription(paypalId);
    expect(retried.map((e) => e.event_type)).toEqual(["PAYMENT.SALE.COMPLETED"]);
    const recovered = await subRow(subId);
    expect(recovered).toMatchObject({ status: "active", pastDueSince: null });
    expect(recovered.currentPeriodEnd!.getTime()).toBeGreaterThan(periodEnd.getTime());
    expect(await ordersOf(subId)).toHaveLength(2);
    // A late redelivery of the failure changes nothing now.
    await fake.deliver(failed);
    expect(await subRow(subId)).toMatchObject({ status: "active" });
  });

  it("stays past due when PayPal suspends it, and ends at PayPal and here when the grace is over", async () => {
    const { subId, paypalId } = await subscribed();
    for (let i = 0; i < PAYMENT_FAILURE_THRESHOLD; i++) await fake.billSubscription(paypalId, { outcome: "FAILED" });
    expect(fake.subscriptions.get(paypalId)!.status).toBe("SUSPENDED");
    expect(await subRow(subId)).toMatchObject({ status: "past_due" });

    const periodEnd = (await subRow(subId)).currentPeriodEnd!;
    expect(await endPayPalPlansDue(ctx, new Date(periodEnd.getTime() + DAY), log)).toBe(0);
    expect(await endPayPalPlansDue(ctx, new Date(periodEnd.getTime() + (PAST_DUE_GRACE_DAYS + 1) * DAY), log)).toBe(1);
    expect(fake.subscriptions.get(paypalId)!.status).toBe("CANCELLED");
    expect(await subRow(subId)).toMatchObject({ status: "ended", endReason: "unpaid" });
    await fake.deliver(fake.takeEvents());
    expect(await subRow(subId)).toMatchObject({ status: "ended", endReason: "unpaid" });
  });
});

describe("cancelling", () => {
  it("cancels at the period's end by suspending at PayPal, undoes it, and ends when the period does", async () => {
    const { user, subId, paypalId } = await subscribed();
    await provider.cancelAtPeriodEnd(await subRow(subId), log);
    expect(fake.subscriptions.get(paypalId)).toMatchObject({
      status: "SUSPENDED",
      status_change_note: "Cancelled by the subscriber at the end of the paid period",
    });
    expect(await subRow(subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    // PayPal's own SUSPENDED event says the same.
    expect((await fake.deliver(fake.takeEvents())).map((a) => a.status)).toEqual([200]);
    expect(await subRow(subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    await provider.resume(await subRow(subId), log);
    expect(fake.subscriptions.get(paypalId)!.status).toBe("ACTIVE");
    expect(await subRow(subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    await fake.deliver(fake.takeEvents());
    expect(await subRow(subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });

    await provider.cancelAtPeriodEnd(await subRow(subId), log);
    await fake.deliver(fake.takeEvents());
    const periodEnd = (await subRow(subId)).currentPeriodEnd!;
    expect(await endPayPalPlansDue(ctx, new Date(periodEnd.getTime() - 1000), log)).toBe(0);
    expect(await endPayPalPlansDue(ctx, periodEnd, log)).toBe(1);
    expect(fake.subscriptions.get(paypalId)!.status).toBe("CANCELLED");
    expect(await subRow(subId)).toMatchObject({ status: "ended", endReason: "canceled", cancelAtPeriodEnd: false });
    // What was paid for keeps its own end.
    const [lot] = await db()
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, user.id), eq(creditLots.kind, "subscription")));
    expect(lot!.expiresAt!.toISOString()).toBe(periodEnd.toISOString());
    expect(await balance(user.id)).toBe(100);
  });

  it("cannot undo once PayPal has cancelled it for good: 409, and the plan ends", async () => {
    const { subId, paypalId } = await subscribed();
    await provider.cancelAtPeriodEnd(await subRow(subId), log);
    fake.takeEvents();
    await fake.cancelAtPaypal(paypalId, { deliver: false });
    expect(await refusal(provider.resume(await subRow(subId), log))).toMatchObject({
      status: 409,
      message: "PayPal has cancelled this subscription for good, so it cannot continue.",
    });
    expect(await subRow(subId)).toMatchObject({ status: "ended" });
  });

  it("ends when the buyer cancels on PayPal's own page, the period's credits kept", async () => {
    const { user, subId, paypalId } = await subscribed();
    await fake.cancelAtPaypal(paypalId);
    expect(await subRow(subId)).toMatchObject({ status: "ended", endReason: "canceled" });
    expect(await balance(user.id)).toBe(100);
  });

  it("cancels now for an admin, at PayPal and here", async () => {
    const { subId, paypalId } = await subscribed();
    await provider.cancelNow(await subRow(subId), "Refund agreed by support", log);
    expect(fake.subscriptions.get(paypalId)).toMatchObject({
      status: "CANCELLED",
      status_change_note: "Refund agreed by support",
    });
    expect(await subRow(subId)).toMatchObject({ status: "ended", endReason: "admin" });
    await fake.deliver(fake.takeEvents());
    expect(await subRow(subId)).toMatchObject({ status: "ended", endReason: "admin" });
  });
});

describe("an admin cancelling for someone", () => {
  it("ends the plan at PayPal through the admin's route, with the reason in the audit log", async () => {
    const { user, subId, paypalId } = await subscribed();
    const admin = await signInAdmin(t);
    const detail = await admin.get(`/api/admin/users/${user.id}`);
    expect(detail.json().plan).toMatchObject({ id: subId, provider: "paypal", status: "active" });
    const res = await admin.post(`/api/admin/users/${user.id}/plan/cancel`, { reason: "Asked us by e-mail" });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.subscriptions.get(paypalId)).toMatchObject({ status: "CANCELLED" });
    expect(await subRow(subId)).toMatchObject({ status: "ended", endReason: "admin" });
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "subscription.cancel"), eq(adminAuditLog.targetId, subId)));
    expect(entry?.details).toMatchObject({ reason: "Asked us by e-mail", provider: "paypal" });
    // The period's credits stay: they were paid for.
    expect(await balance(user.id)).toBe(100);
    expect((await admin.post(`/api/admin/users/${user.id}/plan/cancel`, { reason: "again" })).statusCode).toBe(404);
  });
});

describe("changing plan", () => {
  it("revises at PayPal with the buyer's consent link; the new plan applies from the next cycle", async () => {
    const { user, subId, paypalId } = await subscribed();
    const bigger = await makePlan({ name: "Studio", monthlyPrice: "49.00", creditsPerMonth: 400 });
    const change = await provider.change(await subRow(subId), bigger, "month", "up", log);
    const target = (await planRow(bigger.id)).paypalPlanMonthly!;
    expect(change).toEqual({ when: "next_cycle", approveUrl: expect.stringContaining("ba_token=") });
    // Nothing changes before the next cycle.
    expect(await subRow(subId)).toMatchObject({ creditsPerMonth: 100, price: "19.00" });
    expect(fake.subscriptions.get(paypalId)!.plan_id).not.toBe(target);

    expect(fake.approveRevision(paypalId)).toBe(true);
    const renewal = await fake.billSubscription(paypalId);
    expect(renewal.map((e) => e.event_type)).toEqual(["BILLING.SUBSCRIPTION.UPDATED", "PAYMENT.SALE.COMPLETED"]);
    expect(await subRow(subId)).toMatchObject({
      planId: bigger.id,
      planName: "Studio",
      providerPlanRef: target,
      price: "49.00",
      creditsPerMonth: 400,
    });
    const orders = await ordersOf(subId);
    expect(orders.map((o) => [o.amount, o.credits])).toEqual([
      ["19.00", 100],
      ["49.00", 400],
    ]);
    expect(await balance(user.id)).toBe(400);

    // The plan it is on already: refused before PayPal is asked.
    expect(await refusal(provider.change(await subRow(subId), bigger, "month", "up", log))).toMatchObject({
      status: 409,
    });
  });
});

describe("a refunded sale", () => {
  it("takes that period's credits back once, however often PayPal reports it", async () => {
    const { user, subId, events } = await subscribed();
    const refunded = await fake.refundSale(saleIdOf(events), { deliver: false });
    const answers = await fake.deliver([...refunded, ...refunded]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [order] = await ordersOf(subId);
    const reversals = await db().select().from(paymentReversals).where(eq(paymentReversals.orderId, order!.id));
    expect(reversals).toMatchObject([{ kind: "refund", amountCents: 1900, credits: 100, creditsTaken: 100 }]);
    expect(await balance(user.id)).toBe(0);
  });

  it("is refunded by an admin through PayPal's sale refund, and PayPal's notice of it changes nothing more", async () => {
    const { user, subId } = await subscribed();
    const [order] = await ordersOf(subId);
    const admin = await signInAdmin(t);
    const res = await admin.post(`/api/admin/payment-orders/${order!.id}/refund`, {
      amount: "19.00",
      reason: "Asked for their money back",
      expectedRefundedCents: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(user.id)).toBe(0);
    // PayPal's own PAYMENT.SALE.REFUNDED for the same refund arrives after: already reversed.
    const notices = fake.takeEvents().filter((e) => e.event_type === "PAYMENT.SALE.REFUNDED");
    expect(notices).toHaveLength(1);
    expect((await fake.deliver(notices)).map((a) => a.status)).toEqual([200]);
    const reversals = await db().select().from(paymentReversals).where(eq(paymentReversals.orderId, order!.id));
    expect(reversals).toMatchObject([{ kind: "refund", amountCents: 1900, credits: 100, source: "admin" }]);
  });

  it("takes back a chargeback of a sale, and what was already spent is owed", async () => {
    const { user, subId, events } = await subscribed();
    await db().transaction(async (tx) => {
      await tx.update(users).set({ credits: 40 }).where(eq(users.id, user.id));
      await tx.insert(transactions).values({ userId: user.id, type: "usage", amount: -60, description: "videos" });
    });
    const reversed = await fake.reverseSale(saleIdOf(events), { deliver: false });
    expect((await fake.deliver([...reversed, ...reversed])).map((a) => a.status)).toEqual([200, 200]);
    const [order] = await ordersOf(subId);
    const reversals = await db().select().from(paymentReversals).where(eq(paymentReversals.orderId, order!.id));
    expect(reversals).toMatchObject([{ kind: "chargeback", credits: 100, creditsTaken: 40, creditsOwed: 60 }]);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ credits: 0, creditsOwed: 60 });
  });
});
