/**
 * GET /api/admin/overview (issue 23, decision 0053): every figure against a seeded data set whose
 * answers are worked out by hand below, on whole UTC days relative to today.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  vendorAccounts,
  paymentOrders,
  plans,
  subscriptions,
  transactions,
  users,
  videoTasks,
} from "../../src/server/db/schema.js";
import { adminOverview } from "../../src/server/features/admin/overview-service.js";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview.js";
import { createTestApp, signInAdmin, type Client, type TestApp } from "../helpers/test-app.js";

const DAY = 24 * 60 * 60 * 1000;
const SECRET_TOKEN = "kie-secret-overview-token-1234";

/** Today's 00:00 UTC; waits out the last seconds of a UTC day so seeding and asking see the same today. */
async function todayMidnight(): Promise<number> {
  const untilMidnight = DAY - (Date.now() % DAY);
  if (untilMidnight < 30_000) await new Promise((r) => setTimeout(r, untilMidnight + 1000));
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

let today: number;
/** `daysAgo` days before today, at hh:mm:ss(.ms) UTC. */
const at = (daysAgo: number, time = "12:00:00") => {
  const [h, m, s] = time.split(":").map(Number);
  return new Date(today - daysAgo * DAY + ((h! * 60 + m!) * 60 + 0) * 1000 + s! * 1000);
};
const dayOf = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10);
const plus = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

let t: TestApp;
let admin: Client;

async function user(name: string, createdAt: Date): Promise<string> {
  const [row] = await t.database.db
    .insert(users)
    .values({ username: name, password: "x", createdAt })
    .returning({ id: users.id });
  return row!.id;
}

let taskCounter = 0;
async function video(
  userId: string,
  model: string,
  createdAt: Date,
  outcome: { status: "completed" | "failed" | "generating"; refunded?: boolean; seconds?: number; hdSeconds?: number },
) {
  taskCounter += 1;
  await t.database.db.insert(videoTasks).values({
    userId,
    taskId: `overview-task-${taskCounter}-${crypto.randomBytes(3).toString("hex")}`,
    prompt: "overview",
    model,
    aspectRatio: "16:9",
    status: outcome.status,
    refunded: outcome.refunded ?? false,
    createdAt,
    completedAt: outcome.seconds === undefined ? null : plus(createdAt, outcome.seconds),
    hdStatus: outcome.hdSeconds === undefined ? "none" : "ready",
    hdReadyAt: outcome.hdSeconds === undefined ? null : plus(createdAt, outcome.hdSeconds),
  });
}

async function order(
  userId: string,
  provider: "creem" | "paypal",
  amount: string,
  status: string,
  completedAt: Date | null,
  currency = "USD",
) {
  await t.database.db.insert(paymentOrders).values({
    userId,
    packageName: "Pack",
    provider,
    amount,
    currency,
    credits: 10,
    status,
    completedAt,
    createdAt: completedAt ?? at(0),
  });
}

async function ledger(userId: string, type: string, amount: number, createdAt: Date) {
  await t.database.db.insert(transactions).values({ userId, type, amount, description: type, createdAt });
}

/**
 * Plans (issue 69): an active monthly plan at 19.00 live for 40 days, an active yearly one at
 * 120.00 (10.00 a month) and a past-due monthly one at 19.00 made last week, one ended today after
 * 40 days, and one that never got past its checkout. MRR 48.00; churn 1 of the 2 live 30 days ago.
 */
async function seedPlans(u1: string, u4: string) {
  const [plan] = await t.database.db
    .insert(plans)
    .values({ name: "Overview plan", monthlyPrice: "19.00", yearlyPrice: "120.00", creditsPerMonth: 100 })
    .returning();
  const row = (userId: string, interval: "month" | "year", status: string, createdDaysAgo: number) => ({
    userId,
    planId: plan!.id,
    interval,
    provider: "creem",
    planName: plan!.name,
    price: interval === "month" ? "19.00" : "120.00",
    creditsPerMonth: 100,
    status,
    createdAt: at(createdDaysAgo),
    currentPeriodStart: status === "pending" ? null : at(createdDaysAgo),
  });
  const [u2, u3, u5] = await Promise.all(["ov_p2", "ov_p3", "ov_p5"].map((n) => user(n, at(120))));
  await t.database.db
    .insert(subscriptions)
    .values([
      row(u1, "month", "active", 40),
      row(u2!, "year", "active", 5),
      row(u3!, "month", "past_due", 7),
      { ...row(u4, "month", "ended", 40), endedAt: new Date(today), endReason: "canceled" },
      row(u5!, "month", "pending", 1),
    ]);
}

/**
 * The data set. Users: the admin (made now) and u1 today, u2 yesterday, u3 at the first instant
 * of the 7-day range, u4 at the last instant before it, u5 29 days ago, u6 89, u7 90 (outside 90d).
 */
async function seed() {
  const u1 = await user("ov_u1", at(0, "10:00:00"));
  await user("ov_u2", at(1));
  await user("ov_u3", at(6, "00:00:00"));
  const u4 = await user("ov_u4", new Date(today - 6 * DAY - 1));
  await user("ov_u5", at(29));
  await user("ov_u6", at(89, "00:00:00"));
  await user("ov_u7", new Date(today - 89 * DAY - 1));

  // Revenue: completed orders by completed_at; pending and failed ones never count.
  await order(u1, "creem", "10.00", "completed", at(0, "08:00:00"));
  await order(u1, "creem", "25.50", "completed", at(2));
  await order(u1, "paypal", "9.99", "completed", at(6, "00:00:00"));
  await order(u1, "paypal", "5.00", "completed", new Date(today - 6 * DAY - 1));
  await order(u1, "creem", "100.00", "pending", null);
  await order(u1, "paypal", "40.00", "failed", null);
  await order(u1, "creem", "20.00", "completed", at(3), "EUR");

  // Credits: by transactions.created_at.
  await ledger(u1, "purchase", 100, at(0, "01:00:00"));
  await ledger(u1, "bonus", 15, at(0, "01:00:00"));
  await ledger(u1, "purchase", 50, at(3));
  await ledger(u1, "purchase", 1000, at(8));
  await ledger(u1, "usage", -5, at(0, "02:00:00"));
  await ledger(u1, "usage", -1, at(0, "03:00:00"));
  await ledger(u1, "usage", -5, at(2));
  await ledger(u1, "usage", -3, at(10));
  await ledger(u1, "refund", 5, at(2, "13:00:00"));
  await ledger(u1, "adjustment", 20, at(1));
  await ledger(u1, "adjustment", -7, at(4));
  await ledger(u1, "subscription", 300, at(1));
  await ledger(u1, "expiry", -40, at(2));
  await seedPlans(u1, u4);

  // Videos: by created_at; outcome from status and refunded.
  await video(u1, "veo3_fast", at(0, "00:10:00"), { status: "completed", seconds: 60, hdSeconds: 120 });
  await video(u1, "veo3_fast", at(0, "00:20:00"), { status: "completed", refunded: true, seconds: 90 });
  await video(u1, "veo3", at(0, "00:30:00"), { status: "failed", refunded: true, seconds: 5 });
  await video(u1, "veo3_fast", at(0, "00:40:00"), { status: "generating" });
  await video(u1, "veo3_lite", at(1), { status: "completed", seconds: 30, hdSeconds: 200 });
  await video(u1, "veo3", at(1, "13:00:00"), { status: "completed", seconds: 300 });
  await video(u1, "veo2_legacy", at(3), { status: "completed", seconds: 45 });
  await video(u1, "veo3_fast", at(5), { status: "failed", refunded: true, seconds: 700 });
  await video(u1, "veo3_fast", at(5, "13:00:00"), { status: "completed", seconds: 120, hdSeconds: 240 });
  await video(u1, "veo3", at(6, "00:00:00"), { status: "completed", seconds: 600, hdSeconds: 900 });
  await video(u4, "veo3_lite", new Date(today - 6 * DAY - 1), { status: "completed", seconds: 10, hdSeconds: 20 });

  // Provider accounts: listed by name, their key never.
  await t.database.db.insert(vendorAccounts).values([
    {
      name: "Beta",
      tokenEncrypted: t.secretBox.encrypt(SECRET_TOKEN),
      tokenHash: crypto.randomBytes(16).toString("hex"),
      totalCredits: 100,
      isEnabled: false,
      updatedAt: at(2),
    },
    {
      name: "Alpha",
      tokenEncrypted: t.secretBox.encrypt(`${SECRET_TOKEN}-2`),
      tokenHash: crypto.randomBytes(16).toString("hex"),
      totalCredits: 5000,
      isEnabled: true,
      lastUsed: at(0, "05:00:00"),
      updatedAt: at(0, "05:00:00"),
    },
  ]);
}

const get = async (query: string) => {
  const res = await admin.get(`/api/admin/overview${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json<AdminOverview>(), text: res.body, headers: res.headers };
};

/** The 7 days, oldest first, with `values` on the named days ago and 0 elsewhere. */
const week = (values: Record<number, number>) => [6, 5, 4, 3, 2, 1, 0].map((d) => values[d] ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  today = await todayMidnight();
  admin = await signInAdmin(t);
  await seed();
});
afterAll(() => t.close());

describe("GET /api/admin/overview", () => {
  it("answers the 7 days (the default) with every figure of the seeded data set", async () => {
    const { body, text, headers } = await get("");
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(body.range).toBe("7d");
    expect(body.from).toBe(new Date(today - 6 * DAY).toISOString());
    expect(body.to).toBe(new Date(today + DAY).toISOString());
    expect(body.days).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayOf));

    expect(body.revenue.byProvider).toEqual([
      { provider: "creem", currency: "USD", orders: 2, amount: "35.50" },
      { provider: "paypal", currency: "USD", orders: 1, amount: "9.99" },
      { provider: "creem", currency: "EUR", orders: 1, amount: "20.00" },
    ]);
    expect(body.revenue.byDay).toHaveLength(21);
    const revenueOf = (provider: string, currency: string) =>
      body.revenue.byDay
        .filter((r) => r.provider === provider && r.currency === currency)
        .map((r) => [r.day, r.amount, r.orders]);
    expect(revenueOf("creem", "USD")).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((d) => [
        dayOf(d),
        d === 0 ? "10.00" : d === 2 ? "25.50" : "0.00",
        d === 0 || d === 2 ? 1 : 0,
      ]),
    );
    expect(revenueOf("paypal", "USD")).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((d) => [dayOf(d), d === 6 ? "9.99" : "0.00", d === 6 ? 1 : 0]),
    );
    expect(revenueOf("creem", "EUR")).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((d) => [dayOf(d), d === 3 ? "20.00" : "0.00", d === 3 ? 1 : 0]),
    );

    expect(body.plans).toEqual({ active: 2, pastDue: 1, cancelledThisMonth: 1, mrr: "48.00", churn: 0.5 });
    const { byDay: creditDays, ...creditTotals } = body.credits;
    expect(creditTotals).toEqual({
      sold: 150,
      bonus: 15,
      planCredits: 300,
      expired: 40,
      spent: 11,
      refunded: 5,
      netSpent: 6,
      adjustedUp: 20,
      adjustedDown: 7,
    });
    expect(creditDays.map((d) => d.day)).toEqual(body.days);
    expect(creditDays.map((d) => d.sold)).toEqual(week({ 0: 100, 3: 50 }));
    expect(creditDays.map((d) => d.spent)).toEqual(week({ 0: 6, 2: 5 }));
    expect(creditDays.map((d) => d.refunded)).toEqual(week({ 2: 5 }));

    // The admin (made now), u1, u2 and u3 (the range's first instant); u4 is one millisecond before it.
    expect(body.newUsers.total).toBe(4);
    expect(body.newUsers.byDay.map(({ day, count }) => ({ day, count }))).toEqual(
      body.days.map((day, i) => ({ day, count: week({ 0: 2, 1: 1, 6: 1 })[i] })),
    );

    const { byModel, byDay: videoDays, ...videoTotals } = body.videos;
    expect(videoTotals).toEqual({
      total: 10,
      completed: 6,
      refunded: 1,
      failed: 2,
      inProgress: 1,
      refused: 0,
      failureRate: 2 / 9,
      refundRate: 3 / 9,
    });
    expect(byModel).toEqual([
      {
        model: "veo3",
        total: 3,
        completed: 2,
        refunded: 0,
        failed: 1,
        inProgress: 0,
        refused: 0,
        failureRate: 1 / 3,
        refundRate: 1 / 3,
      },
      {
        model: "veo3_fast",
        total: 5,
        completed: 2,
        refunded: 1,
        failed: 1,
        inProgress: 1,
        refused: 0,
        failureRate: 1 / 4,
        refundRate: 2 / 4,
      },
      {
        model: "veo3_lite",
        total: 1,
        completed: 1,
        refunded: 0,
        failed: 0,
        inProgress: 0,
        refused: 0,
        failureRate: 0,
        refundRate: 0,
      },
      {
        model: "veo2_legacy",
        total: 1,
        completed: 1,
        refunded: 0,
        failed: 0,
        inProgress: 0,
        refused: 0,
        failureRate: 0,
        refundRate: 0,
      },
    ]);
    expect(videoDays).toHaveLength(4 * 7);
    const series = (model: string, outcome: "completed" | "refunded" | "failed" | "inProgress") =>
      videoDays.filter((r) => r.model === model).map((r) => r[outcome]);
    expect(videoDays.filter((r) => r.model === "veo3").map((r) => r.day)).toEqual(body.days);
    expect(series("veo3", "completed")).toEqual(week({ 1: 1, 6: 1 }));
    expect(series("veo3", "failed")).toEqual(week({ 0: 1 }));
    expect(series("veo3_fast", "completed")).toEqual(week({ 0: 1, 5: 1 }));
    expect(series("veo3_fast", "refunded")).toEqual(week({ 0: 1 }));
    expect(series("veo3_fast", "failed")).toEqual(week({ 5: 1 }));
    expect(series("veo3_fast", "inProgress")).toEqual(week({ 0: 1 }));
    expect(series("veo3_lite", "completed")).toEqual(week({ 1: 1 }));
    expect(series("veo2_legacy", "completed")).toEqual(week({ 3: 1 }));

    // To the video: 30, 45, 60, 90, 120, 300, 600 s (failed ones excluded); to 1080p: 120, 200, 240, 900 s.
    expect(body.times).toEqual({
      toVideo: { count: 7, medianSeconds: 90, p95Seconds: 510 },
      to1080p: { count: 4, medianSeconds: 220, p95Seconds: 801 },
    });

    expect(body.providerAccounts).toEqual([
      {
        id: expect.any(String),
        name: "Alpha",
        isEnabled: true,
        totalCredits: 5000,
        status: "Available",
        lastUsed: at(0, "05:00:00").toISOString(),
        balanceUpdatedAt: at(0, "05:00:00").toISOString(),
      },
      {
        id: expect.any(String),
        name: "Beta",
        isEnabled: false,
        totalCredits: 100,
        status: "Low Credits",
        lastUsed: null,
        balanceUpdatedAt: at(2).toISOString(),
      },
    ]);
    expect(text).not.toContain(SECRET_TOKEN);
    expect(text).not.toMatch(/token/i);
    expect(Date.parse(body.generatedAt)).toBeGreaterThan(today);
  });

  it("answers today", async () => {
    const { body } = await get("?range=today");
    expect(body.days).toEqual([dayOf(0)]);
    expect(body.from).toBe(new Date(today).toISOString());
    expect(body.revenue.byProvider).toEqual([
      { provider: "creem", currency: "USD", orders: 1, amount: "10.00" },
      { provider: "paypal", currency: "USD", orders: 0, amount: "0.00" },
    ]);
    expect(body.credits).toMatchObject({
      sold: 100,
      bonus: 15,
      spent: 6,
      refunded: 0,
      netSpent: 6,
      adjustedUp: 0,
      adjustedDown: 0,
    });
    // By source (decision 0091): the admin from ADMIN_USERNAME, and a row written here without a method.
    const sources = { password: 0, google: 0, admin: 1, unknown: 1 };
    expect(body.newUsers).toEqual({ total: 2, bySource: sources, byDay: [{ day: dayOf(0), count: 2, ...sources }] });
    expect(body.videos).toMatchObject({
      total: 4,
      completed: 1,
      refunded: 1,
      failed: 1,
      inProgress: 1,
      failureRate: 1 / 3,
      refundRate: 2 / 3,
    });
    expect(body.videos.byModel.map((m) => m.model)).toEqual(["veo3", "veo3_fast"]);
    expect(body.times).toEqual({
      toVideo: { count: 2, medianSeconds: 75, p95Seconds: 88.5 },
      to1080p: { count: 1, medianSeconds: 120, p95Seconds: 120 },
    });
  });

  it("answers 30 and 90 days, each including its first day and nothing before", async () => {
    const month = (await get("?range=30d")).body;
    expect(month.days).toHaveLength(30);
    expect(month.days[0]).toBe(dayOf(29));
    expect(month.newUsers.total).toBe(6);
    expect(month.revenue.byProvider[1]).toEqual({ provider: "paypal", currency: "USD", orders: 2, amount: "14.99" });
    expect(month.credits).toMatchObject({ sold: 1150, spent: 14 });
    expect(month.videos).toMatchObject({ total: 11, completed: 7 });
    expect(month.videos.byDay).toHaveLength(4 * 30);
    expect(month.times.toVideo).toEqual({ count: 8, medianSeconds: 75, p95Seconds: 495 });
    expect(month.times.to1080p.count).toBe(5);

    const quarter = (await get("?range=90d")).body;
    expect(quarter.days).toHaveLength(90);
    expect(quarter.days[0]).toBe(dayOf(89));
    expect(quarter.days.at(-1)).toBe(dayOf(0));
    expect(quarter.newUsers.total).toBe(7);
    expect(quarter.newUsers.byDay[0]).toMatchObject({ day: dayOf(89), count: 1 });
  });

  it("moves with the clock: tomorrow's 7 days leave out the first day's rows", async () => {
    const later = await adminOverview(t.database.db, "7d", new Date(today + DAY + 60_000));
    expect(later.days[0]).toBe(dayOf(5));
    expect(later.days.at(-1)).toBe(new Date(today + DAY).toISOString().slice(0, 10));
    expect(later.newUsers.total).toBe(3);
    expect(later.revenue.byProvider[1]).toEqual({ provider: "paypal", currency: "USD", orders: 0, amount: "0.00" });
    expect(later.videos).toMatchObject({ total: 9, completed: 5 });
  });

  it("is empty, with zero days and no rates, where nothing happened", async () => {
    const quiet = await adminOverview(t.database.db, "7d", new Date(today - 200 * DAY));
    expect(quiet.revenue.byProvider).toEqual([
      { provider: "creem", currency: "USD", orders: 0, amount: "0.00" },
      { provider: "paypal", currency: "USD", orders: 0, amount: "0.00" },
    ]);
    expect(quiet.revenue.byDay).toHaveLength(14);
    expect(quiet.credits).toMatchObject({
      sold: 0,
      bonus: 0,
      spent: 0,
      refunded: 0,
      netSpent: 0,
      adjustedUp: 0,
      adjustedDown: 0,
    });
    expect(quiet.credits.byDay).toHaveLength(7);
    expect(quiet.newUsers.total).toBe(0);
    expect(quiet.newUsers.byDay.every((d) => d.count === 0)).toBe(true);
    expect(quiet.videos).toEqual({
      total: 0,
      completed: 0,
      refunded: 0,
      failed: 0,
      inProgress: 0,
      refused: 0,
      failureRate: null,
      refundRate: null,
      byModel: [],
      byDay: [],
    });
    expect(quiet.times).toEqual({
      toVideo: { count: 0, medianSeconds: null, p95Seconds: null },
      to1080p: { count: 0, medianSeconds: null, p95Seconds: null },
    });
    // The accounts are not of a range: always listed.
    expect(quiet.providerAccounts).toHaveLength(2);
  });

  it("refuses an unknown range with a readable 400", async () => {
    const res = await admin.get("/api/admin/overview?range=1y");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining("range must be one of: today, 7d, 30d, 90d"),
    });
    expect((await get("?range=")).body.range).toBe("7d");
  });
});
