import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { transactions, videoTasks } from "../../src/server/db/schema.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());
afterEach(() => expectLedgerBalanced(t.database.db));

const HOUR = 60 * 60 * 1000;

/** A video the provider finishes, which our side gave up on (timed out) and refunded. */
async function timedOutVideo(u: Awaited<ReturnType<typeof userWithCredits>>, prompt: string) {
  const res = await u.client.post("/api/generate-video", { prompt, model: "veo3", aspectRatio: "16:9" });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await t.database.db
    .update(videoTasks)
    .set({ createdAt: new Date(Date.now() - 2 * HOUR) })
    .where(eq(videoTasks.taskId, taskId));
  await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "failed");
  const task = await taskRow(t.database.db, taskId);
  expect(task).toMatchObject({ errorMessage: "Video generation timed out", refunded: true });
  await passSimulatorTime(t.sim, 150); // the simulator has finished it by now
  return task;
}

async function failedByProvider(u: Awaited<ReturnType<typeof userWithCredits>>) {
  const res = await u.client.post("/api/generate-video", { prompt: "really broken [sim:fail]", model: "veo3_fast" });
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "failed");
  return taskRow(t.database.db, taskId);
}

describe("POST /api/admin/recheck-failed-videos", () => {
  it("completes a video the provider delivered, takes back its refund once, and reports counts", async () => {
    await admin.request("DELETE", "/api/admin/delete-failed-videos");
    const u = await userWithCredits(t.app, t.database.db, 12);
    const recovered = await timedOutVideo(u, "a lighthouse at dawn");
    const broken = await failedByProvider(u);
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(12);

    // Two admins pressing at once: the video is recovered and charged again exactly once.
    const [first, second] = await Promise.all([
      admin.post("/api/admin/recheck-failed-videos", {}),
      admin.post("/api/admin/recheck-failed-videos", {}),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const reports = [first.json(), second.json()];
    expect(reports.reduce((sum, r) => sum + r.recovered, 0)).toBe(1);
    expect(reports.reduce((sum, r) => sum + r.chargedAgain, 0)).toBe(1);
    const report = reports.find((r) => r.recovered === 1)!;
    expect(report).toMatchObject({ stillFailed: 1, refundsKept: 0 });
    expect(report.message).toMatch(/^Checked 2 failed videos: 1 recovered, 1 still failed; 1 refund taken back$/);

    const task = await taskRow(t.database.db, recovered.taskId);
    expect(task).toMatchObject({ status: "completed", errorMessage: null, refunded: true, hdStatus: "pending" });
    expect(task.resultUrls?.length).toBeGreaterThan(0);
    expect((await taskRow(t.database.db, broken.taskId)).status).toBe("failed");
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 12 - 5, ledger: 12 - 5 });
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.videoTaskId, recovered.id));
    expect(rows.map((r) => [r.type, r.amount]).sort()).toEqual([
      ["adjustment", -5],
      ["refund", 5],
      ["usage", -5],
    ]);

    // The video no longer counts as failed: pressing again finds only the broken one.
    const again = (await admin.post("/api/admin/recheck-failed-videos", {})).json();
    expect(again).toMatchObject({ checked: 1, recovered: 0, stillFailed: 1 });
  });

  it("leaves the refund with a user who already spent it, and says so", async () => {
    await admin.request("DELETE", "/api/admin/delete-failed-videos");
    const u = await userWithCredits(t.app, t.database.db, 5);
    const task = await timedOutVideo(u, "a spent refund");
    const spend = await admin.put(`/api/admin/users/${u.id}/credits`, {
      change: "set",
      amount: 2,
      reason: "spent",
      expectedCredits: (await balanceOf(t.database.db, u.id)).credits,
    });
    expect(spend.statusCode).toBe(200);
    const report = (await admin.post("/api/admin/recheck-failed-videos", {})).json();
    expect(report).toMatchObject({ checked: 1, recovered: 1, chargedAgain: 0, refundsKept: 1 });
    expect(report.message).toContain("1 refund left with users who had spent the credits");
    expect((await taskRow(t.database.db, task.taskId)).status).toBe("completed");
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(2);
  });

  it("looks only at the last 24 hours and answers plainly when there is nothing to do", async () => {
    await admin.request("DELETE", "/api/admin/delete-failed-videos");
    const u = await userWithCredits(t.app, t.database.db, 5);
    const old = await timedOutVideo(u, "an old failure");
    await t.database.db
      .update(videoTasks)
      .set({ completedAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(videoTasks.id, old.id));
    const res = await admin.post("/api/admin/recheck-failed-videos", {});
    expect(res.json()).toMatchObject({ message: "No failed videos in the last 24 hours", checked: 0, recovered: 0 });
    expect((await taskRow(t.database.db, old.taskId)).status).toBe("failed");
  });

  it("counts videos it could not ask about when the provider is down, and changes nothing", async () => {
    await admin.request("DELETE", "/api/admin/delete-failed-videos");
    const u = await userWithCredits(t.app, t.database.db, 5);
    const task = await timedOutVideo(u, "provider outage");
    t.sim.faults.inject("record-info", { httpStatus: 503 }, 3);
    const report = (await admin.post("/api/admin/recheck-failed-videos", {})).json();
    t.sim.faults.clear();
    expect(report).toMatchObject({ checked: 1, recovered: 0, unchecked: 1 });
    expect(report.message).toContain("1 could not be checked");
    expect((await taskRow(t.database.db, task.taskId)).status).toBe("failed");
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(5);
  });
});

describe("DELETE /api/admin/delete-failed-videos", () => {
  it("removes failed videos only, and their transactions stay readable in History", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const failed = await failedByProvider(u);
    const ok = await u.client.post("/api/generate-video", { prompt: "a fine video", model: "veo3_fast" });
    const okTaskId = ok.json().taskId as string;
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, okTaskId)).status === "completed");

    const res = await admin.request("DELETE", "/api/admin/delete-failed-videos");
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Deleted \d+ failed videos?$/);
    expect(res.json().deleted).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(videoTasks).where(eq(videoTasks.id, failed.id))).toEqual([]);
    expect((await taskRow(t.database.db, okTaskId)).status).toBe("completed");

    const rows = await t.database.db.select().from(transactions).where(eq(transactions.kieTaskId, failed.taskId));
    expect(rows.map((r) => [r.type, r.amount]).sort()).toEqual([
      ["refund", 1],
      ["usage", -1],
    ]);
    expect(rows.every((r) => r.videoTaskId === null)).toBe(true);
    const history = (
      await admin.get(`/api/admin/transactions?user=${encodeURIComponent(u.username)}&type=usage`)
    ).json();
    const usage = history.data.find((r: { taskId: string }) => r.taskId === failed.taskId);
    expect(usage).toMatchObject({ type: "usage", amount: -1, refunded: true, username: u.username });

    const none = (await admin.request("DELETE", "/api/admin/delete-failed-videos")).json();
    expect(none).toEqual({ message: "No failed videos to delete", deleted: 0 });
  });
});
