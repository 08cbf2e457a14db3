/**
 * GET /api/user/stats and GET /api/transactions?page= (the /pricing page's cards and history).
 * Ledger rows are written the ledger-consistent way: balance and rows in one database transaction.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { transactions, users, videoTasks } from "../../src/server/db/schema.js";
import {
  TRANSACTIONS_PAGE_SIZE,
  type TransactionsPage,
  type TransactionView,
  type UserStats,
} from "../../src/shared/payments.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, createTestApp, type TestApp } from "../helpers/test-app.js";
import { userWithCredits } from "../helpers/video-app.js";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

type Row = Pick<typeof transactions.$inferInsert, "type" | "amount" | "description" | "videoTaskId" | "createdAt">;

/** Adds rows to a user's ledger and moves the balance by their sum, in one database transaction. */
async function addLedgerRows(userId: string, rows: Row[]): Promise<void> {
  const sum = rows.reduce((s, r) => s + r.amount, 0);
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${sum}` })
      .where(eq(users.id, userId));
    await tx.insert(transactions).values(rows.map((r) => ({ userId, ...r })));
  });
}

async function videoTask(userId: string): Promise<string> {
  const [row] = await db()
    .insert(videoTasks)
    .values({
      userId,
      taskId: `task_${crypto.randomBytes(6).toString("hex")}`,
      prompt: "a cat",
      model: "veo3_fast",
      aspectRatio: "16:9",
      status: "completed",
    })
    .returning({ id: videoTasks.id });
  return row!.id;
}

/** Nothing owed, no dispute: new videos are not blocked. */
// Nothing owed, nothing held, and none of the balance expires (decision 0151).
const noHold = { creditsOwed: 0, paymentHold: null, expiring: [] };

async function statsOf(client: Client): Promise<UserStats> {
  const res = await client.get("/api/user/stats");
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function pageOf(client: Client, query = ""): Promise<TransactionsPage> {
  const res = await client.get(`/api/transactions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("GET /api/user/stats", () => {
  it("is all zeros for a new user", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    expect(await statsOf(u.client)).toEqual({ credits: 0, videosCreated: 0, totalSpent: 0, ...noHold });
  });

  it("counts the user's videos and credits used net of refunds; purchases and adjustments are not spending", async () => {
    const u = await userWithCredits(t.app, db(), 100); // an adjustment of +100
    const [a, b, c] = [await videoTask(u.id), await videoTask(u.id), await videoTask(u.id)];
    await addLedgerRows(u.id, [
      { type: "purchase", amount: 150, description: "Purchased Pro Pack (150 credits) via Creem" },
      { type: "usage", amount: -5, videoTaskId: a },
      { type: "usage", amount: -1, videoTaskId: b },
      { type: "usage", amount: -5, videoTaskId: c },
      { type: "refund", amount: 5, videoTaskId: c },
      { type: "adjustment", amount: -20, description: "admin correction" },
      { type: "adjustment", amount: 7, description: "goodwill" },
    ]);
    // Someone else's videos and spending never count.
    const other = await userWithCredits(t.app, db(), 60);
    await addLedgerRows(other.id, [{ type: "usage", amount: -50, videoTaskId: await videoTask(other.id) }]);

    expect(await statsOf(u.client)).toEqual({
      credits: 100 + 150 - 11 + 5 - 20 + 7,
      videosCreated: 3,
      totalSpent: 6,
      ...noHold,
    });
    expect(await statsOf(other.client)).toEqual({ credits: 10, videosCreated: 1, totalSpent: 50, ...noHold });
  });

  it("never reports negative spending (a refund with no usage row left)", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    await addLedgerRows(u.id, [{ type: "refund", amount: 5, description: "refund of a task from before the ledger" }]);
    expect(await statsOf(u.client)).toEqual({ credits: 5, videosCreated: 0, totalSpent: 0, ...noHold });
  });

  it("answers 401 signed out, and is not cached", async () => {
    const res = await new Client(t.app).get("/api/user/stats");
    expect(res.statusCode).toBe(401);
    const u = await userWithCredits(t.app, db(), 0);
    expect((await u.client.get("/api/user/stats")).headers["cache-control"]).toBe("private, no-store");
  });
});

describe("GET /api/transactions", () => {
  /** What the pages must add up to: the user's rows, newest first, id breaking ties. */
  async function expectedOrder(userId: string): Promise<string[]> {
    const rows = await db().select().from(transactions).where(eq(transactions.userId, userId));
    return rows
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0))
      .map((r) => r.id);
  }

  it("pages 120 rows as 50, 50 and 20, newest first, with the total, and only the owner's rows", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const base = Date.UTC(2025, 0, 1);
    // Two rows share each timestamp, so the order between them rests on the id tiebreak.
    await addLedgerRows(
      u.id,
      Array.from({ length: 120 }, (_, i) => ({
        type: "adjustment" as const,
        amount: 1,
        description: `row ${i}`,
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const other = await userWithCredits(t.app, db(), 30);
    await addLedgerRows(other.id, [{ type: "usage", amount: -3, description: "someone else's video" }]);

    const pages = [
      await pageOf(u.client, "?page=1"),
      await pageOf(u.client, "?page=2"),
      await pageOf(u.client, "?page=3"),
      await pageOf(u.client, "?page=4"),
    ];
    expect(TRANSACTIONS_PAGE_SIZE).toBe(50);
    expect(pages.map((p) => p.data.length)).toEqual([50, 50, 20, 0]);
    expect(pages.map((p) => p.total)).toEqual([120, 120, 120, 120]);
    const ids = pages.flatMap((p) => p.data.map((r) => r.id));
    expect(ids).toEqual(await expectedOrder(u.id));
    expect(pages[0]!.data[0]!.description).toMatch(/^row 11[89]$/);
    expect(pages[2]!.data.at(-1)!.description).toMatch(/^row [01]$/);
    // No page given: page 1. Another user's id in the query changes nothing.
    expect(await pageOf(u.client)).toEqual(pages[0]);
    expect(await pageOf(u.client, `?page=1&userId=${other.id}`)).toEqual(pages[0]);

    const theirs = await pageOf(other.client);
    expect(theirs.total).toBe(2);
    expect(theirs.data.map((r) => r.id).sort()).toEqual((await expectedOrder(other.id)).sort());
    expect(theirs.data.some((r) => ids.includes(r.id))).toBe(false);
  });

  it("returns each row in the TransactionView shape", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const task = await videoTask(u.id);
    await addLedgerRows(u.id, [
      {
        type: "usage",
        amount: -1,
        description: "Veo3 Fast video",
        videoTaskId: task,
        createdAt: new Date(Date.UTC(2030, 0, 1)),
      },
    ]);
    const page = await pageOf(u.client);
    expect(page.total).toBe(2);
    const expected: TransactionView = {
      id: expect.any(String),
      type: "usage",
      amount: -1,
      description: "Veo3 Fast video",
      videoTaskId: task,
      packageId: null,
      paymentOrderId: null,
      createdAt: "2030-01-01T00:00:00.000Z",
    };
    expect(page.data[0]).toEqual(expected);
    expect(page.data[1]).toMatchObject({ type: "adjustment", amount: 10, description: "test credits" });
  });

  it("answers an empty page beyond the last one", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    expect(await pageOf(u.client, "?page=100000")).toEqual({ data: [], total: 1 });
  });

  it.each(["0", "-1", "abc", "1.5", "100001", "1e9", "", "Infinity"])(
    "rejects page=%s with a clear 400",
    async (page) => {
      const u = await userWithCredits(t.app, db(), 0);
      const res = await u.client.get(`/api/transactions?page=${encodeURIComponent(page)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "page must be a whole number from 1 to 100000", code: "invalid_input" });
    },
  );

  it("rejects a repeated page parameter", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const res = await u.client.get("/api/transactions?page=1&page=2");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "page must be a whole number from 1 to 100000", code: "invalid_input" });
  });

  it("answers 401 signed out", async () => {
    const res = await new Client(t.app).get("/api/transactions?page=1");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Authentication required", code: "not_signed_in" });
  });
});
