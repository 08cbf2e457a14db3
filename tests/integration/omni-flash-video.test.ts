/**
 * Gemini Omni Flash end to end (decision 0176): offline, with no Google account, the generator's
 * omni_flash video is made by the simulator's Gemini fake through the Interactions API; its video
 * comes back inline and is kept in our store before the task completes, so its first result is
 * our own link; the price is the per-second cell × the length. Then the keeping itself: the frame,
 * two workers keeping the same video (one row, the loser's blob removed), and a video too large.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoFiles, videoTasks } from "../../src/server/db/schema.js";
import { InlineVideoKeeper, InlineVideoRefused } from "../../src/server/features/videos/inline-video.js";
import { bundledFfmpegPath } from "../../src/server/integrations/media/video-frame.js";
import { DiskVideoStore } from "../../src/server/integrations/storage/video-store.js";
import { CLIPS_DIR } from "../../src/server/simulator/clips.js";
import { defaultPriceOf } from "../../src/shared/catalogue.js";
import { signInAdmin } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

const FFMPEG = bundledFfmpegPath();
const CLIP = fs.readFileSync(path.join(CLIPS_DIR, "sample-1-16x9-720p.mp4"));

let sim: StartedSimulator;
let t: VideoTestApp;
beforeAll(async () => {
  sim = await startSimulator();
  t = await createVideoTestApp({ sim });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function generate(
  u: Awaited<ReturnType<typeof userWithCredits>>,
  body: Record<string, unknown>,
): Promise<{ taskId: string; creditsUsed: number }> {
  const res = await u.client.post("/api/generate-video", { model: "omni_flash", ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ taskId: string; creditsUsed: number }>();
}

describe("Gemini Omni Flash on the simulator", () => {
  for (const [resolution, seconds] of [
    ["360p", 4],
    ["1080p", 10],
  ] as const) {
    it(`makes a ${resolution} video of ${seconds} s, kept in our store from the first moment`, async () => {
      const u = await userWithCredits(t.app, t.database.db, 500);
      const before = await balanceOf(t.database.db, u.id);
      const { taskId, creditsUsed } = await generate(u, {
        prompt: `a lighthouse in a storm at ${resolution}`,
        resolution,
        durationSeconds: seconds,
        aspectRatio: "9:16",
      });
      // The price: the per-second cell × the length.
      const perSecond = defaultPriceOf(`omni_flash:${resolution}+sound`).web;
      expect(creditsUsed).toBe(Math.ceil(perSecond * seconds));
      expect(before.credits - (await balanceOf(t.database.db, u.id)).credits).toBe(creditsUsed);
      // What the fake was asked for.
      expect(sim.stats.geminiInteractions.at(-1)).toMatchObject({
        model: "gemini-omni-1.1-flash",
        background: true,
        responseFormat: { aspect_ratio: "9:16", duration: seconds, resolution },
      });

      await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
      const row = await taskRow(t.database.db, taskId);
      expect(row).toMatchObject({ vendor: "google", providerSource: "simulator", providerSurface: "interactions" });
      const [file] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
      expect(row.resultUrls).toEqual([`/media/videos/${file!.id}.mp4`]);
      expect(file).toMatchObject({ quality: "720p", status: "archived", lastError: null });
      expect(file!.sha256).toMatch(/^[0-9a-f]{64}$/);
      if (FFMPEG) expect(file!.posterBlobName).not.toBeNull();
      // The archiver has nothing left to copy.
      expect(await t.app.jobs.videoArchiver.runOnce()).toBe(0);
      const played = await u.client.get(row.resultUrls![0]!);
      expect(played.statusCode).toBe(200);
      expect(played.rawPayload.length).toBe(file!.sizeBytes);
      expect(played.rawPayload.toString("latin1", 4, 8)).toBe("ftyp");
    });
  }

  it("is kept in our store when the admin's re-check recovers it, once however many press", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    const { taskId } = await generate(u, { prompt: "a lighthouse we gave up on", resolution: "720p" });
    // Our side gave up on it (timed out) and refunded it; Google finished it all the same.
    await t.database.db
      .update(videoTasks)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(videoTasks.taskId, taskId));
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "failed");
    sim.advance?.(1000);
    const admin = await signInAdmin(t);
    const answers = await Promise.all([
      admin.post("/api/admin/recheck-failed-videos", {}),
      admin.post("/api/admin/recheck-failed-videos", {}),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const row = await taskRow(t.database.db, taskId);
    const files = await t.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(files).toHaveLength(1);
    expect(row).toMatchObject({ status: "completed", resultUrls: [`/media/videos/${files[0]!.id}.mp4`] });
    expect(files[0]).toMatchObject({ status: "archived" });
  });

  it("refunds a video the vendor's safety filters held back", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    const { taskId } = await generate(u, { prompt: "a storm [sim:reject]", resolution: "720p" });
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "failed");
    expect(await taskRow(t.database.db, taskId)).toMatchObject({ failureKind: "refused" });
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(500);
  });
});

describe("keeping a video handed over inline", () => {
  async function pendingTask(): Promise<{ id: string; taskId: string }> {
    const u = await userWithCredits(t.app, t.database.db, 500);
    const { taskId } = await generate(u, { prompt: "a quiet harbour", resolution: "360p" });
    const [row] = await t.database.db
      .select({ id: videoTasks.id, taskId: videoTasks.taskId })
      .from(videoTasks)
      .where(eq(videoTasks.taskId, taskId));
    return row!;
  }

  const keeper = (maxBytes = 10 * 1024 * 1024) =>
    new InlineVideoKeeper(
      { db: t.database.db, videoStore: new DiskVideoStore(path.join(t.config.dataDir, "videos")), log: console },
      { maxBytes, ffmpegPath: undefined, frameTimeoutMs: 30_000 },
    );

  it("keeps one row when two workers keep the same video, and removes the loser's blob", async () => {
    const task = await pendingTask();
    const video = { data: CLIP, mime: "video/mp4" };
    const [a, b] = await Promise.all([keeper().keep(task, video), keeper().keep(task, video)]);
    expect(a).toBe(b);
    const rows = await t.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, task.id));
    expect(rows).toHaveLength(1);
    expect(a).toBe(`/media/videos/${rows[0]!.id}.mp4`);
    const blobs = fs.readdirSync(path.join(t.config.dataDir, "videos")).filter((n) => n.endsWith(".mp4"));
    expect(blobs.filter((n) => n.startsWith(rows[0]!.id))).toEqual([rows[0]!.blobName]);
    expect(blobs.filter((n) => n.includes(task.id))).toEqual([]);
  });

  it("refuses a video larger than the archiver takes, and the task fails saying so", async () => {
    const task = await pendingTask();
    await expect(keeper(1000).keep(task, { data: CLIP, mime: "video/mp4" })).rejects.toBeInstanceOf(InlineVideoRefused);
    await expect(keeper().keep(task, { data: Buffer.from("not a video at all"), mime: "video/mp4" })).rejects.toThrow(
      /not an MP4/,
    );
    expect(await t.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, task.id))).toEqual([]);

    const small = await createVideoTestApp({ sim, archiver: { maxBytes: 1000 } });
    try {
      const u = await userWithCredits(small.app, small.database.db, 500);
      const res = await u.client.post("/api/generate-video", { model: "omni_flash", prompt: "a big wave" });
      expect(res.statusCode, res.body).toBe(200);
      const { taskId } = res.json<{ taskId: string }>();
      await runWorkerUntil(small, async () => (await taskRow(small.database.db, taskId)).status === "failed");
      expect((await taskRow(small.database.db, taskId)).errorMessage).toMatch(/larger than 1000 bytes/);
      expect((await balanceOf(small.database.db, u.id)).credits).toBe(500);
    } finally {
      await small.close();
    }
  });
});
