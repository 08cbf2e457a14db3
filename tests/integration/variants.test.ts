/**
 * Variants (issue 71 §2, decision 0162): 1 to 4 videos of one prompt from one request, each its own
 * task with its own seed and charge, all sharing a batch id. All are reserved in one transaction
 * (credits and the fair-use limit for all, or nothing charged), each submitted and refunded on its
 * own; a replayed Idempotency-Key gives the same batch; another person never sees it.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { transactions, videoTasks } from "../../src/server/db/schema.js";
import { VEO_SEED } from "../../src/shared/catalogue.js";
import type { VideoTaskView } from "../../src/shared/videos.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import type { Client } from "../helpers/test-app.js";
import {
  allowInFlight,
  balanceOf,
  createVideoTestApp,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
});
afterEach(() => {
  t.sim.faults.clear();
  return expectLedgerBalanced(db());
});
afterAll(() => t?.close());

const BODY = { prompt: "A paper boat on a rainy street", model: "veo3_fast", aspectRatio: "16:9" };

const web = (client: Client, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/generate-video",
    remoteAddress: client.remoteAddress,
    headers: { cookie: client.sessionCookie!, ...client.webAppHeaders, ...headers },
    payload: { ...BODY, ...body },
  });

const tasksOf = (userId: string) =>
  db().select().from(videoTasks).where(eq(videoTasks.userId, userId)).orderBy(videoTasks.createdAt);

async function usageRows(userId: string) {
  return (await db().select().from(transactions).where(eq(transactions.userId, userId))).filter(
    (r) => r.type === "usage",
  );
}

interface Started {
  taskId: string;
  taskIds: string[];
  batchId: string | null;
  creditsUsed: number;
  remainingCredits: number;
}

describe("variants on the web", () => {
  it("makes one task per variant, charged each, with distinct seeds in the model's range and one batch id", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await web(u.client, { variants: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Started>();
    expect(body.taskIds).toHaveLength(3);
    expect(body.taskId).toBe(body.taskIds[0]);
    expect(body.creditsUsed).toBe(3);
    expect(body.remainingCredits).toBe(7);
    expect(body.batchId).toMatch(/^[0-9a-f-]{36}$/);

    const rows = await tasksOf(u.id);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.batchId))).toEqual(new Set([body.batchId]));
    expect(rows.map((r) => r.taskId).sort()).toEqual([...body.taskIds].sort());
    const seeds = rows.map((r) => r.seeds);
    expect(new Set(seeds).size).toBe(3);
    for (const seed of seeds) {
      expect(seed).toBeGreaterThanOrEqual(VEO_SEED.min);
      expect(seed).toBeLessThanOrEqual(VEO_SEED.max);
    }
    expect(await usageRows(u.id)).toHaveLength(3);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 7, ledger: 7 });

    // The task view carries the batch, so the page can show the variants side by side.
    const list = await u.client.get("/api/video-tasks");
    const views = list.json<{ tasks: VideoTaskView[] }>().tasks;
    expect(views.map((v) => v.batchId)).toEqual([body.batchId, body.batchId, body.batchId]);
  });

  it("counts on from the seed asked, wrapping round the model's range", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await web(u.client, { variants: 3, seeds: VEO_SEED.max - 1 });
    expect(res.statusCode, res.body).toBe(200);
    const seeds = (await tasksOf(u.id)).map((r) => r.seeds).sort();
    expect(seeds).toEqual([VEO_SEED.min, VEO_SEED.max - 1, VEO_SEED.max].sort());
  });

  it("gives no seed to a model that takes none, and still makes every variant", async () => {
    const u = await userWithCredits(t.app, db(), 200);
    const res = await web(u.client, { model: "wan26", aspectRatio: undefined, variants: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await tasksOf(u.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.seeds)).toEqual([null, null]);
    const price = rows[0]!.creditsUsed;
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 200 - 2 * price, ledger: 200 - 2 * price });
  });

  it("keeps one video without a batch, as before", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await web(u.client, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["creditsUsed", "remainingCredits", "taskId"]);
    const [row] = await tasksOf(u.id);
    expect(row!.batchId).toBeNull();
    expect(row!.seeds).toBeNull();
  });

  it("refuses 0, 5 and a fraction with a 400 that says the range", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    for (const variants of [0, 5, 1.5, "two"]) {
      const res = await web(u.client, { variants });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("variants must be a whole number from 1 to 4");
    }
    expect(await tasksOf(u.id)).toHaveLength(0);
  });
});

describe("all or nothing", () => {
  it("charges nothing when the credits cover only some of the variants", async () => {
    const u = await userWithCredits(t.app, db(), 3);
    const res = await web(u.client, { variants: 4 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "insufficient_credits", params: { required: 4, balance: 3 } });
    expect(await tasksOf(u.id)).toHaveLength(0);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 3, ledger: 3 });
  });

  it("charges nothing when the credits run short inside the charging transaction", async () => {
    // The early read sees 4 credits; the charge meets 3 (another spend landed in between).
    const u = await userWithCredits(t.app, db(), 4);
    const spent = web(u.client, { variants: 1, prompt: "the one that lands first" });
    const both = web(u.client, { variants: 4 });
    const [a, b] = await Promise.all([spent, both]);
    const codes = [a.statusCode, b.statusCode].sort();
    // Either the single one went first (then the four are refused whole) or the four did (then the single one is).
    expect(codes).toEqual([200, 402]);
    const rows = await tasksOf(u.id);
    expect(rows.length === 1 || rows.length === 4).toBe(true);
    const { credits } = await balanceOf(db(), u.id);
    expect(credits).toBe(4 - rows.length);
  });

  it("charges nothing when the fair-use limit leaves room for only some of them", async () => {
    const u = await userWithCredits(t.app, db(), 20);
    await allowInFlight(db(), u.id, 3);
    expect((await web(u.client, { prompt: "already making one" })).statusCode).toBe(200);
    const res = await web(u.client, { variants: 3 });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: "too_many_in_flight",
      params: { inFlight: 1, limit: 3, asked: 3 },
      message:
        "You already have 1 video being made, and an account can have at most 3 at a time: 3 more would be too many. " +
        "Ask for fewer variants or wait for a video to finish. Nothing was charged.",
    });
    expect(await tasksOf(u.id)).toHaveLength(1);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 19, ledger: 19 });
    // Two fit.
    expect((await web(u.client, { variants: 2 })).statusCode).toBe(200);
    expect(await tasksOf(u.id)).toHaveLength(3);
  });

  it("holds the limit for variants racing each other: never more in flight than allowed", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    await allowInFlight(db(), u.id, 5);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => web(u.client, { variants: 2, prompt: `r${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2);
    expect(await tasksOf(u.id)).toHaveLength(4);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 46, ledger: 46 });
  });
});

describe("each variant on its own after the charge", () => {
  it("refunds a variant the vendor refuses, once, and starts the others", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    t.sim.faults.inject("generate", { code: 400, msg: "The request was rejected by the video service" });
    const res = await web(u.client, { variants: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Started>();
    expect(body.taskIds).toHaveLength(2);
    expect(body.creditsUsed).toBe(2);
    expect(body.remainingCredits).toBe(8);

    const rows = await tasksOf(u.id);
    expect(rows).toHaveLength(3);
    const failed = rows.filter((r) => r.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.refunded).toBe(true);
    const refunds = (await db().select().from(transactions).where(eq(transactions.userId, u.id))).filter(
      (r) => r.type === "refund",
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.videoTaskId).toBe(failed[0]!.id);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 8, ledger: 8 });
  });

  it("answers the refusal when every variant is refused, every one refunded", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    t.sim.faults.inject("generate", { code: 400, msg: "The request was rejected by the video service" }, 2);
    const res = await web(u.client, { variants: 2 });
    expect(res.statusCode).toBe(422);
    const rows = await tasksOf(u.id);
    expect(rows.map((r) => [r.status, r.refunded])).toEqual([
      ["failed", true],
      ["failed", true],
    ]);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 10, ledger: 10 });
  });
});

describe("a replayed Idempotency-Key", () => {
  it("gives the same batch and never a second one", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const key = { "idempotency-key": "variants-1" };
    const first = await web(u.client, { variants: 2 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const [again, third] = await Promise.all([
      web(u.client, { variants: 2 }, key),
      web(u.client, { variants: 2 }, key),
    ]);
    for (const res of [again, third]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["idempotent-replayed"]).toBe("true");
      expect(res.json()).toEqual(first.json());
    }
    expect(await tasksOf(u.id)).toHaveLength(2);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 8, ledger: 8 });
    // The same key with another count is another request: refused.
    expect((await web(u.client, { variants: 3 }, key)).statusCode).toBe(422);
  });
});

describe("another person's batch", () => {
  it("is in none of their lists and none of its videos can be read", async () => {
    const owner = await userWithCredits(t.app, db(), 10);
    const other = await userWithCredits(t.app, db(), 10);
    const res = await web(owner.client, { variants: 2 });
    const { taskIds, batchId } = res.json<Started>();
    const list = await other.client.get("/api/video-tasks");
    expect(list.json<{ tasks: VideoTaskView[] }>().tasks.filter((v) => v.batchId === batchId)).toEqual([]);
    for (const taskId of taskIds) {
      expect((await other.client.get(`/api/video-status/${taskId}`)).statusCode).toBe(404);
    }
    const rows = await db().select().from(videoTasks).where(inArray(videoTasks.taskId, taskIds));
    expect(rows.every((r) => r.userId === owner.id)).toBe(true);
  });
});

describe("variants through the automation API", () => {
  it("takes a variant count and answers every task id; one video is a list of one", async () => {
    const u = await userWithCredits(t.app, db(), 20);
    const token = (await u.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
    const call = (body: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/n8n/generate",
        headers: { authorization: `Bearer ${token}` },
        payload: { prompt: "A lighthouse in a storm", model: "veo3_fast", ...body },
      });
    const two = await call({ variants: 2 });
    expect(two.statusCode, two.body).toBe(200);
    const body = two.json<Started & { success: boolean }>();
    expect(body.success).toBe(true);
    expect(body.taskIds).toHaveLength(2);
    expect(body.batchId).toBeTruthy();
    const rows = await tasksOf(u.id);
    expect(rows.map((r) => r.createdVia)).toEqual(["api", "api"]);
    expect(body.creditsUsed).toBe(rows[0]!.creditsUsed * 2);

    const one = await call({});
    expect(one.statusCode).toBe(200);
    // Old clients read the same fields; the list of one and no batch are new.
    expect(one.json()).toMatchObject({ success: true, taskIds: [one.json().taskId], batchId: null });
    expect((await call({ variants: 9 })).statusCode).toBe(400);
  });
});
