import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { transactions, users } from "../../src/server/db/schema.js";
import type { AdminTransactionsPage } from "../../src/shared/schemas/admin-transactions.js";
import { refundUhd } from "../../src/server/features/videos/uhd.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, signUp, type Client } from "../helpers/test-app.js";
import { balanceOf, createVideoTestApp, taskRow, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());
afterEach(() => expectLedgerBalanced(t.database.db));

const page = async (query: string) => {
  const res = await admin.get(`/api/admin/transactions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminTransactionsPage>();
};

/** A user with ledger rows at chosen times (amounts balanced by the adjustment that funds them). */
async function userWithRows(
  name: string,
  email: string | undefined,
  rows: { type: string; amount: number; at: string; description?: string }[],
) {
  const { username } = await signUp(t.app, { username: name, email });
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  const sum = rows.reduce((s, r) => s + r.amount, 0);
  await t.database.db.transaction(async (tx) => {
    await tx.update(users).set({ credits: sum }).where(eq(users.id, user!.id));
    for (const r of rows) {
      await tx.insert(transactions).values({
        userId: user!.id,
        type: r.type,
        amount: r.amount,
        description: r.description ?? r.type,
        createdAt: new Date(r.at),
      });
    }
  });
  return user!;
}

describe("GET /api/admin/transactions", () => {
  it("lists every user's rows newest first with username, email and the provider task id", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "listed", model: "veo3_fast" })).json();
    const { data, total } = await page(`?user=${u.username}`);
    expect(total).toBe(2);
    expect(data.map((r) => r.type)).toEqual(["usage", "adjustment"]);
    expect(data[0]).toMatchObject({ username: u.username, amount: -1, taskId, refunded: false, userId: u.id });
    expect(data[0]!.email).toBeNull();
  });

  it("filters by type, user text (typed % and _ are literal) and whole UTC days, and pages by 50", async () => {
    const a = await userWithRows("pct_a_b_user", "alpha@example.com", [
      { type: "purchase", amount: 50, at: "2026-03-01T00:00:00Z" },
      { type: "usage", amount: -5, at: "2026-03-02T23:59:59Z" },
      { type: "refund", amount: 5, at: "2026-03-03T00:00:00Z" },
    ]);
    await userWithRows("pct_aXb_user", "beta@example.com", [
      { type: "purchase", amount: 10, at: "2026-03-02T12:00:00Z" },
    ]);

    expect((await page("?user=a_b")).data.map((r) => r.username)).toEqual([a.username, a.username, a.username]);
    expect((await page("?user=pct%25user")).total).toBe(0);
    expect((await page("?user=ALPHA@EXAMPLE")).total).toBe(3);
    expect((await page("?user=pct_&type=purchase")).total).toBe(2);
    const days = await page("?user=pct_&dateFrom=2026-03-02&dateTo=2026-03-02");
    expect(days.data.map((r) => [r.username, r.type])).toEqual([
      [a.username, "usage"],
      ["pct_aXb_user", "purchase"],
    ]);
    expect((await page("?user=pct_&dateFrom=2026-03-03")).data.map((r) => r.type)).toEqual(["refund"]);
    expect((await page("?user=pct_&type=&dateFrom=&dateTo=")).total).toBe(4);

    const many = await userWithRows(
      "pager_user",
      undefined,
      Array.from({ length: 53 }, (_, i) => ({
        type: "purchase",
        amount: 1,
        at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      })),
    );
    const first = await page("?user=pager_user");
    const second = await page("?user=pager_user&page=2");
    expect([first.data.length, second.data.length, first.total]).toEqual([50, 3, 53]);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(53);
    expect(first.data[0]!.createdAt > second.data[0]!.createdAt).toBe(true);
    expect(many.id).toBe(first.data[0]!.userId);
  });

  it.each([
    ["?page=0", "page must be a whole number from 1 to 100000"],
    ["?limit=101", "limit must be a whole number from 1 to 100"],
    [
      "?type=bogus",
      "type must be one of: purchase, bonus, refund, usage, adjustment, reversal, expiry, subscription, rollover, welcome, code, referral",
    ],
    ["?dateFrom=2026-02-30", "dateFrom must be a date written YYYY-MM-DD"],
    ["?dateFrom=2026-03-05&dateTo=2026-03-01", "dateFrom must not be after dateTo"],
  ])("refuses %s with a readable 400", async (query, message) => {
    const res = await admin.get(`/api/admin/transactions${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("keyset pages and a capped total (decision 0106)", () => {
  /** Every page of `query`, following nextCursor. */
  async function walk(query: string): Promise<AdminTransactionsPage[]> {
    const pages = [await page(query)];
    while (pages.at(-1)!.nextCursor) {
      const cursor = encodeURIComponent(pages.at(-1)!.nextCursor!);
      pages.push(await page(`${query}&cursor=${cursor}`));
      expect(pages.length).toBeLessThan(50);
    }
    return pages;
  }

  it("follows nextCursor through every row once, newest first, rows of the same microsecond included", async () => {
    const same = "2026-04-01T10:00:00.123Z";
    const u = await userWithRows("keyset_user", undefined, [
      ...Array.from({ length: 7 }, () => ({ type: "purchase", amount: 1, at: same })),
      ...Array.from({ length: 4 }, (_, i) => ({ type: "usage", amount: -1, at: `2026-04-0${i + 2}T00:00:00Z` })),
    ]);
    // Microseconds the JavaScript Date cannot hold: the cursor keeps them.
    await t.database.db.execute(
      sql`update transactions set created_at = created_at + interval '0.000456 seconds' where user_id = ${u.id} and type = 'usage'`,
    );
    const pages = await walk(`?userId=${u.id}&limit=3`);
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 3, 2]);
    expect(pages.every((p) => p.total === 11 && !p.totalCapped)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const walked = pages.flatMap((p) => p.data);
    const all = (await page(`?userId=${u.id}&limit=100`)).data;
    expect(walked.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(new Set(walked.map((r) => r.id)).size).toBe(11);
    expect(walked.slice(0, 4).map((r) => r.type)).toEqual(["usage", "usage", "usage", "usage"]);

    // With other filters, and from a numbered page: the same rows.
    const usage = await walk(`?userId=${u.id}&type=usage&limit=3`);
    expect(usage.flatMap((p) => p.data.map((r) => r.id))).toEqual(walked.slice(0, 4).map((r) => r.id));
    const second = await page(`?userId=${u.id}&limit=3&page=2`);
    expect(second.data.map((r) => r.id)).toEqual(pages[1]!.data.map((r) => r.id));
    expect(second.nextCursor).toBe(pages[1]!.nextCursor);
    const last = await page(`?userId=${u.id}&limit=3&page=4`);
    expect([last.data.map((r) => r.id), last.nextCursor]).toEqual([pages[3]!.data.map((r) => r.id), null]);
    const past = await page(`?userId=${u.id}&limit=3&page=5`);
    expect([past.data, past.total, past.nextCursor]).toEqual([[], 11, null]);
  });

  it("counts at most 10,000 matching rows and says when there are more", async () => {
    const u = await userWithRows("capped_user", undefined, [
      { type: "purchase", amount: 1, at: "2025-01-01T00:00:00Z" },
    ]);
    await t.database.db.execute(sql`insert into transactions (user_id, type, amount, description, created_at)
      select ${u.id}, 'adjustment', 0, 'bulk', timestamptz '2025-02-01' + n * interval '1 minute'
      from generate_series(1, 10000) as n`);
    const all = await page(`?userId=${u.id}`);
    expect([all.total, all.totalCapped, all.data.length]).toEqual([10_000, true, 50]);
    const purchases = await page(`?userId=${u.id}&type=purchase`);
    expect([purchases.total, purchases.totalCapped]).toEqual([1, false]);
    const named = await page(`?user=capped_user&dateTo=2025-02-01`);
    expect([named.total, named.totalCapped]).toEqual([1 + 1_439, false]);
  });

  const cursorOf = (t: string, id = "00000000-0000-0000-0000-000000000000") =>
    `?cursor=${Buffer.from(JSON.stringify({ t, id })).toString("base64url")}`;
  it.each([
    ["?cursor=nonsense"],
    [cursorOf("2026-01-01T00:00:00.000000Z", "x")],
    [cursorOf("2026-13-45T00:00:00.000000Z")],
    // Days Date.parse takes and PostgreSQL refuses: a 400, not a database error.
    [cursorOf("2026-02-30T00:00:00.000000Z")],
    [cursorOf("0000-01-01T00:00:00.000000Z")],
  ])("refuses a cursor it did not give (%s) with a 400 and its reason", async (query) => {
    const res = await admin.get(`/api/admin/transactions${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "invalid_input",
      reason: "cursor_invalid",
      message: "This cursor is not one this server gave. Start again from the first page.",
    });
  });

  it.each([
    [`?cursor=${"a".repeat(201)}`, "cursor is not one this server gave"],
    ["?page=2&cursor=abc", "Give page or cursor, not both"],
  ])("refuses %s with a readable 400", async (query, message) => {
    const res = await admin.get(`/api/admin/transactions${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("refunds from History", () => {
  it("refund a usage row exactly once under concurrent clicks, then mark it refunded", async () => {
    const u = await userWithCredits(t.app, t.database.db, 20);
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "refund me", model: "veo3" })).json();
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(15);

    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" })),
    );
    const statuses = clicks.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect(clicks.find((r) => r.statusCode === 200)!.json()).toEqual({ amount: 5 });
    expect(clicks.find((r) => r.statusCode === 409)!.json().message).toBe("This video has already been refunded.");

    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 20, ledger: 20 });
    const task = await taskRow(t.database.db, taskId);
    const refunds = (
      await t.database.db.select().from(transactions).where(eq(transactions.videoTaskId, task.id))
    ).filter((r) => r.type === "refund");
    expect(refunds).toHaveLength(1);
    const { data } = await page(`?user=${u.username}&type=usage`);
    expect(data).toEqual([expect.objectContaining({ taskId, refunded: true, videoPrompt: "refund me" })]);
  });

  it("requires a reason: without one nothing is refunded", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "no reason", model: "veo3_fast" })).json();
    for (const body of [{}, { reason: "" }, { reason: " \n " }, { reason: "no" }, { reason: "y".repeat(201) }]) {
      const res = await admin.post(`/api/video/${taskId}/refund`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/reason/i);
    }
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 9, ledger: 9 });
    expect((await taskRow(t.database.db, taskId)).refunded).toBe(false);
    expect((await page(`?user=${u.username}&type=refund`)).total).toBe(0);
  });

  it("names the video (its prompt's start and the task id's end), the admin and the reason on the refund row", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const prompt = "A lighthouse on a cliff at dusk,\nwaves crashing below, gulls overhead";
    const { taskId } = (await u.client.post("/api/generate-video", { prompt, model: "veo3_fast" })).json<{
      taskId: string;
    }>();
    const res = await admin.post(`/api/video/${taskId}/refund`, { reason: "  duplicate\n charge \u202E " });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await page(`?user=${u.username}&type=refund`)).data;
    expect(row!.description).toBe(
      `Refund of video “A lighthouse on a cliff at dusk…” (${taskId.slice(-8)}) by admin: duplicate charge`,
    );
    expect(row).toMatchObject({ amount: 1, taskId, videoPrompt: prompt });
  });
});

describe("a 4K upgrade's usage row (decision 0049)", () => {
  it("is refunded by its own refund only: the video's refund leaves it charged, and the other way round", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const gen = await u.client.post("/api/generate-video", {
      prompt: "four k rows",
      model: "veo3_fast",
      upgrade4k: true,
    });
    expect(gen.statusCode, gen.body).toBe(200);
    const { taskId } = gen.json<{ taskId: string }>();
    const usage = async () =>
      (await page(`?user=${u.username}&type=usage`)).data
        .map((r) => [r.amount, r.refunded])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(await usage()).toEqual([
      [-2, false],
      [-1, false],
    ]);
    expect((await admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" })).statusCode).toBe(200);
    expect(await usage()).toEqual([
      [-2, false],
      [-1, true],
    ]);
    // KIE saying 4K is unavailable gives the surcharge back (the worker's path): now both are refunded.
    const task = await taskRow(t.database.db, taskId);
    expect(await refundUhd(t.database.db, task.id, "4K is not available for this video")).toBe(2);
    expect(await usage()).toEqual([
      [-2, true],
      [-1, true],
    ]);
  });
});

describe("an admin refund of a 4K upgrade (part 4k)", () => {
  const fourKVideo = async (u: Awaited<ReturnType<typeof userWithCredits>>, prompt: string) => {
    const gen = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast", upgrade4k: true });
    expect(gen.statusCode, gen.body).toBe(200);
    return gen.json<{ taskId: string }>().taskId;
  };

  it("gives back the 4K charge, not the video's, once under concurrent clicks, and names the 4K row", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const taskId = await fourKVideo(u, "refund the four k");
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(47);

    const rows = (await page(`?user=${u.username}&type=usage`)).data;
    expect(rows.map((r) => [r.amount, r.upgrade]).sort()).toEqual([
      [-1, null],
      [-2, "4k"],
    ]);

    const clicks = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.post(`/api/video/${taskId}/refund`, { reason: "4K came out wrong", part: "4k" }),
      ),
    );
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(clicks.find((r) => r.statusCode === 200)!.json()).toEqual({ amount: 2 });
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 49, ledger: 49 });

    const usage = (await page(`?user=${u.username}&type=usage`)).data;
    expect(usage.map((r) => [r.amount, r.upgrade, r.refunded]).sort()).toEqual([
      [-1, null, false],
      [-2, "4k", true],
    ]);
    const [refund] = (await page(`?user=${u.username}&type=refund`)).data;
    expect(refund).toMatchObject({ amount: 2, upgrade: "4k" });
    expect(refund!.description).toBe(
      "Refund of the 4K version of video “refund the four k” (" + taskId.slice(-8) + ") by admin: 4K came out wrong",
    );
    // The 4K still being made is given up: the worker's own refund finds nothing owed.
    const task = await taskRow(t.database.db, taskId);
    expect(task.uhdStatus).toBe("failed");
    expect(await refundUhd(t.database.db, task.id, "4K is not available for this video")).toBeUndefined();

    // The video's own credits are still its own refund's.
    const video = await admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" });
    expect(video.json()).toEqual({ amount: 1 });
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50, ledger: 50 });
  });

  it("says so when a video has no 4K charge, and refunds nothing", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "no 4k", model: "veo3_fast" })).json();
    const res = await admin.post(`/api/video/${taskId}/refund`, { reason: "wrong part", part: "4k" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "This video has no 4K charge to refund.", reason: "no_4k_charge" });
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 9, ledger: 9 });
    expect((await admin.post(`/api/video/${taskId}/refund`, { reason: "wrong part", part: "8k" })).statusCode).toBe(
      400,
    );
  });
});

describe("the provider task id and the userId filter (issue 23)", () => {
  it("carries the provider task id as kieTaskId (and taskId), from the row or from its video task", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "named kieTaskId", model: "veo3_fast" })
    ).json();
    const { data } = await page(`?user=${u.username}`);
    expect(data.map((r) => [r.type, r.kieTaskId, r.taskId])).toEqual([
      ["usage", taskId, taskId],
      ["adjustment", null, null],
    ]);
    // An older row without kie_task_id of its own reads it from its video task.
    await t.database.db.update(transactions).set({ kieTaskId: null }).where(eq(transactions.id, data[0]!.id));
    const again = await page(`?user=${u.username}&type=usage`);
    expect(again.data[0]).toMatchObject({ kieTaskId: taskId, taskId });
  });

  it("filters by userId, alone or with the other filters; an id of nobody matches nothing", async () => {
    const a = await userWithCredits(t.app, t.database.db, 7);
    const b = await userWithCredits(t.app, t.database.db, 9);
    const onlyA = await page(`?userId=${a.id}`);
    expect(onlyA.total).toBe(1);
    expect(onlyA.data.map((r) => [r.userId, r.amount])).toEqual([[a.id, 7]]);
    expect((await page(`?userId=${b.id}&type=adjustment`)).data.map((r) => r.userId)).toEqual([b.id]);
    expect((await page(`?userId=${a.id}&user=${b.username}`)).total).toBe(0);
    expect((await page(`?userId=${a.id.toUpperCase()}`)).total).toBe(1);
    expect((await page("?userId=00000000-0000-4000-8000-000000000000")).total).toBe(0);
    expect((await page("?userId=")).total).toBeGreaterThan(1);
  });

  it.each([
    "nobody",
    "1234",
    `${"a".repeat(8)}-${"b".repeat(4)}-${"c".repeat(4)}-${"d".repeat(4)}-${"e".repeat(11)}`,
    "00000000-0000-4000-8000-00000000000g",
  ])("refuses userId=%s with a 400 that says what it must be", async (userId) => {
    const res = await admin.get(`/api/admin/transactions?userId=${userId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_input", message: "userId must be a user's id (a UUID)" });
  });
});
