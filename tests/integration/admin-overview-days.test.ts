/**
 * The admin overview reads daily figures the database keeps (decision 0106): they must follow a
 * task or ledger row changed, refunded or deleted days after it was made, and say the same as the
 * rows themselves. After each test every daily table is compared with a count of the rows.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/connect.js";
import { paymentOrders, transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { refundTask } from "../../src/server/features/credits/ledger.js";
import { adminOverview, percentileOfBuckets } from "../../src/server/features/admin/overview-service.js";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview.js";
import { createTestApp, signInAdmin, type Client, type TestApp } from "../helpers/test-app.js";
import { usingPostgres } from "../helpers/test-db.js";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());
afterEach(() => expectDailyFiguresExact());

/** Today's 00:00 UTC, waiting out the last seconds of a UTC day so a test sees one today. */
async function todayMidnight(): Promise<number> {
  const untilMidnight = DAY - (Date.now() % DAY);
  if (untilMidnight < 30_000) await new Promise((r) => setTimeout(r, untilMidnight + 1000));
  return Math.floor(Date.now() / DAY) * DAY;
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

/** Each daily table (its rows with figures) against the same figures counted from the rows. */
async function expectDailyFiguresExact() {
  // Each key's figure is the sum of its slots (decision 0110).
  const days = await query(sql`select day::text, model, status, refunded, failure_kind, sum(videos)::int as videos
    from overview_video_days group by 1, 2, 3, 4, 5 having sum(videos) <> 0 order by 1, 2, 3, 4, 5`);
  const counted = await query(sql`select (created_at at time zone 'UTC')::date::text as day, model, status, refunded,
    coalesce(failure_kind, '') as failure_kind, count(*)::int as videos from video_tasks group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  expect(days).toEqual(counted);

  const bucket = (end: string) =>
    sql.raw(`floor(ln(greatest(extract(epoch from ${end} - created_at), 0.001)) * 100)::int`);
  const times = await query(
    sql`select day::text, kind, bucket, sum(videos)::int as videos from overview_video_times
      group by 1, 2, 3 having sum(videos) <> 0 order by 1, 2, 3`,
  );
  const timed = await query(sql`select day, kind, bucket, count(*)::int as videos from (
      select (created_at at time zone 'UTC')::date::text as day, 'video' as kind, ${bucket("completed_at")} as bucket
      from video_tasks where status = 'completed' and completed_at is not null
      union all
      select (created_at at time zone 'UTC')::date::text, '1080p', ${bucket("hd_ready_at")} from video_tasks where hd_ready_at is not null
    ) as x group by 1, 2, 3 order by 1, 2, 3`);
  expect(times).toEqual(timed);

  const costs =
    await query(sql`select day::text, model, vendor, duration_seconds, resolution, audio, sum(videos)::int as videos,
    sum(credits)::int as credits, sum(uhd)::int as uhd, sum(reported)::int as reported, sum(reported_cost)::float8 as cost
    from overview_video_costs group by 1, 2, 3, 4, 5, 6 having sum(videos) <> 0 order by 1, 2, 3, 4, 5, 6`);
  const costed =
    await query(sql`select (created_at at time zone 'UTC')::date::text as day, model, vendor, duration_seconds,
    resolution, audio, count(*)::int as videos,
    sum(credits_used + case when uhd_status = 'ready' then uhd_credits else 0 end)::int as credits,
    count(*) filter (where uhd_status = 'ready')::int as uhd, count(vendor_cost)::int as reported,
    coalesce(sum(vendor_cost), 0)::float8 as cost
    from video_tasks where status = 'completed' and not refunded group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
  expect(costs).toEqual(costed);

  const signUps = await query(
    sql`select day::text, signup_method, users from overview_user_days where users <> 0 order by 1, 2`,
  );
  const signedUp =
    await query(sql`select (created_at at time zone 'UTC')::date::text as day, coalesce(signup_method, '') as signup_method,
    count(*)::int as users from users group by 1, 2 order by 1, 2`);
  expect(signUps).toEqual(signedUp);

  const sales =
    await query(sql`select day::text, provider, currency, orders, amount::float8 as amount from overview_sale_days
    where orders <> 0 order by 1, 2, 3`);
  const sold =
    await query(sql`select (completed_at at time zone 'UTC')::date::text as day, provider, currency, count(*)::int as orders,
    sum(amount)::float8 as amount from payment_orders where status = 'completed' and completed_at is not null group by 1, 2, 3 order by 1, 2, 3`);
  expect(sales).toEqual(sold);

  const credits = await query(
    sql`select day::text, type, positive, sum(amount)::int as amount from overview_credit_days group by 1, 2, 3 order by 1, 2, 3`,
  );
  const summed =
    await query(sql`select (created_at at time zone 'UTC')::date::text as day, type, amount > 0 as positive,
    sum(amount)::int as amount from transactions group by 1, 2, 3 order by 1, 2, 3`);
  // A key whose rows all went keeps its row at 0.
  expect(credits.filter((r) => (r as { amount: number }).amount !== 0)).toEqual(
    summed.filter((r) => (r as { amount: number }).amount !== 0),
  );
}

async function newUser(): Promise<string> {
  const [row] = await t.database.db
    .insert(users)
    .values({ username: `days_${crypto.randomBytes(4).toString("hex")}`, password: "x", credits: 0 })
    .returning({ id: users.id });
  return row!.id;
}

async function newTask(userId: string, model: string, createdAt: Date) {
  const [row] = await t.database.db
    .insert(videoTasks)
    .values({
      userId,
      taskId: `days-${crypto.randomBytes(6).toString("hex")}`,
      prompt: "late change",
      model,
      aspectRatio: "16:9",
      status: "generating",
      creditsUsed: 5,
      createdAt,
    })
    .returning({ id: videoTasks.id });
  return row!.id;
}

async function overview(range: "7d" | "90d" = "7d"): Promise<AdminOverview> {
  const res = await admin.get(`/api/admin/overview?range=${range}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOverview>();
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const onDay = (o: AdminOverview, model: string, day: string) =>
  o.videos.byDay.find((r) => r.model === model && r.day === day);

describe("the overview's daily figures (decision 0106)", () => {
  it("move a video on its creation day as it completes, is refunded and is deleted days later", async () => {
    const today = await todayMidnight();
    const userId = await newUser();
    const made = new Date(today - 3 * DAY + 10 * 3600_000);
    const id = await newTask(userId, "veo3_lite", made);
    await t.database.db.insert(transactions).values([
      { userId, type: "purchase", amount: 10, description: "purchase", createdAt: made },
      { userId, type: "usage", amount: -5, description: "usage", videoTaskId: id, createdAt: made },
    ]);
    await t.database.db.update(users).set({ credits: 5 }).where(eq(users.id, userId));

    let o = await overview();
    expect(onDay(o, "veo3_lite", dayOf(made.getTime()))).toMatchObject({ inProgress: 1, completed: 0 });

    // Three days later the provider delivers it: still counted on the day it was made.
    await t.database.db
      .update(videoTasks)
      .set({ status: "completed", completedAt: new Date(made.getTime() + 100_000), vendorCost: "1.5000" })
      .where(eq(videoTasks.id, id));
    o = await overview();
    expect(onDay(o, "veo3_lite", dayOf(made.getTime()))).toMatchObject({ inProgress: 0, completed: 1 });
    expect(o.times.toVideo).toEqual({ count: 1, medianSeconds: 100, p95Seconds: 100 });
    expect(o.economics?.models).toEqual([
      expect.objectContaining({ model: "veo3_lite", videos: 1, creditsCharged: 5, reportedCosts: 1 }),
    ]);

    // Refunded today: the video moves to refunded on its own day, the credits come back today.
    const usageDay = o.credits.byDay.find((d) => d.day === dayOf(made.getTime()));
    expect(usageDay).toMatchObject({ spent: 5, refunded: 0 });
    await t.database.db.transaction((tx) => refundTask(tx, id, "late refund"));
    o = await overview();
    expect(onDay(o, "veo3_lite", dayOf(made.getTime()))).toMatchObject({ completed: 0, refunded: 1 });
    expect(o.economics?.models).toEqual([]);
    expect(o.credits.byDay.find((d) => d.day === dayOf(today))).toMatchObject({ refunded: 5 });
    expect(o.credits).toMatchObject({ spent: 5, refunded: 5, netSpent: 0 });

    // The task row deleted: gone from the figures, its model from the list.
    await t.database.db.delete(videoTasks).where(eq(videoTasks.id, id));
    o = await overview();
    expect(o.videos.byModel.map((m) => m.model)).not.toContain("veo3_lite");
    expect(o.times.toVideo.count).toBe(0);
  });

  it("follow a failed video that fails for its content, and a 1080p version made later", async () => {
    const today = await todayMidnight();
    const userId = await newUser();
    const made = new Date(today - 2 * DAY);
    const failed = await newTask(userId, "veo3", made);
    const finished = await newTask(userId, "veo3", made);
    await t.database.db
      .update(videoTasks)
      .set({ status: "failed", failureKind: "refused", refunded: true })
      .where(eq(videoTasks.id, failed));
    await t.database.db
      .update(videoTasks)
      .set({ status: "completed", completedAt: new Date(made.getTime() + 60_000) })
      .where(eq(videoTasks.id, finished));
    let o = await overview();
    expect(onDay(o, "veo3", dayOf(made.getTime()))).toMatchObject({ completed: 1, failed: 0, inProgress: 0 });
    expect(o.videos.byModel.find((m) => m.model === "veo3")).toMatchObject({ refused: 1, failed: 0 });
    expect(o.times.to1080p.count).toBe(0);

    // hd_ready_at is stamped by its own trigger when hd_status becomes ready.
    await t.database.db.update(videoTasks).set({ hdStatus: "ready" }).where(eq(videoTasks.id, finished));
    o = await overview();
    expect(o.times.to1080p.count).toBe(1);
    await t.database.db.delete(videoTasks).where(eq(videoTasks.userId, userId));
  });

  it("follow a ledger row whose amount, type or day changes, or that is deleted", async () => {
    const today = await todayMidnight();
    const userId = await newUser();
    const sold = async () => (await overview()).credits.byDay.map((d) => d.sold);
    /** Yesterday's and today's credits sold, less what they were before the row. */
    const base = await sold();
    const added = async () => {
      const now = await sold();
      return [now.at(-2)! - base.at(-2)!, now.at(-1)! - base.at(-1)!];
    };
    const [row] = await t.database.db
      .insert(transactions)
      .values({ userId, type: "purchase", amount: 40, description: "p", createdAt: new Date(today - DAY) })
      .returning({ id: transactions.id });
    await t.database.db.update(users).set({ credits: 40 }).where(eq(users.id, userId));
    expect(await added()).toEqual([40, 0]);
    await t.database.db.update(transactions).set({ amount: 45 }).where(eq(transactions.id, row!.id));
    expect(await added()).toEqual([45, 0]);
    await t.database.db
      .update(transactions)
      .set({ createdAt: new Date(today + 60_000) })
      .where(eq(transactions.id, row!.id));
    expect(await added()).toEqual([0, 45]);
    await t.database.db.update(transactions).set({ type: "adjustment" }).where(eq(transactions.id, row!.id));
    expect(await added()).toEqual([0, 0]);
    expect((await overview()).credits.adjustedUp).toBeGreaterThanOrEqual(45);
    await t.database.db.update(transactions).set({ type: "purchase" }).where(eq(transactions.id, row!.id));
    await t.database.db.delete(transactions).where(eq(transactions.id, row!.id));
    expect(await added()).toEqual([0, 0]);
    await t.database.db.update(users).set({ credits: 0 }).where(eq(users.id, userId));
  });

  it("follow an order that completes days after it was made and is changed, and a user's sign-up method", async () => {
    const today = await todayMidnight();
    const userId = await newUser();
    const [order] = await t.database.db
      .insert(paymentOrders)
      .values({
        userId,
        packageName: "Pack",
        provider: "paypal",
        amount: "12.50",
        currency: "USD",
        credits: 10,
        status: "created",
        createdAt: new Date(today - 3 * DAY),
      })
      .returning({ id: paymentOrders.id });
    const paypal = async () =>
      (await overview()).revenue.byProvider.find((r) => r.provider === "paypal" && r.currency === "USD")!;
    const before = await paypal();
    await t.database.db
      .update(paymentOrders)
      .set({ status: "completed", completedAt: new Date(today + 1000) })
      .where(eq(paymentOrders.id, order!.id));
    let now = await paypal();
    expect([now.orders - before.orders, Number(now.amount) - Number(before.amount)]).toEqual([1, 12.5]);
    await t.database.db.update(paymentOrders).set({ amount: "15.00" }).where(eq(paymentOrders.id, order!.id));
    now = await paypal();
    expect([now.orders - before.orders, Number(now.amount) - Number(before.amount)]).toEqual([1, 15]);
    await t.database.db.delete(paymentOrders).where(eq(paymentOrders.id, order!.id));
    expect(await paypal()).toEqual(before);

    const google = async () => (await overview()).newUsers.bySource.google;
    const googleBefore = await google();
    await t.database.db.update(users).set({ signupMethod: "google" }).where(eq(users.id, userId));
    expect((await google()) - googleBefore).toBe(1);
  });

  it("read the times from 1 % buckets past the limit, within 1 % of the sorted figures, and say so", async () => {
    const today = await todayMidnight();
    const userId = await newUser();
    // 701 videos made yesterday taking 30 s to about 8 min, spread unevenly; 1080p for every 7th.
    await t.database.db.execute(sql`insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio, status,
        created_at, completed_at, hd_status, hd_ready_at)
      select ${userId}, 'bulk-' || n, 'bulk', 'veo3_fast', '16:9', 'completed', c, c + (30 + (n % 97) * (n % 7) * 0.713) * interval '1 second',
        case when n % 7 = 0 then 'ready' else 'none' end,
        case when n % 7 = 0 then c + (200 + n % 400) * interval '1 second' end
      from generate_series(1, 701) as n, lateral (select ${new Date(today - DAY).toISOString()}::timestamptz + n * interval '1 ms' as c) as m`);
    const exact = rowsOf<{ median: number; p95: number }>(
      await t.database.db.execute(sql`select
          percentile_cont(0.5) within group (order by date_part('epoch', completed_at - created_at)) as median,
          percentile_cont(0.95) within group (order by date_part('epoch', completed_at - created_at)) as p95
        from video_tasks where user_id = ${userId}`),
    )[0]!;
    // Past 200 videos (the server's limit is 20,000): from the buckets.
    const o = await adminOverview(t.database.db, "7d", new Date(), 200);
    expect(o.times.toVideo).toMatchObject({ count: 701, estimated: true });
    expect(Math.abs(o.times.toVideo.medianSeconds! / Number(exact.median) - 1)).toBeLessThan(0.01);
    expect(Math.abs(o.times.toVideo.p95Seconds! / Number(exact.p95) - 1)).toBeLessThan(0.01);
    // 100 videos with a 1080p version: sorted from the rows, as before.
    expect(o.times.to1080p.count).toBe(100);
    expect(o.times.to1080p.estimated).toBeUndefined();
    // The server's own limit: every figure sorted.
    expect((await overview()).times.toVideo).toEqual({
      count: 701,
      medianSeconds: Math.round(Number(exact.median) * 1000) / 1000,
      p95Seconds: Math.round(Number(exact.p95) * 1000) / 1000,
    });
    await t.database.db.delete(videoTasks).where(eq(videoTasks.userId, userId));
  });
});

// Every generation writes the same few daily keys: with one row each, every generation waited for
// the one before it to commit (decision 0110).
describe.skipIf(!usingPostgres)("the daily figures under concurrent writes (decision 0110)", () => {
  it("a video, its completion and its usage row on another connection do not wait for an open transaction's", async () => {
    const url = (t.database as { url?: string }).url!;
    const userA = await newUser();
    const userB = await newUser();
    const clients: pg.Client[] = [];
    const connect = async () => {
      const client = new pg.Client({ connectionString: url });
      clients.push(client);
      await client.connect();
      const { rows } = await client.query<{ slot: number }>("select pg_backend_pid() % 8 as slot");
      return { client, slot: rows[0]!.slot };
    };
    /** A video made, completed and charged for, today, as a generation and its completion write it. */
    const generation = async (client: pg.Client, userId: string) => {
      const { rows } = await client.query<{ id: string }>(
        `insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio, status, credits_used)
         values ($1, $2, 'concurrent', 'veo3_fast', '16:9', 'generating', 5) returning id`,
        [userId, `slots-${crypto.randomBytes(6).toString("hex")}`],
      );
      await client.query(
        `insert into transactions (user_id, type, amount, description, video_task_id) values ($1, 'usage', -5, 'usage', $2)`,
        [userId, rows[0]!.id],
      );
      await client.query(
        `update video_tasks set status = 'completed', completed_at = created_at + interval '90 seconds' where id = $1`,
        [rows[0]!.id],
      );
    };
    try {
      await todayMidnight();
      const a = await connect();
      // Connections until one writes to another slot than the first (backend pids modulo 8).
      let b = await connect();
      while (b.slot === a.slot && clients.length < 40) b = await connect();
      expect(b.slot).not.toBe(a.slot);

      await a.client.query("begin");
      await generation(a.client, userA);
      // Without slots this waits on the first transaction's rows, and gives up after 2 s.
      await b.client.query("set lock_timeout = '2s'");
      await generation(b.client, userB);
      await a.client.query("commit");

      const o = await overview();
      expect(onDay(o, "veo3_fast", dayOf(Date.now()))).toMatchObject({ completed: 2 });
    } finally {
      await Promise.all(clients.map((c) => c.end().catch(() => {})));
      await t.database.db.delete(videoTasks).where(eq(videoTasks.userId, userA));
      await t.database.db.delete(videoTasks).where(eq(videoTasks.userId, userB));
    }
  });
});

describe("percentileOfBuckets", () => {
  it("interpolates between the ranks around the fraction, each value its bucket's middle", () => {
    const middle = (b: number) => Math.exp((b + 0.5) / 100);
    expect(percentileOfBuckets([], 0, 0.5)).toBeNull();
    expect(percentileOfBuckets([{ bucket: 400, count: 3 }], 3, 0.5)).toBeCloseTo(middle(400));
    const two = [
      { bucket: 400, count: 1 },
      { bucket: 500, count: 1 },
    ];
    expect(percentileOfBuckets(two, 2, 0.5)).toBeCloseTo((middle(400) + middle(500)) / 2);
    expect(percentileOfBuckets(two, 2, 0.95)).toBeCloseTo(middle(400) + 0.95 * (middle(500) - middle(400)));
  });
});
