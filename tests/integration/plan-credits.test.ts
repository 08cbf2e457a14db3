/**
 * A plan's credits on the ledger (issue 69, decision 0152): each period's payment grants once per
 * period key whatever repeats or races; its lot expires at the period's end; the next period rolls
 * over what was left up to the cap; an upgrade inside a period grants the difference; a yearly plan
 * grants each month once; past due keeps the credits through the retry grace and the plan's end
 * takes it back; provider events older than the last applied change nothing.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/connect.js";
import { creditLots, paymentOrders, plans, subscriptions, transactions, users } from "../../src/server/db/schema.js";
import { Mailer } from "../../src/server/features/mail/outbox.js";
import { applyProviderChange } from "../../src/server/features/subscriptions/lifecycle.js";
import { grantDueMonths, grantPlanPayment } from "../../src/server/features/subscriptions/plan-grants.js";
import { addMonths, PAST_DUE_GRACE_DAYS } from "../../src/server/features/subscriptions/periods.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestDatabase } from "../helpers/test-db.js";

let database: Database;
const db = () => database.db;
let serial = 0;
const mailer = new Mailer({ publicUrl: "http://localhost:3000", unsubscribeKey: "test-unsubscribe-key" });
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => database?.close());

interface PlanShape {
  creditsPerMonth?: number;
  rolloverCap?: number;
  yearlyGrant?: "monthly" | "upfront";
  interval?: "month" | "year";
}

async function subscribed(shape: PlanShape = {}): Promise<{ userId: string; subId: string; planId: string }> {
  const n = serial++;
  const [user] = await db()
    .insert(users)
    .values({ username: `plan_${Date.now().toString(36)}_${n}`, password: "x" })
    .returning({ id: users.id });
  const [plan] = await db()
    .insert(plans)
    .values({
      name: `Pro ${n}`,
      monthlyPrice: "19.00",
      yearlyPrice: "190.00",
      creditsPerMonth: shape.creditsPerMonth ?? 100,
      rolloverCap: shape.rolloverCap ?? 0,
      yearlyGrant: shape.yearlyGrant ?? "monthly",
      creemProductMonthly: `prod_m_${n}`,
      creemProductYearly: `prod_y_${n}`,
    })
    .returning();
  const interval = shape.interval ?? "month";
  const [sub] = await db()
    .insert(subscriptions)
    .values({
      userId: user!.id,
      planId: plan!.id,
      interval,
      provider: "creem",
      providerSubscriptionId: `sub_${n}`,
      providerPlanRef: interval === "month" ? `prod_m_${n}` : `prod_y_${n}`,
      planName: plan!.name,
      price: interval === "month" ? "19.00" : "190.00",
      creditsPerMonth: plan!.creditsPerMonth,
      yearlyGrant: plan!.yearlyGrant,
      rolloverCap: plan!.rolloverCap,
      status: "active",
    })
    .returning();
  return { userId: user!.id, subId: sub!.id, planId: plan!.id };
}

const pay = (subId: string, key: string, start: Date, end: Date, amount = "19.00") =>
  db().transaction((tx) =>
    grantPlanPayment(
      tx,
      {
        subscriptionId: subId,
        periodKey: key,
        periodStart: start,
        periodEnd: end,
        amount,
        currency: "USD",
        providerPaymentId: `ord_${key}`,
      },
      mailer,
    ),
  );

const balance = async (userId: string) =>
  (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]!.credits;

const rows = (userId: string) =>
  db()
    .select({ type: transactions.type, amount: transactions.amount, expiresAt: transactions.expiresAt })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));

async function spend(userId: string, amount: number): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${amount}` })
      .where(eq(users.id, userId));
    await tx.insert(transactions).values({ userId, type: "adjustment", amount: -amount, description: "spent" });
  });
}

describe("a period's grant", () => {
  it("credits a period once however often and concurrently its payment is reported", async () => {
    const { userId, subId } = await subscribed();
    const start = new Date("2026-11-01T10:00:00Z");
    const end = addMonths(start, 1);
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(subId, "sub_x|prod|nov", start, end)));
    expect(results.filter((r) => r.kind === "granted")).toHaveLength(1);
    expect(await balance(userId)).toBe(100);
    const [grant] = await rows(userId);
    expect(grant).toMatchObject({ type: "subscription", amount: 100 });
    expect(grant!.expiresAt?.toISOString()).toBe(end.toISOString());
    const orders = await db().select().from(paymentOrders).where(eq(paymentOrders.subscriptionId, subId));
    expect(orders).toMatchObject([{ status: "completed", credits: 100, amount: "19.00", periodKey: "sub_x|prod|nov" }]);
  });

  it("rolls over what was left up to the cap, and the rest expires", async () => {
    const { userId, subId } = await subscribed({ rolloverCap: 30 });
    const nov = new Date("2026-11-01T10:00:00Z");
    const dec = addMonths(nov, 1);
    const jan = addMonths(nov, 2);
    await pay(subId, "r|nov", nov, dec);
    await spend(userId, 40); // 60 left of November's 100
    const renewal = await pay(subId, "r|dec", dec, jan);
    expect(renewal).toMatchObject({ kind: "granted", credits: 100, rolledOver: 30 });
    expect(await balance(userId)).toBe(130);
    // One transaction writes the renewal's rows, so they share a time: compared as a set.
    const types = (await rows(userId)).map((r) => `${r.type} ${r.amount}`).sort();
    expect(types).toEqual(["adjustment -40", "expiry -60", "rollover 30", "subscription 100", "subscription 100"]);
    // Rolled-over credits expire with the new period; they never roll again.
    const rollover = (await rows(userId)).find((r) => r.type === "rollover")!;
    expect(rollover.expiresAt?.toISOString()).toBe(jan.toISOString());
    const feb = addMonths(nov, 3);
    expect(await pay(subId, "r|jan", jan, feb)).toMatchObject({ kind: "granted", rolledOver: 30 });
    expect(await balance(userId)).toBe(130);
  });

  it("rolls over what an already expired period had left when the renewal comes late", async () => {
    const { userId, subId } = await subscribed({ rolloverCap: 500 });
    const start = new Date(Date.now() - 40 * DAY);
    const end = new Date(Date.now() - 10 * DAY);
    await pay(subId, "late|1", start, end);
    await spend(userId, 25);
    const [lot] = await db()
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), eq(creditLots.kind, "subscription")));
    const { expireLot } = await import("../../src/server/features/credits/ledger.js");
    await db().transaction((tx) => expireLot(tx, lot!.id));
    expect(await balance(userId)).toBe(0);
    expect(await pay(subId, "late|2", end, new Date(end.getTime() + 30 * DAY))).toMatchObject({ rolledOver: 75 });
    expect(await balance(userId)).toBe(175);
  });

  it("gives an upgrade inside the period what the new plan gives beyond the old", async () => {
    const { userId, subId } = await subscribed({ creditsPerMonth: 100 });
    const start = new Date("2026-11-01T10:00:00Z");
    const end = addMonths(start, 1);
    await pay(subId, "u|basic|nov", start, end);
    await db().update(subscriptions).set({ creditsPerMonth: 250 }).where(eq(subscriptions.id, subId));
    expect(await pay(subId, "u|pro|nov", start, end, "12.00")).toMatchObject({ kind: "granted", credits: 150 });
    expect(await balance(userId)).toBe(250);
    // The same plan again for the same period gives nothing more.
    expect(await pay(subId, "u|pro-again|nov", start, end, "0.50")).toEqual({ kind: "nothing_due" });
  });
});

describe("a yearly plan", () => {
  it("grants each month once as it begins, the year's first with the payment", async () => {
    const { userId, subId } = await subscribed({ interval: "year", yearlyGrant: "monthly", rolloverCap: 0 });
    const start = new Date(Date.now() - 40 * DAY);
    const end = addMonths(start, 12);
    await pay(subId, "y|1", start, end, "190.00");
    expect(await balance(userId)).toBe(100);
    const now = new Date();
    await Promise.all([1, 2, 3].map(() => db().transaction((tx) => grantDueMonths(tx, subId, now))));
    // The second month has begun: granted once, and the first month's credits were taken out then.
    const grants = (await rows(userId)).filter((r) => r.type === "subscription");
    expect(grants.map((g) => g.amount)).toEqual([100, 100]);
    expect(grants[1]!.expiresAt?.toISOString()).toBe(addMonths(start, 2).toISOString());
    expect(await balance(userId)).toBe(100);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.subscriptionId, subId));
    expect(order!.credits).toBe(200);
  });

  it("grants the year's credits at once when the plan says upfront", async () => {
    const { userId, subId } = await subscribed({ interval: "year", yearlyGrant: "upfront" });
    const start = new Date();
    await pay(subId, "yu|1", start, addMonths(start, 12), "190.00");
    expect(await balance(userId)).toBe(1200);
    expect(await db().transaction((tx) => grantDueMonths(tx, subId, new Date()))).toBe(0);
  });
});

describe("the plan's state", () => {
  it("keeps a past-due plan's credits through the grace, and its end takes the grace back", async () => {
    const { userId, subId } = await subscribed();
    const start = new Date(Date.now() - 29 * DAY);
    const end = new Date(Date.now() + DAY);
    await pay(subId, "pd|1", start, end);
    await db().transaction((tx) =>
      applyProviderChange(tx, subId, { eventAt: new Date(), periodStart: start, periodEnd: end }),
    );
    await db().transaction((tx) => applyProviderChange(tx, subId, { eventAt: new Date(), status: "past_due" }));
    const lotEnd = async () =>
      (
        await db()
          .select()
          .from(creditLots)
          .where(and(eq(creditLots.userId, userId), eq(creditLots.kind, "subscription")))
      )[0]!.expiresAt!.getTime();
    expect(await lotEnd()).toBe(end.getTime() + PAST_DUE_GRACE_DAYS * DAY);
    await db().transaction((tx) =>
      applyProviderChange(tx, subId, { eventAt: new Date(), status: "ended", endReason: "unpaid" }),
    );
    expect(await lotEnd()).toBe(end.getTime());
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub).toMatchObject({ status: "ended", endReason: "unpaid", pastDueSince: null });
  });

  it("ignores an event older than the last applied, and never revives an ended plan", async () => {
    const { subId } = await subscribed();
    const t0 = new Date("2026-11-10T00:00:00Z");
    await db().transaction((tx) => applyProviderChange(tx, subId, { eventAt: t0, cancelAtPeriodEnd: true }));
    const stale = await db().transaction((tx) =>
      applyProviderChange(tx, subId, { eventAt: new Date(t0.getTime() - 1000), cancelAtPeriodEnd: false }),
    );
    expect(stale.kind).toBe("stale");
    await db().transaction((tx) =>
      applyProviderChange(tx, subId, { eventAt: new Date(t0.getTime() + 1000), status: "ended" }),
    );
    const late = await db().transaction((tx) =>
      applyProviderChange(tx, subId, { eventAt: new Date(t0.getTime() + 5000), status: "active" }),
    );
    expect(late.kind).toBe("stale");
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub).toMatchObject({ status: "ended", cancelAtPeriodEnd: false });
  });

  it("moves the plan to the one its provider now bills, for what it gives from then on", async () => {
    const { subId, planId } = await subscribed({ creditsPerMonth: 100 });
    const [bigger] = await db()
      .insert(plans)
      .values({
        name: "Studio",
        monthlyPrice: "49.00",
        creditsPerMonth: 400,
        creemProductMonthly: `prod_big_${serial++}`,
      })
      .returning();
    await db().transaction((tx) =>
      applyProviderChange(tx, subId, { eventAt: new Date(), planRef: bigger!.creemProductMonthly! }),
    );
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub).toMatchObject({ planId: bigger!.id, planName: "Studio", price: "49.00", creditsPerMonth: 400 });
    expect(sub!.planId).not.toBe(planId);
  });
});
