import { eq } from "drizzle-orm";
import { ASPECT_RATIOS, MODELS } from "../../src/shared/catalogue.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { spendOnVideo, type VideoReservation } from "../../src/server/features/credits/ledger.js";
import { Client, signInAdmin } from "../helpers/test-app.js";
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
beforeAll(async () => {
  t = await createVideoTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe("GET /api/pricing/current", () => {
  it("is public and gives web and API credits for both models, and says videos are simulated", async () => {
    const res = await new Client(t.app).get("/api/pricing/current");
    expect(res.statusCode).toBe(200);
    // The old fields for old clients, then the whole catalogue (video-catalogue.test.ts reads it in full).
    expect(res.json()).toMatchObject({
      veo3_fast: { web_credits: 1, api_credits: 2 },
      veo3_quality: { web_credits: 5, api_credits: 10 },
      simulated: true,
    });
    expect(res.json().models.map((m: { model: string }) => m.model)).toEqual([...MODELS]);
  });
});

describe("POST /api/generate-video validation", () => {
  it("requires a session", async () => {
    const res = await new Client(t.app).post("/api/generate-video", { prompt: "a cat" });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{}, "Prompt is required"],
    [{ prompt: "   " }, "Prompt is required"],
    [{ prompt: "a cat", model: "veo2" }, `Model must be ${MODELS.slice(0, -1).join(", ")} or ${MODELS.at(-1)}`],
    [{ prompt: "a cat", aspectRatio: "1:1" }, "Veo3 (Quality) makes 16:9 or 9:16 videos, not 1:1"],
    [{ prompt: "a cat", aspectRatio: "2:1" }, `Aspect ratio must be ${ASPECT_RATIOS.join(" or ")}`],
    [{ prompt: "a cat", seeds: 9999 }, "Seed must be a whole number between 10000 and 99999"],
    [{ prompt: "a cat", seeds: 100000 }, "Seed must be a whole number between 10000 and 99999"],
    [{ prompt: "a cat", seeds: 12345.5 }, "Seed must be a whole number between 10000 and 99999"],
    [
      { prompt: "a cat", imageUrls: ["https://a.example/1.png", "https://a.example/2.png", "https://a.example/3.png"] },
      "Image mode takes at most 2 images",
    ],
    [{ prompt: "a cat", imageUrls: ["not a url"] }, "Each image URL must be a valid http(s) URL"],
    [{ prompt: "a cat", enableFallback: "yes" }, "enableFallback must be true or false"],
  ])("rejects %j with %s and takes nothing", async (body, message) => {
    const u = await userWithCredits(t.app, db(), 20);
    const res = await u.client.post("/api/generate-video", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: "invalid_input" });
    expect((await balanceOf(db(), u.id)).credits).toBe(20);
  });

  it("answers 402 with the spec's message when credits are short, and writes nothing", async () => {
    const u = await userWithCredits(t.app, db(), 3);
    const res = await u.client.post("/api/generate-video", { prompt: "a cat", model: "veo3" });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      message: "You need 5 credits to generate a video with Veo3 (Quality). You have 3 credits.",
      code: "insufficient_credits",
      params: { required: 5, balance: 3, model: "Veo3 (Quality)" },
    });
    expect(await db().select().from(videoTasks).where(eq(videoTasks.userId, u.id))).toHaveLength(0);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 3, ledger: 3 });
  });

  it("a disabled user cannot generate, through a live session or the ledger itself", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const admin = await signInAdmin(t);
    expect((await admin.put(`/api/admin/users/${u.id}/toggle`, { isActive: false })).statusCode).toBe(200);
    const res = await u.client.post("/api/generate-video", { prompt: "a cat" });
    expect(res.statusCode).toBe(401);
    // Even a request that got past the session check before the switch cannot spend.
    expect(
      await db().transaction((tx) => spendOnVideo(tx, reservation(u.id, "unsubmitted_disabled"), t.app.mailer)),
    ).toBeUndefined();
    const [row] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, u.id));
    expect(row!.credits).toBe(10);
    expect(await db().select().from(videoTasks).where(eq(videoTasks.userId, u.id))).toHaveLength(0);
  });
});

describe("a video from submission to 1080p", () => {
  it("spends the web price, tracks the task, completes with a playable 720p file and then a 1080p one", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", {
      prompt: "A lighthouse at dawn, waves and gulls",
      model: "veo3",
      aspectRatio: "16:9",
      seeds: 12345,
      watermark: "mine",
      enableFallback: false,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ taskId: expect.any(String), creditsUsed: 5, remainingCredits: 5 });

    const row = await taskRow(db(), body.taskId);
    expect(row).toMatchObject({
      status: "generating",
      model: "veo3",
      aspectRatio: "16:9",
      seeds: 12345,
      watermark: "mine",
      creditsUsed: 5,
      createdVia: "web",
      providerSource: "simulator",
    });
    const usage = await db().select().from(transactions).where(eq(transactions.videoTaskId, row.id));
    expect(usage.map((r) => [r.type, r.amount, r.kieTaskId])).toEqual([["usage", -5, body.taskId]]);

    const pending = (await u.client.get(`/api/video-status/${body.taskId}`)).json();
    expect(pending.data).toMatchObject({ successFlag: 0, resultUrls: "[]" });

    await runWorkerUntil(t, async () => (await taskRow(db(), body.taskId)).status === "completed");
    const done = (await u.client.get(`/api/video-status/${body.taskId}`)).json();
    expect(done.data.successFlag).toBe(1);
    const urls = JSON.parse(done.data.resultUrls) as string[];
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+16x9-720p\.mp4$/);

    const list = (await u.client.get("/api/video-tasks?days=14")).json();
    expect(list.tasks[0]).toMatchObject({
      taskId: body.taskId,
      status: "completed",
      resultUrls: urls,
      hdVideoUrl: null,
      creditsUsed: 5,
      createdVia: "web",
      seeds: 12345,
    });
    expect(list.tasks[0].completedAt).toEqual(expect.any(String));

    const download = await u.client.get(`/api/videos/${body.taskId}/download?quality=720p`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="veo-veo3-[\w-]{8}-720p\.mp4"$/);
    expect(download.rawPayload.subarray(4, 8).toString("ascii")).toBe("ftyp");

    const noHdYet = (await u.client.get(`/api/hd-video/${body.taskId}`)).json();
    expect(noHdYet).toMatchObject({ success: false, hdVideoUrl: null, hdStatus: "pending" });

    await runWorkerUntil(t, async () => Boolean((await taskRow(db(), body.taskId)).hdVideoUrl));
    const hd = (await u.client.get(`/api/hd-video/${body.taskId}`)).json();
    expect(hd).toMatchObject({ success: true, hdStatus: "ready" });
    expect(hd.hdVideoUrl).toMatch(/16x9-1080p\.mp4$/);
    const hdDownload = await u.client.get(`/api/videos/${body.taskId}/download?quality=1080p`);
    expect(hdDownload.statusCode).toBe(200);
    expect(hdDownload.headers["content-disposition"]).toContain("-1080p.mp4");
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it("gives a 9:16 video a 1080p version too (KIE makes both aspect ratios in 1080p now)", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", {
        prompt: "a tall waterfall",
        model: "veo3_fast",
        aspectRatio: "9:16",
      })
    ).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    expect((await taskRow(db(), taskId)).hdStatus).toBe("pending");
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
    expect((await taskRow(db(), taskId)).hdVideoUrl).toMatch(/9x16-1080p\.mp4$/);
    expect((await u.client.get(`/api/videos/${taskId}/download?quality=1080p`)).statusCode).toBe(200);
  });

  it("a 9:16 video made before 1080p existed for it can still ask for one", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", {
        prompt: "an old tall video",
        model: "veo3_fast",
        aspectRatio: "9:16",
      })
    ).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    // As such a task was left: completed, no 1080p asked for.
    await db().update(videoTasks).set({ hdStatus: "none", nextCheckAt: null }).where(eq(videoTasks.taskId, taskId));
    expect((await u.client.get(`/api/hd-video/${taskId}`)).json()).toMatchObject({ success: false, hdStatus: "none" });
    // The first ask starts KIE's 1080p; it is ready a little later.
    expect((await u.client.post(`/api/force-update-hd/${taskId}`)).json()).toMatchObject({ success: false });
    await passSimulatorTime(t.sim, 150);
    const res = await u.client.post(`/api/force-update-hd/${taskId}`);
    expect(res.json()).toEqual({
      success: true,
      hdVideoUrl: expect.stringMatching(/9x16-1080p\.mp4$/),
      message: "HD video is ready",
    });
  });

  it("force-update-hd asks the provider at once and stores the 1080p file", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "city lights", model: "veo3_fast" })
    ).json();
    const early = await u.client.post(`/api/force-update-hd/${taskId}`);
    expect(early.statusCode).toBe(404);
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    // The first ask starts KIE's 1080p (unless the worker's own ask already has).
    await u.client.post(`/api/force-update-hd/${taskId}`);
    await passSimulatorTime(t.sim, 150);
    const res = await u.client.post(`/api/force-update-hd/${taskId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      hdVideoUrl: expect.stringMatching(/1080p\.mp4$/),
      message: "HD video is ready",
    });
    expect((await taskRow(db(), taskId)).hdStatus).toBe("ready");
  });

  it("force-update-hd says 'not ready' while the provider is still processing", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "slow hd [sim:no-hd]", model: "veo3_fast" })
    ).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    const res = await u.client.post(`/api/force-update-hd/${taskId}`);
    expect(res.json()).toEqual({
      success: false,
      hdVideoUrl: null,
      message: "1080p video is still being processed. Please try again later.",
    });
  });

  it("gives up on 1080p after the attempt limit, leaving the 720p video", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "never hd [sim:no-hd]", model: "veo3_fast" })
    ).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "failed");
    expect(await taskRow(db(), taskId)).toMatchObject({ status: "completed", hdVideoUrl: null, hdAttempts: 5 });
  });
});

describe("failures refund exactly once", () => {
  it("a refused submission refunds at once, stores the failed task and says why", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const res = await u.client.post("/api/generate-video", { prompt: "something [sim:reject]", model: "veo3" });
    expect(res.statusCode).toBe(422);
    // In our words with a next step, never the vendor's (decision 0163); the task keeps the vendor's.
    expect(res.json().message).toBe(
      "Veo3 (Quality) declined this prompt under its content rules. Try describing the scene in other words. Your 5 credits were refunded.",
    );
    expect(res.json()).toMatchObject({
      reason: "video_refused",
      params: { failure: "prompt_declined", model: "Veo3 (Quality)", credits: 5 },
    });
    const [task] = await db().select().from(videoTasks).where(eq(videoTasks.userId, u.id));
    expect(task).toMatchObject({
      status: "failed",
      refunded: true,
      errorMessage: "Your prompt was flagged by Website as violating content policies.",
    });
    const rows = await db().select().from(transactions).where(eq(transactions.videoTaskId, task!.id));
    expect(rows.map((r) => [r.type, r.amount]).sort()).toEqual([
      ["refund", 5],
      ["usage", -5],
    ]);
    const declined =
      "Refund for a declined prompt: Veo3 (Quality) declined this prompt under its content rules. Try describing the scene in other words.";
    expect(rows.find((r) => r.type === "refund")?.description).toBe(declined);
    // The buyer's history says the same, with the reason for the web to say it in their language.
    const history = (await u.client.get("/api/transactions?page=1")).json();
    expect(history.data.find((r: { type: string }) => r.type === "refund")).toMatchObject({
      description: declined,
      failure: { reason: "prompt_declined", model: "Veo3 (Quality)" },
    });
    expect(history.data.find((r: { type: string }) => r.type === "usage").failure).toBeUndefined();
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it("a refund row written before issue 71 reads in our words in the buyer's history", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    await u.client.post("/api/generate-video", { prompt: "older [sim:reject]", model: "veo3" });
    const [task] = await db().select().from(videoTasks).where(eq(videoTasks.userId, u.id));
    // The words the ledger wrote before: the vendor's sentence after "Refund for failed video: ".
    await db()
      .update(transactions)
      .set({ description: `Refund for failed video: ${task!.errorMessage}` })
      .where(eq(transactions.videoTaskId, task!.id));
    const history = (await u.client.get("/api/transactions?page=1")).json();
    const refund = history.data.find((r: { type: string }) => r.type === "refund");
    expect(refund.description).toMatch(/^Refund for a declined prompt: Veo3 \(Quality\) declined this prompt/);
    expect(refund.description).not.toContain("Website");
    expect(refund.failure).toEqual({ reason: "prompt_declined", model: "Veo3 (Quality)" });
  });

  it("a generation that fails upstream is failed and refunded once, however often it is checked", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "doomed [sim:fail]", model: "veo3_fast" })
    ).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "failed");
    const row = await taskRow(db(), taskId);
    expect(row).toMatchObject({ errorMessage: "Video generation failed (simulated)", refunded: true });
    await t.app.jobs.taskWorker.runOnce();
    await t.app.jobs.taskWorker.runOnce();
    const status = (await u.client.get(`/api/video-status/${taskId}`)).json();
    expect(status.data).toMatchObject({
      successFlag: 2,
      errorMessage: "Veo3 Fast could not make this video. Try again, or change the prompt a little.",
    });
    const refunds = await db().select().from(transactions).where(eq(transactions.videoTaskId, row.id));
    expect(refunds.filter((r) => r.type === "refund")).toHaveLength(1);
    // The refund row says why in our words, never the vendor's "(simulated)" sentence (decision 0163).
    expect(refunds.find((r) => r.type === "refund")?.description).toBe(
      "Refund for a video that could not be made: Veo3 Fast could not make this video. Try again, or change the prompt a little.",
    );
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 1, ledger: 1 });
  });

  it("a task past the timeout fails and is refunded", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "stuck [sim:slow]", model: "veo3_fast" })
    ).json();
    await db()
      .update(videoTasks)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(videoTasks.taskId, taskId));
    await t.app.jobs.taskWorker.runOnce();
    expect(await taskRow(db(), taskId)).toMatchObject({
      status: "failed",
      errorMessage: "Video generation timed out",
      refunded: true,
    });
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 1, ledger: 1 });
  });

  it("a task whose submission was interrupted is failed and refunded by the worker", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    // Credits taken and the task recorded, then the process died before the provider answered.
    const reserved = await db().transaction((tx) =>
      spendOnVideo(tx, reservation(u.id, "unsubmitted_crash-test", new Date()), t.app.mailer),
    );
    expect(reserved).toMatchObject({ remaining: 0 });
    await db()
      .update(videoTasks)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(videoTasks.id, reserved!.id));
    await t.app.jobs.taskWorker.runOnce();
    expect(await taskRow(db(), "unsubmitted_crash-test")).toMatchObject({ status: "failed", refunded: true });
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 1, ledger: 1 });
  });
});

describe("admin refund", () => {
  it("refunds a task's usage once; a second call is a 409; only admins may", async () => {
    const admin = await signInAdmin(t);
    const u = await userWithCredits(t.app, db(), 5);
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "refund me", model: "veo3" })).json();
    expect((await u.client.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" })).statusCode).toBe(403);
    const first = await admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ amount: 5 });
    const second = await admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: "This video has already been refunded.",
      code: "conflict",
      reason: "video_already_refunded",
    });
    expect((await admin.post("/api/video/no-such-task/refund", { reason: "duplicate charge" })).statusCode).toBe(404);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 5, ledger: 5 });
  });
});

/** What generation reserves for a one-credit Veo3 Fast video. */
function reservation(userId: string, taskId: string, nextCheckAt = new Date(Date.now() + 60_000)): VideoReservation {
  return {
    userId,
    cost: 1,
    description: "Video generation (Veo3 Fast)",
    task: {
      taskId,
      prompt: "p",
      imageUrls: [],
      model: "veo3_fast",
      mode: "text",
      aspectRatio: "16:9",
      watermark: null,
      seeds: null,
      enableFallback: false,
      createdVia: "web",
      nextCheckAt,
    },
  };
}
