/**
 * Plans billed through Creem end to end (issue 69, decision 0153): the app's real Creem client
 * talks to the fake Creem over HTTP, the fake sends signed subscription events to the app's real
 * webhook route, and the plan's provider (creem-plans.ts) is asked what the plan routes ask. First
 * payment, renewals, repeats and reordering, a failed renewal that recovers or ends, cancel at the
 * period's end and its undo, an immediate cancel, an upgrade with proration, a downgrade at the
 * period's end, a refund of a period and a renewal racing generations: each period credited
 * once, and the ledger balanced after every test.
 */
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  creditLots,
  mailMessages,
  paymentOrders,
  plans,
  subscriptions,
  transactions,
  users,
} from "../../src/server/db/schema.js";
import type { CreemContext } from "../../src/server/features/payments/creem-service.js";
import { Mailer } from "../../src/server/features/mail/outbox.js";
import {
  applyDueCreemDowngrades,
  creemPlanProvider,
  CREEM_DOWNGRADE_LEAD_MS,
} from "../../src/server/features/subscriptions/creem-plans.js";
import { PAST_DUE_GRACE_DAYS } from "../../src/server/features/subscriptions/periods.js";
import type { PlanProvider, PlanRow } from "../../src/server/features/subscriptions/provider.js";
import { CreditExpiry } from "../../src/server/jobs/credit-expiry.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  allowInFlight,
  balanceOf,
  createVideoTestApp,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

const API_KEY = "creem_test_key_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_test_0123456789abcdefghij";
const PUBLIC_URL = "http://veo.test";
const DAY = 24 * 60 * 60 * 1000;

/** The Creem products the plans map to (cents). */
const PRODUCTS = {
  prod_basic_m: { price: 1900, currency: "USD", name: "Basic monthly", billing_period: "every-month" },
  prod_basic_y: { price: 19000, currency: "USD", name: "Basic yearly", billing_period: "every-year" },
  prod_pro_m: { price: 4900, currency: "USD", name: "Pro monthly", billing_period: "every-month" },
  prod_big_m: { price: 9900, currency: "USD", name: "Big monthly", billing_period: "every-month" },
};

let fake: CreemFake;
let t: VideoTestApp;
let admin: Client;
let provider: PlanProvider;
let ctx: CreemContext;
const logs: string[] = [];
const log = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
const db = () => t.database.db;
let basic: PlanRow;
let pro: PlanRow;
let big: PlanRow;

beforeAll(async () => {
  fake = await startCreemFake({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, products: PRODUCTS });
  t = await createVideoTestApp({ env: { CREEM_BASE_URL: fake.baseUrl, PUBLIC_URL }, logger: log });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  fake.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/creem/webhook`;
  admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    creemEnabled: true,
    creemApiKey: API_KEY,
    creemWebhookSecret: WEBHOOK_SECRET,
    creemEnvironment: "test",
  });
  expect(res.statusCode).toBe(200);
  ctx = {
    db: db(),
    config: t.config,
    secretBox: t.secretBox,
    timeoutMs: 5000,
    mailer: new Mailer({ publicUrl: PUBLIC_URL, unsubscribeKey: "test-unsubscribe-key" }),
  };
  provider = creemPlanProvider(ctx);
  const made = await db()
    .insert(plans)
    .values([
      {
        name: "Basic",
        monthlyPrice: "19.00",
        yearlyPrice: "190.00",
        creditsPerMonth: 100,
        creemProductMonthly: "prod_basic_m",
        creemProductYearly: "prod_basic_y",
      },
      { name: "Pro", monthlyPrice: "49.00", creditsPerMonth: 300, creemProductMonthly: "prod_pro_m" },
      { name: "Big", monthlyPrice: "99.00", creditsPerMonth: 1000, creemProductMonthly: "prod_big_m" },
    ])
    .returning();
  [basic, pro, big] = made as [PlanRow, PlanRow, PlanRow];
});
afterEach(async () => {
  fake.holdEvents = false;
  fake.heldEvents.length = 0;
  await expectLedgerBalanced(db());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Subscriber = Awaited<ReturnType<typeof userWithCredits>> & {
  /** Our subscription row's id. */
  subId: string;
  /** Creem's (sub_...). */
  creemSubId: string;
  checkoutId: string;
};

/** A pending row as the plan routes make it, then Creem's checkout for it (not paid yet). */
async function startCheckout(plan: PlanRow = basic, interval: "month" | "year" = "month", email?: string) {
  const u = await userWithCredits(t.app, db(), 0);
  // A confirmed address: the plan's notices are mailed to it.
  await db()
    .update(users)
    .set({ email: `${u.username}@example.com`, emailVerified: true })
    .where(eq(users.id, u.id));
  const [pending] = await db()
    .insert(subscriptions)
    .values({
      userId: u.id,
      planId: plan.id,
      interval,
      provider: "creem",
      planName: plan.name,
      price: (interval === "month" ? plan.monthlyPrice : plan.yearlyPrice)!,
      creditsPerMonth: plan.creditsPerMonth,
      yearlyGrant: plan.yearlyGrant,
      rolloverCap: plan.rolloverCap,
      providerPlanRef: interval === "month" ? plan.creemProductMonthly : plan.creemProductYearly,
    })
    .returning();
  const { checkoutUrl } = await provider.checkout(
    { user: { id: u.id, email: email ?? null }, subscription: pending!, plan, interval },
    log,
  );
  const checkoutId = new RegExp(`^${fake.publicBaseUrl}/checkout/(ch_[0-9a-f]+)$`).exec(checkoutUrl!)![1]!;
  return { ...u, subId: pending!.id, checkoutId };
}

/** A person whose checkout was paid: Creem's three events delivered (unless `deliver: false`). */
async function subscribe(
  opts: { plan?: PlanRow; interval?: "month" | "year"; periodStart?: Date; deliver?: boolean } = {},
): Promise<Subscriber> {
  const started = await startCheckout(opts.plan, opts.interval);
  const status = await fake.completeCheckout(started.checkoutId, {
    ...(opts.periodStart ? { periodStart: opts.periodStart } : {}),
    deliver: opts.deliver ?? true,
  });
  if (opts.deliver !== false) expect(status).toBe(200);
  return { ...started, creemSubId: fake.checkouts.get(started.checkoutId)!.subscription! };
}

async function row(subId: string) {
  return (await db().select().from(subscriptions).where(eq(subscriptions.id, subId)))[0]!;
}

const ordersOf = (subId: string) =>
  db()
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.subscriptionId, subId))
    .orderBy(asc(paymentOrders.periodStart), asc(paymentOrders.createdAt));

const grantsOf = (userId: string) =>
  db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "subscription")))
    .orderBy(asc(transactions.createdAt));

const credits = async (userId: string) => (await balanceOf(db(), userId)).credits;

const planLots = (userId: string) =>
  db()
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), eq(creditLots.kind, "subscription")))
    .orderBy(asc(creditLots.createdAt));

const mailKinds = async (userId: string) =>
  (await db().select({ kind: mailMessages.kind }).from(mailMessages).where(eq(mailMessages.userId, userId))).map(
    (m) => m.kind,
  );

/** The webhooks the fake sent about one Creem subscription (its checkout's included). */
const deliveriesOf = (creemSubId: string) =>
  fake.webhookDeliveries.filter((d) => {
    const object = JSON.parse(d.body).object;
    return object?.id === creemSubId || object?.subscription?.id === creemSubId;
  });

const requestsOf = (creemSubId: string) =>
  fake.subscriptionRequests.filter((r) => r.path.includes(creemSubId) && r.method === "POST");

const sweepExpired = () => new CreditExpiry({ db: db() }).runOnce();

/** The settings as stored now: what the plan routes read once per request. */
const settingsNow = () => readSettingsFromDatabase(t.database.db, t.secretBox);

describe("subscribing through Creem", () => {
  it("checks out the plan's recurring product and credits the first period once", async () => {
    const started = await startCheckout(basic, "month", "plan@example.com");
    expect(fake.checkouts.get(started.checkoutId)).toMatchObject({
      product: "prod_basic_m",
      request_id: started.subId,
      success_url: `${PUBLIC_URL}/my-account?plan=welcome`,
      metadata: { subscriptionId: started.subId, userId: started.id, planId: basic.id, interval: "month" },
      customer_email: "plan@example.com",
    });
    expect(await credits(started.id)).toBe(0);

    const paid = await fetch(`${fake.publicBaseUrl}/checkout/${started.checkoutId}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const creemSubId = fake.checkouts.get(started.checkoutId)!.subscription!;
    const sent = deliveriesOf(creemSubId);
    expect(sent.map((d) => [d.eventType, d.status])).toEqual([
      ["checkout.completed", 200],
      ["subscription.active", 200],
      ["subscription.paid", 200],
    ]);

    const creem = fake.subscriptions.get(creemSubId)!;
    expect(await row(started.subId)).toMatchObject({
      status: "active",
      providerSubscriptionId: creemSubId,
      providerCustomerId: creem.customer,
      providerPlanRef: "prod_basic_m",
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date(creem.current_period_start_date),
      currentPeriodEnd: new Date(creem.current_period_end_date),
    });
    expect(await balanceOf(db(), started.id)).toEqual({ credits: 100, ledger: 100 });
    const [grant] = await grantsOf(started.id);
    expect(grant).toMatchObject({ amount: 100 });
    expect(grant!.expiresAt).toEqual(new Date(creem.current_period_end_date));
    const orders = await ordersOf(started.subId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: "completed",
      provider: "creem",
      amount: "19.00",
      currency: "USD",
      credits: 100,
      periodKey: `${creemSubId}|prod_basic_m|${creem.current_period_start_date}`,
      providerTransactionId: creem.last_transaction_id,
      providerPaymentId: creem.last_transaction_id,
      packageName: "Basic plan",
    });

    // Creem repeats every event (retries, resends): nothing more.
    for (const d of sent) expect(await fake.deliverWebhook(d.body)).toBe(200);
    await Promise.all(sent.map((d) => fake.deliverWebhook(d.body)));
    expect(await balanceOf(db(), started.id)).toEqual({ credits: 100, ledger: 100 });
    expect(await ordersOf(started.subId)).toHaveLength(1);
  });

  it("grants a yearly plan's first month with its payment, for the year's price", async () => {
    const s = await subscribe({ interval: "year" });
    const creem = fake.subscriptions.get(s.creemSubId)!;
    expect(Date.parse(creem.current_period_end_date) - Date.parse(creem.current_period_start_date)).toBeGreaterThan(
      364 * DAY,
    );
    expect(await credits(s.id)).toBe(100);
    expect(await ordersOf(s.subId)).toMatchObject([{ amount: "190.00", credits: 100 }]);
    expect(await row(s.subId)).toMatchObject({ status: "active", interval: "year", providerPlanRef: "prod_basic_y" });
  });

  it("sells a plan only while Creem is on and the plan has the interval's product", async () => {
    expect(await provider.canSell(basic, "month", await settingsNow())).toBe(true);
    expect(await provider.canSell(pro, "year", await settingsNow())).toBe(false);
    await expect(
      provider.checkout(
        {
          user: { id: "x", email: null },
          subscription: await row((await subscribe()).subId),
          plan: pro,
          interval: "year",
        },
        log,
      ),
    ).rejects.toMatchObject({ code: "invalid_input", extra: { reason: "plan_provider_unavailable" } });
    expect((await admin.put("/api/admin/settings", { creemEnabled: false })).statusCode).toBe(200);
    try {
      expect(await provider.canSell(basic, "month", await settingsNow())).toBe(false);
      await expect(startCheckout()).rejects.toMatchObject({ code: "payment_not_configured" });
    } finally {
      const res = await admin.put("/api/admin/settings", {
        creemEnabled: true,
        creemApiKey: API_KEY,
        creemWebhookSecret: WEBHOOK_SECRET,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe("renewals and Creem's repeats", () => {
  it("credits each renewal once, however often and concurrently Creem sends it", async () => {
    const s = await subscribe();
    const first = await fake.renewSubscription(s.creemSubId);
    expect(first.statuses).toEqual([200]);
    const second = await fake.renewSubscription(s.creemSubId);
    expect(second.statuses).toEqual([200]);
    await Promise.all([...first.events, ...second.events, ...first.events].map((event) => fake.deliverWebhook(event)));
    const creem = fake.subscriptions.get(s.creemSubId)!;
    const orders = await ordersOf(s.subId);
    expect(orders.map((o) => [o.amount, o.credits, o.status])).toEqual([
      ["19.00", 100, "completed"],
      ["19.00", 100, "completed"],
      ["19.00", 100, "completed"],
    ]);
    expect(new Set(orders.map((o) => o.providerTransactionId)).size).toBe(3);
    // No rollover on this plan: each renewal takes out what was left of the period before.
    expect(await balanceOf(db(), s.id)).toEqual({ credits: 100, ledger: 100 });
    expect(await row(s.subId)).toMatchObject({
      status: "active",
      currentPeriodStart: new Date(creem.current_period_start_date),
      currentPeriodEnd: new Date(creem.current_period_end_date),
    });
  });

  it("grants a payment that arrives before the plan is active, and an older event changes nothing", async () => {
    const s = await subscribe({ deliver: false });
    const at = Date.now();
    const completed = { ...fake.checkoutCompletedEvent(s.checkoutId), created_at: at };
    const active = fake.subscriptionEvent(s.creemSubId, "subscription.active", { at: at + 1 });
    const paid = fake.subscriptionEvent(s.creemSubId, "subscription.paid", { at: at + 2 });
    expect(await fake.deliverWebhook(paid)).toBe(200);
    expect(await row(s.subId)).toMatchObject({ status: "active", providerSubscriptionId: s.creemSubId });
    expect(await credits(s.id)).toBe(100);
    expect(await fake.deliverWebhook(active)).toBe(200);
    expect(await fake.deliverWebhook(completed)).toBe(200);
    expect(await fake.deliverWebhook(paid)).toBe(200);
    expect(await credits(s.id)).toBe(100);
    expect((await row(s.subId)).lastEventAt).toEqual(new Date(at + 2));

    // A past-due and a cancellation older than the payment: history, not news.
    const stalePastDue = { ...fake.subscriptionEvent(s.creemSubId, "subscription.past_due", { at: at + 1 }) };
    stalePastDue.object.status = "past_due";
    expect(await fake.deliverWebhook(stalePastDue)).toBe(200);
    expect(
      await fake.deliverWebhook(fake.subscriptionEvent(s.creemSubId, "subscription.scheduled_cancel", { at })),
    ).toBe(200);
    expect(await row(s.subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: false, pastDueSince: null });

    // The renewal delivered before a late duplicate of the first payment: each period once.
    const renewal = await fake.renewSubscription(s.creemSubId, { deliver: false });
    expect(await fake.deliverWebhook(renewal.events[0])).toBe(200);
    expect(await fake.deliverWebhook(paid)).toBe(200);
    expect(await ordersOf(s.subId)).toHaveLength(2);
    expect(await balanceOf(db(), s.id)).toEqual({ credits: 100, ledger: 100 });
  });

  it("records what Creem charged, reading the transaction when the event leaves it out", async () => {
    const s = await subscribe();
    logs.length = 0;
    // A price the plan no longer has (or tax, a discount): what Creem charged is what was paid.
    const renewal = await fake.renewSubscription(s.creemSubId, { amount: 2500, deliver: false });
    const bare = fake.subscriptionEvent(s.creemSubId, "subscription.paid", { withoutLastTransaction: true });
    expect(bare.object.last_transaction).toBeUndefined();
    expect(await fake.deliverWebhook(bare)).toBe(200);
    const orders = await ordersOf(s.subId);
    expect(orders[1]).toMatchObject({ amount: "25.00", credits: 100, status: "completed" });
    expect(orders[1]!.providerTransactionId).toBe(renewal.events[0]!.object.last_transaction_id);
    expect(await credits(s.id)).toBe(100);
    expect(logs.some((l) => l.includes("another amount than the subscription's price"))).toBe(true);
  });
});

describe("a renewal that fails", () => {
  it("keeps the plan's credits through Creem's retries, then grants the recovering payment once", async () => {
    // The period ended yesterday: Creem's renewal charge failed.
    const s = await subscribe({ periodStart: new Date(Date.now() - 32 * DAY) });
    const creem = fake.subscriptions.get(s.creemSubId)!;
    const end = new Date(creem.current_period_end_date);
    expect(end.getTime()).toBeLessThan(Date.now());
    expect(await credits(s.id)).toBe(100);

    const failed = await fake.failRenewal(s.creemSubId);
    expect(failed.statuses).toEqual([200]);
    const pastDue = await row(s.subId);
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.pastDueSince).not.toBeNull();
    const [lot] = await planLots(s.id);
    expect(lot!.expiresAt!.getTime()).toBe(end.getTime() + PAST_DUE_GRACE_DAYS * DAY);
    await sweepExpired();
    expect(await credits(s.id)).toBe(100);
    expect(await mailKinds(s.id)).toContain("plan_past_due");

    const recovered = await fake.renewSubscription(s.creemSubId);
    expect(recovered.statuses).toEqual([200]);
    await fake.deliverWebhook(recovered.events[0]);
    await fake.deliverWebhook(failed.events[0]); // a late repeat of the failure
    expect(await row(s.subId)).toMatchObject({ status: "active", pastDueSince: null, currentPeriodStart: end });
    const orders = await ordersOf(s.subId);
    expect(orders).toHaveLength(2);
    expect(orders[1]!.periodStart).toEqual(end);
    // The old period's credits went out with the new period's arrival; the new ones are there.
    expect(await balanceOf(db(), s.id)).toEqual({ credits: 100, ledger: 100 });
  });

  it("takes Creem's `expired` (still retrying) as past due", async () => {
    const s = await subscribe();
    expect((await fake.failRenewal(s.creemSubId, { as: "subscription.expired" })).statuses).toEqual([200]);
    expect((await row(s.subId)).status).toBe("past_due");
    expect(await credits(s.id)).toBe(100);
  });

  it("ends the plan when the retries give up, and its credits end with the grace", async () => {
    const s = await subscribe({ periodStart: new Date(Date.now() - 32 * DAY) });
    await fake.failRenewal(s.creemSubId);
    await sweepExpired();
    expect(await credits(s.id)).toBe(100);

    expect((await fake.endUnpaid(s.creemSubId)).statuses).toEqual([200]);
    expect(await row(s.subId)).toMatchObject({ status: "ended", endReason: "unpaid", pastDueSince: null });
    expect(await mailKinds(s.id)).toContain("plan_ended");
    await sweepExpired();
    expect(await balanceOf(db(), s.id)).toEqual({ credits: 0, ledger: 0 });
    const expiry = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, s.id), eq(transactions.type, "expiry")));
    expect(expiry.map((e) => e.amount)).toEqual([-100]);
    // A late payment report of the old period changes nothing; an ended plan stays ended.
    await fake.deliverWebhook(fake.subscriptionEvent(s.creemSubId, "subscription.active"));
    expect((await row(s.subId)).status).toBe("ended");
  });
});

describe("cancelling", () => {
  it("cancels at the period's end and undoes it, shown before Creem's webhook arrives", async () => {
    const s = await subscribe();
    fake.holdEvents = true;
    await provider.cancelAtPeriodEnd(await row(s.subId), log);
    expect(requestsOf(s.creemSubId).at(-1)).toMatchObject({ body: { mode: "scheduled" } });
    // Read back from Creem: no webhook yet.
    expect(fake.heldEvents.map((e) => e.eventType)).toEqual(["subscription.scheduled_cancel"]);
    expect(await row(s.subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    const cancelled = fake.heldEvents[0]!;
    await fake.deliverHeld();
    expect((await row(s.subId)).cancelAtPeriodEnd).toBe(true);

    await provider.resume(await row(s.subId), log);
    expect(requestsOf(s.creemSubId).at(-1)!.path).toMatch(/\/resume$/);
    expect(await row(s.subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    await fake.deliverHeld();
    // The cancellation's event repeated late: older than the undo, so nothing changes.
    expect(await fake.deliverWebhook(cancelled)).toBe(200);
    expect((await row(s.subId)).cancelAtPeriodEnd).toBe(false);

    // Cancelled again, the period ends: the plan ends, its credits stay until the period's end.
    fake.holdEvents = false;
    await provider.cancelAtPeriodEnd(await row(s.subId), log);
    expect((await row(s.subId)).cancelAtPeriodEnd).toBe(true);
    const periodEnd = (await row(s.subId)).currentPeriodEnd!;
    expect((await fake.renewSubscription(s.creemSubId)).statuses).toEqual([200]);
    expect(await row(s.subId)).toMatchObject({ status: "ended", endReason: "canceled", cancelAtPeriodEnd: false });
    expect(await credits(s.id)).toBe(100);
    expect((await planLots(s.id))[0]!.expiresAt).toEqual(periodEnd);
    expect(await ordersOf(s.subId)).toHaveLength(1);
  });

  it("ends a plan cancelled at its period's end when Creem reports it expired, with no retry grace", async () => {
    const s = await subscribe();
    await provider.cancelAtPeriodEnd(await row(s.subId), log);
    const periodEnd = (await row(s.subId)).currentPeriodEnd!;
    expect(await fake.deliverWebhook(fake.subscriptionEvent(s.creemSubId, "subscription.expired"))).toBe(200);
    expect(await row(s.subId)).toMatchObject({ status: "ended", endReason: "canceled" });
    expect((await planLots(s.id))[0]!.expiresAt).toEqual(periodEnd);
  });

  it("cancels now for an admin: ended at once, the period's credits kept until its end", async () => {
    const s = await subscribe();
    const periodEnd = (await row(s.subId)).currentPeriodEnd!;
    fake.holdEvents = true;
    await provider.cancelNow(await row(s.subId), "asked by mail", log);
    expect(requestsOf(s.creemSubId).at(-1)).toMatchObject({ body: { mode: "immediate" } });
    expect(await row(s.subId)).toMatchObject({ status: "ended", endReason: "admin" });
    await fake.deliverHeld();
    expect(await row(s.subId)).toMatchObject({ status: "ended", endReason: "admin" });
    expect(await credits(s.id)).toBe(100);
    expect((await planLots(s.id))[0]!.expiresAt).toEqual(periodEnd);
    // Creem refuses to cancel it twice; the person is told in a payer's words.
    await expect(provider.cancelNow(await row(s.subId), "again", log)).rejects.toMatchObject({
      code: "upstream_error",
      message: "Creem refused this change to your plan.",
    });
  });
});

describe("changing plans", () => {
  it("upgrades now with proration and grants the difference once", async () => {
    const s = await subscribe({ plan: basic });
    expect(await credits(s.id)).toBe(100);
    const change = await provider.change(await row(s.subId), pro, "month", "up", log);
    expect(change).toEqual({ when: "now", approveUrl: null });
    expect(requestsOf(s.creemSubId).at(-1)).toMatchObject({
      path: `/v1/subscriptions/${s.creemSubId}/upgrade`,
      body: { product_id: "prod_pro_m", update_behavior: "proration-charge-immediately" },
    });
    const sent = deliveriesOf(s.creemSubId).slice(-2);
    expect(sent.map((d) => [d.eventType, d.status])).toEqual([
      ["subscription.update", 200],
      ["subscription.paid", 200],
    ]);
    const creem = fake.subscriptions.get(s.creemSubId)!;
    expect(await row(s.subId)).toMatchObject({
      planId: pro.id,
      planName: "Pro",
      creditsPerMonth: 300,
      providerPlanRef: "prod_pro_m",
      price: "49.00",
      currentPeriodStart: new Date(creem.current_period_start_date),
    });
    // 300 in all for this period: 200 more, expiring with it.
    expect(await balanceOf(db(), s.id)).toEqual({ credits: 300, ledger: 300 });
    const orders = await ordersOf(s.subId);
    expect(orders).toHaveLength(2);
    const prorated = fake.transactions.get(creem.last_transaction_id!)!.amount;
    expect(prorated).toBeGreaterThan(2900);
    expect(prorated).toBeLessThanOrEqual(3000);
    expect(orders[1]).toMatchObject({
      credits: 200,
      amount: `${Math.floor(prorated / 100)}.${String(prorated % 100).padStart(2, "0")}`,
      periodKey: `${s.creemSubId}|prod_pro_m|${creem.current_period_start_date}`,
      periodEnd: orders[0]!.periodEnd,
    });
    for (const d of sent) await fake.deliverWebhook(d.body);
    expect(await credits(s.id)).toBe(300);
  });

  it("downgrades at the period's end without proration; the next renewal grants the smaller plan", async () => {
    const s = await subscribe({ plan: pro });
    expect(await credits(s.id)).toBe(300);
    const before = requestsOf(s.creemSubId).length;
    expect(await provider.change(await row(s.subId), basic, "month", "down", log)).toEqual({
      when: "period_end",
      approveUrl: null,
    });
    expect(requestsOf(s.creemSubId)).toHaveLength(before);
    expect(await row(s.subId)).toMatchObject({ planId: pro.id, scheduledPlanId: basic.id, scheduledInterval: "month" });

    const periodEnd = (await row(s.subId)).currentPeriodEnd!;
    expect(await applyDueCreemDowngrades(ctx, new Date(), log)).toBe(0);
    expect(requestsOf(s.creemSubId)).toHaveLength(before);
    const shortlyBefore = new Date(periodEnd.getTime() - CREEM_DOWNGRADE_LEAD_MS / 2);
    expect(await applyDueCreemDowngrades(ctx, shortlyBefore, log)).toBe(1);
    expect(requestsOf(s.creemSubId).at(-1)).toMatchObject({
      path: `/v1/subscriptions/${s.creemSubId}/upgrade`,
      body: { product_id: "prod_basic_m", update_behavior: "proration-none" },
    });
    expect(await row(s.subId)).toMatchObject({
      planId: basic.id,
      creditsPerMonth: 100,
      scheduledPlanId: null,
      scheduledInterval: null,
    });
    // Nothing charged, nothing granted or taken: the period paid for keeps its credits.
    expect(await credits(s.id)).toBe(300);
    expect(await ordersOf(s.subId)).toHaveLength(1);
    expect(await applyDueCreemDowngrades(ctx, shortlyBefore, log)).toBe(0);

    expect((await fake.renewSubscription(s.creemSubId)).statuses).toEqual([200]);
    const orders = await ordersOf(s.subId);
    expect(orders.map((o) => [o.amount, o.credits])).toEqual([
      ["49.00", 300],
      ["19.00", 100],
    ]);
    expect(await balanceOf(db(), s.id)).toEqual({ credits: 100, ledger: 100 });
  });

  it("drops a waiting downgrade when the person upgrades instead", async () => {
    const s = await subscribe({ plan: pro });
    await provider.change(await row(s.subId), basic, "month", "down", log);
    await provider.change(await row(s.subId), big, "month", "up", log);
    expect(await row(s.subId)).toMatchObject({ planId: big.id, scheduledPlanId: null });
    expect(await credits(s.id)).toBe(1000);
  });
});

describe("money going back", () => {
  it("takes a refunded period's credits back, as for a pack", async () => {
    const s = await subscribe();
    await fake.renewSubscription(s.creemSubId);
    expect(await credits(s.id)).toBe(100);
    const [first, renewal] = await ordersOf(s.subId);
    const refund = fake.refundEvent(renewal!.providerTransactionId!, { withCheckout: true });
    expect(await fake.deliverWebhook(refund)).toBe(200);
    expect(await fake.deliverWebhook(refund)).toBe(200);
    expect(await balanceOf(db(), s.id)).toEqual({ credits: 0, ledger: 0 });
    const [after] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, renewal!.id));
    expect(after).toMatchObject({ refundedCents: 1900, reversedCredits: 100 });
    const [untouched] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, first!.id));
    expect(untouched).toMatchObject({ refundedCents: 0, reversedCredits: 0 });
  });
});

describe("a renewal while the person is generating", () => {
  it("keeps the ledger balanced when Creem's renewal races videos being charged", async () => {
    const s = await subscribe({ plan: big });
    await allowInFlight(db(), s.id);
    const generate = () => s.client.post("/api/generate-video", { prompt: "a lighthouse at dusk, waves" });
    const renewal = await fake.renewSubscription(s.creemSubId, { deliver: false });
    const results = await Promise.all([
      ...Array.from({ length: 4 }, generate),
      fake.deliverWebhook(renewal.events[0]),
      ...Array.from({ length: 4 }, generate),
      fake.deliverWebhook(renewal.events[0]),
    ]);
    const statuses = results.map((r) => (typeof r === "object" && r ? r.statusCode : r));
    expect(
      statuses.filter((x) => x !== 200),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(await ordersOf(s.subId)).toHaveLength(2);
    expect((await grantsOf(s.id)).map((g) => g.amount)).toEqual([1000, 1000]);
    const usage = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, s.id), eq(transactions.type, "usage")));
    expect(usage).toHaveLength(8);
    const [user] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, s.id));
    expect(user!.credits).toBeLessThanOrEqual(1000);
    expect(user!.credits).toBeGreaterThan(0);
  });
});

describe("the customer portal", () => {
  it("links to Creem's billing portal for the plan's customer", async () => {
    const s = await subscribe();
    const url = await provider.portalUrl(await row(s.subId), log);
    const customer = fake.subscriptions.get(s.creemSubId)!.customer;
    expect(url).toBe(`${fake.publicBaseUrl}/portal/${customer}`);
    expect(fake.subscriptionRequests.at(-1)).toMatchObject({
      path: "/v1/customers/billing",
      body: { customer_id: customer },
    });
    expect((await fetch(url!)).status).toBe(200);
  });
});
