/**
 * The retention rule of archived videos and the Video Storage figures (decision 0045): kept
 * forever unless the admin sets a number of days; older finished videos are then deleted as their
 * owner would delete them; blobs that could not be removed are removed by a later pass; a video
 * deleted while its file was being copied leaves no copy behind.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { transactions, videoFiles, videoTasks } from "../../src/server/db/schema.js";
import type { VideoStore } from "../../src/server/integrations/storage/video-store.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

/** Failures and pauses injected into the real disk store. */
const hooks: { failDeletes: number; afterPut?: (name: string) => Promise<void> } = { failDeletes: 0 };

function instrumented(store: VideoStore): VideoStore {
  return {
    tempDir: store.tempDir,
    localDir: store.localDir,
    async putFile(tempPath, name, size, contentType) {
      await store.putFile(tempPath, name, size, contentType);
      // The hooks act on the video itself, not on its frame stored just before it (decision 0083).
      if (!name.endsWith(".jpg")) await hooks.afterPut?.(name);
    },
    async delete(name) {
      if (hooks.failDeletes > 0) {
        hooks.failDeletes--;
        throw new Error("storage briefly unavailable");
      }
      await store.delete(name);
    },
    locate: (name, opts) => store.locate(name, opts),
  };
}

let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createVideoTestApp({ wrapVideoStore: instrumented });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  hooks.failDeletes = 0;
  hooks.afterPut = undefined;
  await setRetention(null);
});

async function setRetention(days: number | null) {
  const res = await admin.put("/api/admin/settings", { videoRetentionDays: days });
  expect(res.statusCode, res.body).toBe(200);
}

/** A finished 9:16 video (one file), archived, completed `ageDays` ago. */
async function archivedVideo(ageDays: number) {
  const u = await userWithCredits(t.app, db(), 5);
  const res = await u.client.post("/api/generate-video", {
    prompt: "Waves on a pebble beach",
    model: "veo3_fast",
    aspectRatio: "9:16",
    imageUrls: [],
  });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
  await t.app.jobs.videoArchiver.runOnce();
  const row = await taskRow(db(), taskId);
  await db()
    .update(videoTasks)
    .set({ completedAt: new Date(Date.now() - ageDays * DAY_MS) })
    .where(eq(videoTasks.id, row.id));
  const [file] = await db().select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
  expect(file!.status).toBe("archived");
  return { u, taskId, row, file: file!, onDisk: path.join(t.config.dataDir, "videos", file!.blobName!) };
}

describe("retention", () => {
  it("keeps every video forever by default", async () => {
    const old = await archivedVideo(3650);
    expect(await t.app.jobs.videoRetention.runOnce()).toEqual({ videosDeleted: 0, blobsRemoved: 0 });
    expect(fs.existsSync(old.onDisk)).toBe(true);
    expect((await old.u.client.get(old.row.resultUrls![0]!)).statusCode).toBe(200);
  });

  it("with N days set, deletes the videos finished longer ago, as their owner would; younger ones stay", async () => {
    const old = await archivedVideo(31);
    const young = await archivedVideo(29);
    await setRetention(30);

    const oldPoster = path.join(t.config.dataDir, "videos", old.file.posterBlobName!);
    expect(fs.existsSync(oldPoster)).toBe(true);
    const pass = await t.app.jobs.videoRetention.runOnce();
    expect(pass.videosDeleted).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(old.onDisk)).toBe(false);
    // Its frame (decision 0083) goes with it.
    expect(fs.existsSync(oldPoster)).toBe(false);
    expect((await db().select().from(videoFiles).where(eq(videoFiles.id, old.file.id)))[0]).toMatchObject({
      status: "deleted",
      blobName: null,
      posterBlobName: null,
    });
    expect((await taskRow(db(), old.taskId)).deletedAt).not.toBeNull();
    expect((await old.u.client.get(`/api/video-status/${old.taskId}`)).statusCode).toBe(404);
    expect((await old.u.client.get(old.row.resultUrls![0]!)).statusCode).toBe(404);
    const ledger = await db().select().from(transactions).where(eq(transactions.videoTaskId, old.row.id));
    expect(ledger.map((x) => x.type)).toEqual(["usage"]);

    expect(fs.existsSync(young.onDisk)).toBe(true);
    expect((await taskRow(db(), young.taskId)).deletedAt).toBeNull();
    expect((await young.u.client.get(young.row.resultUrls![0]!)).statusCode).toBe(200);

    // A day later the younger one goes too; a second pass then finds nothing.
    const later = await t.app.jobs.videoRetention.runOnce(new Date(Date.now() + 2 * DAY_MS));
    expect(later.videosDeleted).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(young.onDisk)).toBe(false);
    expect(await t.app.jobs.videoRetention.runOnce(new Date(Date.now() + 2 * DAY_MS))).toEqual({
      videosDeleted: 0,
      blobsRemoved: 0,
    });
  });

  it("a blob that could not be removed when its video was deleted is removed by the next pass", async () => {
    const video = await archivedVideo(0);
    hooks.failDeletes = 1;
    expect((await video.u.client.delete(`/api/videos/${video.taskId}`)).statusCode).toBe(200);
    expect(fs.existsSync(video.onDisk)).toBe(true);
    expect((await db().select().from(videoFiles).where(eq(videoFiles.id, video.file.id)))[0]).toMatchObject({
      status: "deleted",
      blobName: video.file.blobName,
    });
    // Deleted is deleted, whether or not its bytes are gone yet.
    expect((await video.u.client.get(video.row.resultUrls![0]!)).statusCode).toBe(404);

    expect((await t.app.jobs.videoRetention.runOnce()).blobsRemoved).toBe(1);
    expect(fs.existsSync(video.onDisk)).toBe(false);
    expect((await db().select().from(videoFiles).where(eq(videoFiles.id, video.file.id)))[0]!.blobName).toBeNull();
  });

  it("a video deleted while its file was being copied leaves no copy behind", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const { taskId } = (
      await u.client.post("/api/generate-video", {
        prompt: "Deleted mid-copy",
        model: "veo3_fast",
        aspectRatio: "9:16",
        imageUrls: [],
      })
    ).json<{
      taskId: string;
    }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    let copied: string | undefined;
    hooks.afterPut = async (name) => {
      copied = name;
      expect((await u.client.delete(`/api/videos/${taskId}`)).statusCode).toBe(200);
    };
    await t.app.jobs.videoArchiver.runOnce();
    expect(copied).toBeDefined();
    expect(fs.existsSync(path.join(t.config.dataDir, "videos", copied!))).toBe(false);
    const [file] = await db()
      .select()
      .from(videoFiles)
      .where(eq(videoFiles.videoTaskId, (await taskRow(db(), taskId)).id));
    expect(file).toMatchObject({ status: "deleted", blobName: null });
    // Nor its frame, stored just before (decision 0083).
    expect(fs.readdirSync(path.join(t.config.dataDir, "videos")).filter((n) => n.startsWith(file!.id))).toEqual([]);
  });

  it("a copy whose lease was taken over, or whose source changed meanwhile, keeps nothing; the file is copied again from its new source", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const { taskId } = (
      await u.client.post("/api/generate-video", {
        prompt: "Lost its lease",
        model: "veo3_fast",
        aspectRatio: "9:16",
        imageUrls: [],
      })
    ).json<{
      taskId: string;
    }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    const row = await taskRow(db(), taskId);
    const [{ id: fileId }] = (await db()
      .select({ id: videoFiles.id })
      .from(videoFiles)
      .where(eq(videoFiles.videoTaskId, row.id))) as [{ id: string }];
    const stored = () => fs.readdirSync(path.join(t.config.dataDir, "videos")).filter((n) => n.startsWith(fileId));

    // Another process took the file over after this copy's lease ran out.
    hooks.afterPut = async () => {
      await db()
        .update(videoFiles)
        .set({ leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(videoFiles.id, fileId));
    };
    await t.app.jobs.videoArchiver.runOnce();
    expect((await db().select().from(videoFiles).where(eq(videoFiles.id, fileId)))[0]).toMatchObject({
      status: "pending",
      blobName: null,
    });
    expect(stored()).toEqual([]);

    // The provider gave the task a new link while this copy ran: the trigger queues the new source.
    await db().update(videoFiles).set({ leaseUntil: null }).where(eq(videoFiles.id, fileId));
    const newSource = `${row.resultUrls![0]!}?v=2`;
    hooks.afterPut = async () => {
      hooks.afterPut = undefined;
      await db()
        .update(videoTasks)
        .set({ resultUrls: [newSource] })
        .where(eq(videoTasks.id, row.id));
    };
    await t.app.jobs.videoArchiver.runOnce();
    const [after] = await db().select().from(videoFiles).where(eq(videoFiles.id, fileId));
    expect(after).toMatchObject({ status: "pending", sourceUrl: newSource, blobName: null, leaseUntil: null });
    expect(stored()).toEqual([]);
    await t.app.jobs.videoArchiver.runOnce();
    const [final] = await db().select().from(videoFiles).where(eq(videoFiles.id, fileId));
    expect(final).toMatchObject({ status: "archived", sourceUrl: newSource });
    // The video and its frame (decision 0083), nothing of the copies that lost.
    expect(stored().sort()).toEqual([final!.blobName, final!.posterBlobName].sort());
  });

  it("the setting takes a whole number of days or null; anything else is a 400 that says what to send", async () => {
    for (const bad of [0, -1, 36501, 1.5, "abc", "", true]) {
      const res = await admin.put("/api/admin/settings", { videoRetentionDays: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(
        "videoRetentionDays must be a whole number of days between 1 and 36500",
      );
    }
    const saved = await admin.put("/api/admin/settings", { videoRetentionDays: "90" });
    expect(saved.json<{ settings: { videoRetentionDays: number } }>().settings.videoRetentionDays).toBe(90);
    expect((await admin.get("/api/admin/video-storage")).json<{ retentionDays: number }>().retentionDays).toBe(90);
    await setRetention(null);
    expect((await admin.get("/api/admin/settings")).json<{ videoRetentionDays: null }>().videoRetentionDays).toBeNull();
  });
});

describe("the Video Storage figures", () => {
  it("count the files kept and their bytes, and the archive queue", async () => {
    await archivedVideo(0);
    const [pendingOne] = await db()
      .update(videoFiles)
      .set({ status: "pending", nextAttemptAt: new Date(Date.now() + DAY_MS) })
      .where(eq(videoFiles.id, (await archivedVideo(0)).file.id))
      .returning();
    expect(pendingOne).toBeDefined();
    const all = await db().select().from(videoFiles);
    const count = (status: string) => all.filter((f) => f.status === status).length;
    const res = await admin.get("/api/admin/video-storage");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      archivedFiles: count("archived"),
      archivedBytes: all.filter((f) => f.status === "archived").reduce((sum, f) => sum + f.sizeBytes!, 0),
      pendingFiles: count("pending"),
      failedFiles: count("failed"),
      expiredFiles: count("expired"),
      retentionDays: null,
    });
    expect(res.json<{ archivedFiles: number; pendingFiles: number }>().archivedFiles).toBeGreaterThanOrEqual(1);
    expect(res.json<{ pendingFiles: number }>().pendingFiles).toBeGreaterThanOrEqual(1);
  });
});
