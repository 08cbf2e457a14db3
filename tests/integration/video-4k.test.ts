/**
 * 4K (issue 22, decision 0049): an upgrade of a finished video or an option at generation, charged
 * the 4K surcharge once, fetched by the worker through KIE's get-4k-video (its 422 "processing"
 * read as "not yet"), archived and downloadable like the other files, and refunded exactly once
 * when KIE says the 4K version is unavailable or the video itself fails.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { transactions, videoFiles, webhookEndpoints, webhookEvents } from "../../src/server/db/schema.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

type User = Awaited<ReturnType<typeof userWithCredits>>;

async function finishedVideo(u: User, prompt = "a mountain lake at dawn"): Promise<string> {
  const res = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast" });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
  return taskId;
}

const usageRows = async (taskId: string) => {
  const row = await taskRow(db(), taskId);
  return db()
    .select({ type: transactions.type, amount: transactions.amount, description: transactions.description })
    .from(transactions)
    .where(eq(transactions.videoTaskId, row.id))
    .orderBy(transactions.createdAt);
};

/** KIE's 4K callback, as the simulator or KIE would post it (unsigned: no key is set here). */
const post4kCallback = (app: FastifyInstance, taskId: string, code: number) =>
  app.inject({ method: "POST", url: "/api/callbacks/kie", payload: { code, msg: "4K", data: { task_id: taskId } } });

describe("upgrading a finished video", () => {
  it("charges the 4K surcharge once, fetches the file, and offers it for download and through the API", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const taskId = await finishedVideo(u);
    const res = await u.client.post(`/api/videos/${taskId}/upgrade-4k`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ taskId, uhdStatus: "pending", creditsUsed: 2, remainingCredits: 7 });
    expect((await taskRow(db(), taskId)).uhdStatus).toBe("pending");

    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).uhdStatus === "ready");
    const row = await taskRow(db(), taskId);
    expect(row.uhdVideoUrl).toMatch(/16x9-4k\.mp4$/);
    expect(t.sim.stats.calls["get-4k"]).toBeGreaterThanOrEqual(2); // asked once, then read the result
    const [listed] = (await u.client.get("/api/video-tasks?days=1")).json().tasks;
    expect(listed).toMatchObject({ taskId, uhdStatus: "ready", uhdVideoUrl: row.uhdVideoUrl, uhdError: null });

    const download = await u.client.get(`/api/videos/${taskId}/download?quality=4k`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/-4k\.mp4"$/);
    expect(await usageRows(taskId)).toEqual([
      { type: "usage", amount: -1, description: "Video generation (Veo3 Fast)" },
      { type: "usage", amount: -2, description: "4K upgrade (Veo3 Fast)" },
    ]);

    // The archive copies it like the other files; the task then points at our copy.
    await runWorkerUntil(t, async () => {
      await t.app.jobs.videoArchiver.runOnce();
      return (await taskRow(db(), taskId)).uhdVideoUrl!.startsWith("/media/videos/");
    });
    const [file] = await db()
      .select()
      .from(videoFiles)
      .where(and(eq(videoFiles.videoTaskId, row.id), eq(videoFiles.quality, "4k")));
    expect(file).toMatchObject({ status: "archived" });

    const again = await u.client.post(`/api/videos/${taskId}/upgrade-4k`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This video already has its 4K version.");
    expect((await balanceOf(db(), u.id)).credits).toBe(7);
  });

  it("refuses what cannot be upgraded, charging nothing: another person's video, an unfinished one, too few credits", async () => {
    const owner = await userWithCredits(t.app, db(), 3);
    const other = await userWithCredits(t.app, db(), 10);
    const taskId = await finishedVideo(owner);
    expect((await other.client.post(`/api/videos/${taskId}/upgrade-4k`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/videos/no-such-task/upgrade-4k`)).statusCode).toBe(404);

    const { taskId: unfinished } = (
      await other.client.post("/api/generate-video", { prompt: "slow [sim:slow]", model: "veo3_fast" })
    ).json();
    const early = await other.client.post(`/api/videos/${unfinished}/upgrade-4k`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Only a finished video can be upgraded to 4K.");

    // 3 credits, 1 spent on the video: 2 left, and the 4K costs 2; a third credit short after one more video.
    await owner.client.post("/api/generate-video", { prompt: "spend one", model: "veo3_fast" });
    const poor = await owner.client.post(`/api/videos/${taskId}/upgrade-4k`);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toEqual({
      message: "You need 2 credits for the 4K version. You have 1 credit.",
      code: "insufficient_credits",
      params: { required: 2, balance: 1 },
    });
    expect((await taskRow(db(), taskId)).uhdStatus).toBe("none");
    expect((await balanceOf(db(), owner.id)).credits).toBe(1);
    expect((await balanceOf(db(), other.id)).credits).toBe(9);
  });

  it("five clicks at once charge once", async () => {
    const u = await userWithCredits(t.app, db(), 20);
    const taskId = await finishedVideo(u);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => u.client.post(`/api/videos/${taskId}/upgrade-4k`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await balanceOf(db(), u.id)).credits).toBe(20 - 1 - 2);
  });

  it("KIE says the 4K version is unavailable: the surcharge comes back exactly once, duplicate callbacks change nothing, and it is not sold again", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const taskId = await finishedVideo(u, "a foggy harbour [sim:no-4k]");
    expect((await u.client.post(`/api/videos/${taskId}/upgrade-4k`)).statusCode).toBe(200);
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).uhdStatus === "failed");
    for (let i = 0; i < 3; i++) expect((await post4kCallback(t.app, taskId, 500)).statusCode).toBe(200);
    await t.app.jobs.taskWorker.runOnce();
    const row = await taskRow(db(), taskId);
    expect(row).toMatchObject({
      uhdStatus: "failed",
      uhdVideoUrl: null,
      uhdError: "The 4K version of this video is unavailable. Please try a different video.",
    });
    expect((await usageRows(taskId)).filter((r) => r.type === "refund")).toEqual([
      {
        type: "refund",
        amount: 2,
        description:
          "Refund for the 4K version: The 4K version of this video is unavailable. Please try a different video.",
      },
    ]);
    expect((await balanceOf(db(), u.id)).credits).toBe(9);
    // KIE says to try another video: this one is not sold a second time.
    const again = await u.client.post(`/api/videos/${taskId}/upgrade-4k`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "The 4K version of this video could not be made: The 4K version of this video is unavailable. Please try a different video.",
    );
    expect((await balanceOf(db(), u.id)).credits).toBe(9);
  });
});

describe("4K asked for with the video", () => {
  it("charges the video and the 4K as two rows, and fetches the 4K once the video is ready", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", {
      prompt: "4K from the start",
      model: "veo3_fast",
      upgrade4k: true,
    });
    expect(res.json()).toMatchObject({ creditsUsed: 3, remainingCredits: 7 });
    const { taskId } = res.json<{ taskId: string }>();
    expect((await taskRow(db(), taskId)).uhdStatus).toBe("requested");
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).uhdStatus === "ready");
    expect((await taskRow(db(), taskId)).hdStatus).toBe("ready");
    expect((await usageRows(taskId)).map((r) => r.amount)).toEqual([-1, -2]);
  });

  it("a video that fails gives back both, each once", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "doomed [sim:fail]", model: "veo3_fast", upgrade4k: true })
    ).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "failed");
    expect(await taskRow(db(), taskId)).toMatchObject({ uhdStatus: "failed", refunded: true });
    expect((await usageRows(taskId)).map((r) => [r.type, r.amount])).toEqual([
      ["usage", -1],
      ["usage", -2],
      ["refund", 1],
      ["refund", 2],
    ]);
    expect((await balanceOf(db(), u.id)).credits).toBe(10);
  });

  it("through the API at the API prices, with the 4K link in the status", async () => {
    const u = await userWithCredits(t.app, db(), 20);
    const token = (await u.client.post("/api/user-tokens", { name: "4k" })).json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const gen = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: auth,
      payload: { prompt: "api 4k", model: "veo3_fast", upgrade4k: true },
    });
    expect(gen.json()).toMatchObject({ creditsUsed: 2 + 4 });
    const { taskId } = gen.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).uhdStatus === "ready");
    await t.app.liveEvents.settle();
    const status = (
      await t.app.inject({ method: "GET", url: `/api/n8n/video-status/${taskId}`, headers: auth })
    ).json();
    expect(status).toMatchObject({
      status: "completed",
      resolution: "4k",
      message: "The video is ready in 4K",
      videoUrl4k: expect.stringMatching(/4k\.mp4/),
    });
  });

  it("refuses a non-boolean upgrade4k", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", { prompt: "x", upgrade4k: "yes" });
    expect(res.json()).toEqual({ message: "upgrade4k must be true or false", code: "invalid_input" });
  });
});

describe("around the 4K version", () => {
  it("deleting a video whose 4K version is still being made gives its credits back", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const taskId = await finishedVideo(u, "deleted before its 4K [sim:slow]");
    expect((await u.client.post(`/api/videos/${taskId}/upgrade-4k`)).statusCode).toBe(200);
    expect((await balanceOf(db(), u.id)).credits).toBe(7);
    expect((await u.client.delete(`/api/videos/${taskId}`)).statusCode).toBe(200);
    expect((await balanceOf(db(), u.id)).credits).toBe(9);
    expect((await usageRows(taskId)).at(-1)).toEqual({
      type: "refund",
      amount: 2,
      description: "Refund for the 4K version: the video was deleted",
    });
  });

  it("the 4K file is news for video.hd_ready webhooks, like the 1080p one", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    await db()
      .insert(webhookEndpoints)
      .values({
        userId: u.id,
        url: "https://hooks.example.test/veo",
        eventTypes: ["video.hd_ready"],
        secretEncrypted: t.secretBox.encrypt("whsec_test"),
      });
    const taskId = await finishedVideo(u);
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
    const row = await taskRow(db(), taskId);
    const events = () => db().select().from(webhookEvents).where(eq(webhookEvents.videoTaskId, row.id));
    expect(await events()).toHaveLength(1);
    await u.client.post(`/api/videos/${taskId}/upgrade-4k`);
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).uhdStatus === "ready");
    expect((await events()).map((e) => e.type)).toEqual(["video.hd_ready", "video.hd_ready"]);
  });
});
