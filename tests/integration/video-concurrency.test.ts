import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions, videoTasks } from "../../src/server/db/schema.js";
import { createTestDatabase, usingPostgres } from "../helpers/test-db.js";
import {
  allowInFlight,
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  startSimulator,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

describe("concurrent generation never overspends", () => {
  let t: VideoTestApp;
  beforeAll(async () => {
    t = await createVideoTestApp();
  });
  afterAll(() => t.close());

  it("with credits for 7 of 20 parallel requests, exactly 7 succeed and the balance ends at 0", async () => {
    const u = await userWithCredits(t.app, t.database.db, 7);
    // Credits are what stop these, not the videos-at-once limit.
    await allowInFlight(t.database.db, u.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        u.client.post("/api/generate-video", { prompt: `parallel ${i}`, model: "veo3_fast" }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 402)).toHaveLength(13);
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 0, ledger: 0 });
    expect(await t.database.db.select().from(videoTasks).where(eq(videoTasks.userId, u.id))).toHaveLength(7);
    const remaining = results
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().remainingCredits)
      .sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("rate-limits generation per user", async () => {
    const limited = await createVideoTestApp({ generateRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const u = await userWithCredits(limited.app, limited.database.db, 10);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await u.client.post("/api/generate-video", { prompt: "x", model: "veo3_fast" })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe.skipIf(!usingPostgres)("two server processes on one PostgreSQL", () => {
  let sim: StartedSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ delayMs: 50 });
  });
  afterAll(() => sim.close());

  it("never poll the same task at the same time and refund each failure once", async () => {
    const database = await createTestDatabase();
    // The second process has its own connection pool to the same database.
    const { openPostgres } = await import("../../src/server/db/connect.js");
    const second = await openPostgres(database.url!);
    const a = await createVideoTestApp({ sim, database });
    const b = await createVideoTestApp({ sim, database: second, secretBox: a.secretBox });
    try {
      const u = await userWithCredits(a.app, database.db, 40);
      await allowInFlight(database.db, u.id);
      for (let i = 0; i < 40; i++) {
        const res = await u.client.post("/api/generate-video", {
          prompt: i % 2 ? `fail ${i} [sim:fail]` : `ok ${i}`,
          model: "veo3_fast",
        });
        expect(res.statusCode).toBe(200);
      }
      sim.stats.reset();
      const finished = async () => {
        const rows = await database.db
          .select({ status: videoTasks.status })
          .from(videoTasks)
          .where(eq(videoTasks.userId, u.id));
        return rows.every((r) => r.status === "completed" || r.status === "failed");
      };
      await Promise.all([runWorkerUntil(a, finished, 20_000), runWorkerUntil(b, finished, 20_000)]);

      const log = sim.stats.pollLog.filter((p) => p.endpoint === "record-info");
      const byTask = new Map<string, { startedAt: number; endedAt: number }[]>();
      for (const p of log) byTask.set(p.taskId, [...(byTask.get(p.taskId) ?? []), p]);
      for (const [taskId, calls] of byTask) {
        calls.sort((x, y) => x.startedAt - y.startedAt);
        for (let i = 1; i < calls.length; i++) {
          expect(calls[i]!.startedAt, `task ${taskId} polled concurrently`).toBeGreaterThanOrEqual(
            calls[i - 1]!.endedAt,
          );
        }
      }
      const refunds = await database.db.select().from(transactions).where(eq(transactions.userId, u.id));
      expect(refunds.filter((r) => r.type === "refund")).toHaveLength(20);
      expect(await balanceOf(database.db, u.id)).toEqual({ credits: 20, ledger: 20 });
    } finally {
      await a.app.close();
      await b.app.close();
      await second.close();
      await database.close();
    }
  });
});
