/**
 * Two real server processes on one PostgreSQL database, with workers on, driven at the same time:
 * migrations and the admin bootstrap happen once, no task is polled by both at once, no credit
 * is spent or refunded twice, rate limits count across both, and a page connected to one process
 * hears about changes the other one made. PostgreSQL only: PGlite is one process by design.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLots, plans, subscriptions, transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { Mailer } from "../../src/server/features/mail/outbox.js";
import { grantPlanPayment } from "../../src/server/features/subscriptions/plan-grants.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { HttpClient, startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { SseClient } from "../helpers/sse-client.js";
import { createTestDatabase, usingPostgres } from "../helpers/test-db.js";
import type { Database } from "../../src/server/db/connect.js";
import { allowInFlight, sleep, startSimulator, type StartedSimulator } from "../helpers/video-app.js";
import type { PollLogEntry } from "../../src/server/simulator/types.js";

const ADMIN = { username: "admin", password: "two-process-admin" };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A plan paid a month and a day ago whose period ended yesterday with 70 of its 100 credits unused:
 * the month has passed before either process starts, as if on a test clock.
 */
async function seedLapsedPlan(database: Database): Promise<{ userId: string; grantId: string }> {
  const start = new Date(Date.now() - 31 * DAY_MS);
  const end = new Date(Date.now() - DAY_MS);
  const [user] = await database.db.insert(users).values({ username: "lapsed_plan", password: "x" }).returning();
  const [plan] = await database.db
    .insert(plans)
    .values({ name: "Lapsed", monthlyPrice: "9.00", creditsPerMonth: 100 })
    .returning();
  const [sub] = await database.db
    .insert(subscriptions)
    .values({
      userId: user!.id,
      planId: plan!.id,
      interval: "month",
      provider: "creem",
      planName: "Lapsed",
      price: "9.00",
      creditsPerMonth: 100,
      status: "ended",
    })
    .returning();
  const mailer = new Mailer({ publicUrl: "http://localhost:3000", unsubscribeKey: "two-processes" });
  await database.db.transaction((tx) =>
    grantPlanPayment(
      tx,
      {
        subscriptionId: sub!.id,
        periodKey: "lapsed|1",
        periodStart: start,
        periodEnd: end,
        amount: "9.00",
        currency: "USD",
        providerPaymentId: "ord_lapsed",
      },
      mailer,
    ),
  );
  await database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} - 30` })
      .where(eq(users.id, user!.id));
    await tx.insert(transactions).values({ userId: user!.id, type: "adjustment", amount: -30, description: "spent" });
  });
  const [grant] = await database.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(sql`${transactions.userId} = ${user!.id} and ${transactions.type} = 'subscription'`);
  return { userId: user!.id, grantId: grant!.id };
}

describe.runIf(usingPostgres)("two server processes on one PostgreSQL", () => {
  let database: Database & { url?: string };
  let sim: StartedSimulator;
  let a: ServerProcess;
  let b: ServerProcess;
  let lapsedPlan: { userId: string; grantId: string };
  const streams: SseClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Videos take 3 s: long enough that no failed one is refunded while the burst below is still
    // being answered (a refund would rightly let a 13th request through).
    sim = await startSimulator({ delayMs: 3_000, hdDelayMs: 300 });
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "veo-two-")),
      SECRETS_KEY: "two-processes-share-this-secret-key-0123456789",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // Both talk to one provider (a simulator in this test process that logs every poll).
      KIE_API_KEY: "two-process-kie-key",
      KIE_BASE_URL: sim.baseUrl,
      KIE_UPLOAD_BASE_URL: sim.baseUrl,
    };
    lapsedPlan = await seedLapsedPlan(database);
    // Started at the same moment on an empty database: both migrate and bootstrap the admin.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 90_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await sim?.close();
    await database?.close();
  });

  async function signIn(base: string, username: string, password: string): Promise<HttpClient> {
    const client = new HttpClient();
    const res = await client.request(base, "POST", "/api/auth/login", { username, password });
    if (res.status !== 200)
      throw new Error(`login ${res.status}: ${JSON.stringify(res.json)}\n${a.stderr()}${b.stderr()}`);
    return client;
  }

  async function newUser(base: string, credits: number, admin: HttpClient) {
    const username = `two_${Math.random().toString(36).slice(2, 10)}`;
    const reg = await new HttpClient().request(base, "POST", "/api/auth/register", {
      username,
      password: "password123",
    });
    expect(reg.status).toBe(201);
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const set = await admin.request(base, "PUT", `/api/admin/users/${row!.id}/credits`, {
      change: "set",
      amount: credits,
      reason: "two processes",
      expectedCredits: 0,
    });
    expect(set.status).toBe(200);
    // Many videos at once is what these tests are about, past the fair-use default (decision 0093).
    await allowInFlight(database.db, row!.id);
    return { id: row!.id, username, client: await signIn(base, username, "password123") };
  }

  it("a month later, a plan's unused credits expire once though both processes sweep at start", async () => {
    const lotOf = () =>
      database.db.select().from(creditLots).where(eq(creditLots.sourceTransactionId, lapsedPlan.grantId));
    for (let i = 0; i < 100 && !(await lotOf())[0]?.expiredAt; i++) await sleep(100);
    const expiries = await database.db
      .select()
      .from(transactions)
      .where(sql`${transactions.userId} = ${lapsedPlan.userId} and ${transactions.type} = 'expiry'`);
    expect(expiries.map((e) => e.amount)).toEqual([-70]);
    const [owner] = await database.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, lapsedPlan.userId));
    expect(owner!.credits).toBe(0);
    await expectLedgerBalanced(database.db);
  });

  it("started together, they migrated once and made one admin", async () => {
    const migrations = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((migrations as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(
      fs.readdirSync("src/server/db/migrations").filter((f) => f.endsWith(".sql")).length,
    );
    const admins = await database.db.select().from(users).where(eq(users.username, ADMIN.username));
    expect(admins).toHaveLength(1);
  });

  it("share the work: each task polled by one at a time, credits spent and refunded once, events reach both", async () => {
    const admin = await signIn(a.url, ADMIN.username, ADMIN.password);
    const user = await newUser(b.url, 12, admin);
    for (const server of [a, b]) {
      const stream = await SseClient.open(`${server.url}/api/events`, { cookie: user.client.cookie! });
      if (!(stream instanceof SseClient)) throw new Error(`stream refused: ${stream.status}`);
      streams.push(stream);
      expect(await stream.next("ready")).toEqual({ credits: 12, expiring: [] });
    }

    // 16 requests for 12 credits, alternating between the processes, all at once.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        user.client.request(i % 2 ? b.url : a.url, "POST", "/api/generate-video", {
          prompt: i % 5 === 0 ? `a doomed video ${i} [sim:fail]` : `a shared video ${i}`,
          model: "veo3_fast",
          aspectRatio: "16:9",
        }),
      ),
    );
    const accepted = answers.filter((r) => r.status === 200).map((r) => r.json.taskId as string);
    expect(accepted).toHaveLength(12);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(4);

    // Both workers run; wait until every task and its 1080p file are settled.
    const end = Date.now() + 30_000;
    for (;;) {
      const open = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(videoTasks)
        .where(sql`${videoTasks.status} in ('generating', 'pending') or ${videoTasks.hdStatus} = 'pending'`);
      if (open[0]!.n === 0) break;
      if (Date.now() > end) throw new Error(`tasks still open: ${open[0]!.n}\n${a.stderr()}${b.stderr()}`);
      await sleep(100);
    }
    const tasks = await database.db.select().from(videoTasks).where(eq(videoTasks.userId, user.id));
    const failed = tasks.filter((t) => t.status === "failed");
    expect(tasks).toHaveLength(12);
    expect(failed.length).toBeGreaterThan(0);
    expect(tasks.filter((t) => t.status === "completed").every((t) => t.hdStatus === "ready")).toBe(true);

    // No task was asked about by both processes at the same time.
    expect(overlappingPolls(sim.stats.pollLog)).toEqual([]);

    // The ledger: one usage per task, one refund per failed task, the balance their sum.
    const rows = await database.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((r) => r.type === "usage")).toHaveLength(12);
    expect(rows.filter((r) => r.type === "refund")).toHaveLength(failed.length);
    const [balance] = await database.db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id));
    expect(balance!.credits).toBe(failed.length);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(balance!.credits);

    // Each page, on either process, heard every task end, whichever process finished it.
    for (const stream of streams) {
      for (const t of tasks) await stream.next("task", (d) => d.task.taskId === t.taskId && d.task.status === t.status);
      await stream.next("credits", (d) => d.credits === failed.length);
    }

    // An admin's refund clicked on both processes at once: one refund.
    const done = tasks.find((t) => t.status === "completed")!;
    const refunds = await Promise.all(
      [a, b].map((s) => admin.request(s.url, "POST", `/api/video/${done.taskId}/refund`, { reason: "both processes" })),
    );
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await database.db.select().from(transactions).where(eq(transactions.videoTaskId, done.id));
    expect(after.filter((r) => r.type === "refund")).toHaveLength(1);
  }, 60_000);

  it("end a stream on one process when its API token is deleted or its session signed out on the other", async () => {
    const admin = await signIn(a.url, ADMIN.username, ADMIN.password);
    const user = await newUser(a.url, 0, admin);
    const created = await user.client.request(a.url, "POST", "/api/user-tokens", { name: "leaked" });
    expect(created.status).toBe(201);
    const open = async (headers: Record<string, string>) => {
      const stream = await SseClient.open(`${b.url}/api/events`, headers);
      if (!(stream instanceof SseClient)) throw new Error(`stream refused: ${stream.status}`);
      streams.push(stream);
      await stream.next("ready");
      return stream;
    };
    const byToken = await open({ authorization: `Bearer ${created.json.token as string}` });
    const bySession = await open({ cookie: user.client.cookie! });

    expect((await user.client.request(a.url, "DELETE", `/api/user-tokens/${created.json.id as string}`)).status).toBe(
      200,
    );
    await byToken.next("signed-out");
    await byToken.ended;
    expect(bySession.isEnded).toBe(false);

    expect((await user.client.request(a.url, "POST", "/api/auth/logout")).status).toBe(200);
    await bySession.next("signed-out");
    await bySession.ended;
  });

  it("count rate limits together: failed logins on both lock the account", async () => {
    const admin = await signIn(a.url, ADMIN.username, ADMIN.password);
    const user = await newUser(a.url, 0, admin);
    // Ten failures, five on each process (the limit is ten per account).
    for (let i = 0; i < 10; i++) {
      const res = await new HttpClient().request(i % 2 ? b.url : a.url, "POST", "/api/auth/login", {
        username: user.username,
        password: "wrong-password",
      });
      expect(res.status).toBe(401);
    }
    const locked = await new HttpClient().request(a.url, "POST", "/api/auth/login", {
      username: user.username,
      password: "password123",
    });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/^Too many failed login attempts for this account/);
  });
});

/** Pairs of calls about the same task and endpoint whose time spans overlap. */
function overlappingPolls(log: PollLogEntry[]): string[] {
  const found: string[] = [];
  const byTask = new Map<string, PollLogEntry[]>();
  for (const entry of log) {
    const key = `${entry.endpoint} ${entry.taskId}`;
    byTask.set(key, [...(byTask.get(key) ?? []), entry]);
  }
  for (const [key, entries] of byTask) {
    const sorted = [...entries].sort((x, y) => x.startedAt - y.startedAt);
    for (let i = 1; i < sorted.length; i++) if (sorted[i]!.startedAt < sorted[i - 1]!.endedAt) found.push(key);
  }
  return found;
}
