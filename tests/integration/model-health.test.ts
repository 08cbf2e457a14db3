/**
 * Model health (issue 42, decision 0097): per model over the last hour and day, from our own
 * videos, refusals apart; degraded above the threshold, shown on GET /api/models and the admin
 * overview.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminNotifications, videoTasks } from "../../src/server/db/schema.js";
import { modelHealth } from "../../src/server/features/videos/model-health.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
let userId: string;
const now = new Date();
beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
  userId = (await userWithCredits(t.app, t.database.db, 0)).id;
});
afterAll(() => t.close());

type Outcome =
  | { status: "completed"; seconds: number }
  | { status: "failed"; message?: string; refused?: boolean }
  | { status: "generating" };

async function video(model: string, minutesAgo: number, outcome: Outcome) {
  const createdAt = new Date(now.getTime() - minutesAgo * 60_000);
  await t.database.db.insert(videoTasks).values({
    userId,
    taskId: `health-${crypto.randomBytes(6).toString("hex")}`,
    prompt: "health",
    model,
    aspectRatio: "16:9",
    status: outcome.status,
    createdAt,
    completedAt: outcome.status === "completed" ? new Date(createdAt.getTime() + outcome.seconds * 1000) : null,
    errorMessage: outcome.status === "failed" ? (outcome.message ?? "Internal error") : null,
    failureKind: outcome.status === "failed" && outcome.refused ? "refused" : null,
  });
}

describe("model health", () => {
  it("counts each model over the last hour and day, refusals apart, and marks a failing model degraded", async () => {
    // Lite, last hour: 2 completed (60 s, 100 s), 4 failed, 1 refused by its flag and 1 by its message: degraded.
    await video("veo3_lite", 5, { status: "completed", seconds: 60 });
    await video("veo3_lite", 10, { status: "completed", seconds: 100 });
    for (const minutes of [1, 2, 3, 4]) await video("veo3_lite", minutes, { status: "failed" });
    await video("veo3_lite", 6, { status: "failed", refused: true, message: "Refused" });
    await video("veo3_lite", 7, { status: "failed", message: "Your prompt was flagged by Website" });
    await video("veo3_lite", 8, { status: "generating" });
    // Earlier today: 2 more completed (200 s each); two days ago: not counted at all.
    await video("veo3_lite", 300, { status: "completed", seconds: 200 });
    await video("veo3_lite", 400, { status: "completed", seconds: 200 });
    await video("veo3_lite", 3000, { status: "failed" });
    // Quality: 4 failures in the hour are too few to judge.
    for (const minutes of [1, 2, 3, 4]) await video("veo3", minutes, { status: "failed" });

    const health = await modelHealth(t.database.db, now);
    const lite = health.find((h) => h.model === "veo3_lite")!;
    expect(lite.lastHour).toEqual({ finished: 6, failed: 4, refused: 2, successRate: 2 / 6, medianSeconds: 80 });
    expect(lite.lastDay).toEqual({ finished: 8, failed: 4, refused: 2, successRate: 4 / 8, medianSeconds: 150 });
    expect(lite.degraded).toBe(true);
    const quality = health.find((h) => h.model === "veo3")!;
    expect(quality).toMatchObject({ degraded: false, lastHour: { finished: 4, failed: 4, successRate: 0 } });
    expect(health.find((h) => h.model === "veo3_fast")).toEqual({
      model: "veo3_fast",
      lastHour: { finished: 0, failed: 0, refused: 0, successRate: null, medianSeconds: null },
      lastDay: { finished: 0, failed: 0, refused: 0, successRate: null, medianSeconds: null },
      degraded: false,
    });
  });

  it("shows on GET /api/models, the prices the form reads and the admin overview", async () => {
    const models = (await t.app.inject({ method: "GET", url: "/api/models" })).json<{
      models: Array<{ id: string; status: string; typicalSeconds: number | null }>;
    }>().models;
    expect(models.find((m) => m.id === "veo3_lite")).toMatchObject({ status: "degraded", typicalSeconds: 150 });
    expect(models.find((m) => m.id === "veo3_fast")).toMatchObject({ status: "available", typicalSeconds: null });
    const pricing = (await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json<{
      models: Array<{ model: string; status: string }>;
    }>().models;
    expect(pricing.find((m) => m.model === "veo3_lite")?.status).toBe("degraded");
    expect(pricing.find((m) => m.model === "veo3")?.status).toBe("available");

    const overview = await admin.get("/api/admin/overview?range=7d");
    expect(overview.statusCode, overview.body).toBe(200);
    const lite = overview.json().modelHealth.find((h: { model: string }) => h.model === "veo3_lite");
    expect(lite).toMatchObject({ degraded: true, lastHour: { finished: 6 } });
  });

  it("the overview reads the reading the model list keeps (at most every 30 s), not a day of videos each time", async () => {
    // Read already by the test above; a video since then shows in a fresh reading only (decision 0108).
    await video("veo3_lite", 1, { status: "completed", seconds: 50 });
    expect((await modelHealth(t.database.db)).find((h) => h.model === "veo3_lite")?.lastHour.finished).toBe(7);
    const overview = await admin.get("/api/admin/overview?range=today");
    const lite = overview.json().modelHealth.find((h: { model: string }) => h.model === "veo3_lite");
    expect(lite.lastHour.finished).toBe(6);
  });
});

describe("the model watch (jobs/model-watch.ts)", () => {
  const notices = async () =>
    (await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.kind, "model_degraded"))).map(
      (n) => n.text,
    );
  const watch = () => t.app.jobs.modelWatch.runOnce(now);

  it("tells the admin once when a model degrades, and pauses it while the admin says so", async () => {
    // Wan 2.6: 5 of 6 finished in the last hour failed.
    await video("wan26", 2, { status: "completed", seconds: 30 });
    for (const minutes of [1, 2, 3, 4, 5]) await video("wan26", minutes, { status: "failed" });
    const before = (await notices()).length;
    expect(await watch()).toContain("wan26");
    expect(await watch()).toEqual([]); // still degraded: no news
    const fresh = (await notices()).slice(before);
    expect(fresh.filter((n) => n.includes("Wan 2.6"))).toHaveLength(1);
    expect(fresh.find((n) => n.includes("Wan 2.6"))).toContain("5 of the last hour's 6 finished videos failed");

    // Paused only while the admin's setting is on: then refused with 409, nothing charged.
    const u = await userWithCredits(t.app, t.database.db, 100);
    const ask = () => u.client.post("/api/generate-video", { prompt: "a lake", model: "wan26" });
    expect((await ask()).statusCode).toBe(200);
    expect((await admin.put("/api/admin/settings", { pauseDegradedModels: true })).statusCode).toBe(200);
    try {
      const paused = await ask();
      expect(paused.statusCode).toBe(409);
      expect(paused.json()).toMatchObject({ reason: "model_unavailable" });
      expect(paused.json().message).toMatch(/^Wan 2\.6 is failing often and is paused until it recovers/);
      expect(await listedModels()).not.toContain("wan26");

      // An hour later the failures are out of the window: it recovers and is offered again.
      await t.app.jobs.modelWatch.runOnce(new Date(now.getTime() + 2 * 60 * 60_000));
      expect(await listedModels()).toContain("wan26");
    } finally {
      await admin.put("/api/admin/settings", { pauseDegradedModels: false });
    }
  });
});

/** The public model list, as a page asks for it after the database announced the last change. */
async function listedModels(): Promise<string[]> {
  // A job's write (the model watch's) reaches the settings cache with its announcement, which on
  // PostgreSQL comes a moment after the write: a person's next click comes later than that.
  await t.app.liveEvents.settle();
  const res = await t.app.inject({ method: "GET", url: "/api/models" });
  return res.json<{ models: Array<{ id: string }> }>().models.map((m) => m.id);
}
