/**
 * Sharing a video (a public page with preview tags, killed at once when made private) and deleting
 * one (its files go, it leaves every list; the ledger keeps its rows). Decision 0044.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions, videoFiles, videoTasks } from "../../src/server/db/schema.js";
import {
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
afterAll(() => t.close());

async function finishedVideo(prompt = "A heron lands on a misty lake") {
  const u = await userWithCredits(t.app, db(), 5);
  const res = await u.client.post("/api/generate-video", {
    prompt,
    model: "veo3_fast",
    aspectRatio: "9:16",
    imageUrls: [],
  });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
  await t.app.jobs.videoArchiver.runOnce();
  await t.app.liveEvents.settle();
  return { u, taskId };
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1]?.replaceAll("&#38;", "&");

describe("sharing", () => {
  it("a shared video has a public page with preview tags and a player anyone can play; private again kills both at once", async () => {
    const { u, taskId } = await finishedVideo();
    const shared = await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true });
    expect(shared.statusCode, shared.body).toBe(200);
    const { shareUrl } = shared.json<{ shareUrl: string }>();
    expect(shareUrl).toMatch(new RegExp(`^${t.config.publicUrl}/v/[A-Za-z0-9_-]{16}$`));
    const pagePath = new URL(shareUrl).pathname;

    const page = await t.app.inject({ method: "GET", url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("public, no-cache");
    const again304 = await t.app.inject({
      method: "GET",
      url: pagePath,
      headers: { "if-none-match": page.headers.etag as string },
    });
    expect(again304.statusCode).toBe(304);
    expect(metaContent(page.body, "og:title")).toBe("A heron lands on a misty lake");
    expect(metaContent(page.body, "og:video:type")).toBe("video/mp4");
    expect(metaContent(page.body, "og:video:height")).toBe("1280");
    expect(metaContent(page.body, "twitter:card")).toBe("summary_large_image");
    const videoUrl = new URL(metaContent(page.body, "og:video")!);
    expect(videoUrl.pathname).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
    // Other sites fetch og:video in full; the page's own player loads it from whichever host served the page.
    expect(videoUrl.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(page.body).toContain(`<video src="${videoUrl.pathname}?expires=`);

    // Nobody's session: the page's link plays.
    const played = await t.app.inject({ method: "GET", url: `${videoUrl.pathname}${videoUrl.search}` });
    expect(played.statusCode).toBe(200);

    // The list shows it shared.
    const listed = (await u.client.get("/api/video-tasks?page=1&limit=10")).json<{
      tasks: { taskId: string; isPublic: boolean; shareId: string }[];
    }>();
    expect(listed.tasks.find((x) => x.taskId === taskId)).toMatchObject({ isPublic: true, shareId: pagePath.slice(3) });

    expect((await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: false })).json()).toEqual({
      isPublic: false,
      shareUrl: null,
      sharePromptHidden: false,
      explore: null,
    });
    expect((await t.app.inject({ method: "GET", url: pagePath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `${videoUrl.pathname}${videoUrl.search}` })).statusCode).toBe(404);

    // Shared again: a new link; the old one stays dead.
    const again = (await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true })).json<{
      shareUrl: string;
    }>();
    expect(again.shareUrl).not.toBe(shareUrl);
    expect((await t.app.inject({ method: "GET", url: pagePath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: new URL(again.shareUrl).pathname })).statusCode).toBe(200);
  });

  it("the owner can hide the prompt; hostile prompts are escaped", async () => {
    const { u, taskId } = await finishedVideo(`"><script>alert(1)</script> & a fox`);
    const { shareUrl } = (await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true })).json<{
      shareUrl: string;
    }>();
    const page = (await t.app.inject({ method: "GET", url: new URL(shareUrl).pathname })).body;
    expect(page).not.toContain("<script>");
    expect(page).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");

    await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true, hidePrompt: true });
    const hidden = (await t.app.inject({ method: "GET", url: new URL(shareUrl).pathname })).body;
    expect(hidden).not.toContain("alert(1)");
    expect(metaContent(hidden, "og:title")).toBe("A video made with Veo3 Fast");
    expect(metaContent(hidden, "og:description")).toBe(
      "An 8-second video with sound, made with Veo3 Fast on Veo Studio.",
    );
    // Described as it was made: a 10-second Wan 2.6 video has no sound.
    await db()
      .update(videoTasks)
      .set({ model: "wan26", durationSeconds: 10, audio: false })
      .where(eq(videoTasks.taskId, taskId));
    const wan = (await t.app.inject({ method: "GET", url: new URL(shareUrl).pathname })).body;
    expect(metaContent(wan, "og:description")).toBe("A 10-second video, made with Wan 2.6 on Veo Studio.");
  });

  it("only the owner shares, only finished videos", async () => {
    const { taskId } = await finishedVideo();
    const stranger = await userWithCredits(t.app, db(), 0);
    expect((await stranger.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true })).statusCode).toBe(404);
    const u = await userWithCredits(t.app, db(), 5);
    const pending = (
      await u.client.post("/api/generate-video", {
        prompt: "Still cooking",
        model: "veo3_fast",
        aspectRatio: "16:9",
        imageUrls: [],
      })
    ).json<{
      taskId: string;
    }>();
    const refused = await u.client.put(`/api/videos/${pending.taskId}/sharing`, { isPublic: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe("Only a finished video can be shared.");
    expect((await u.client.put(`/api/videos/${pending.taskId}/sharing`, { isPublic: "yes" })).statusCode).toBe(400);
  });
});

describe("deleting", () => {
  it("removes the files and the video from every list and read; the ledger keeps its rows", async () => {
    const { u, taskId } = await finishedVideo();
    const row = await taskRow(db(), taskId);
    const [file] = await db().select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    const onDisk = path.join(t.config.dataDir, "videos", file!.blobName!);
    expect(fs.existsSync(onDisk)).toBe(true);
    const { shareUrl } = (await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true })).json<{
      shareUrl: string;
    }>();

    const res = await u.client.delete(`/api/videos/${taskId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await db().select().from(videoFiles).where(eq(videoFiles.id, file!.id)))[0]).toMatchObject({
      status: "deleted",
      blobName: null,
    });
    expect(
      (await u.client.get("/api/video-tasks?page=1&limit=10")).json<{ tasks: unknown[]; total: number }>(),
    ).toEqual({ tasks: [], total: 0 });
    expect((await u.client.get(`/api/video-status/${taskId}`)).statusCode).toBe(404);
    expect((await u.client.get(row.resultUrls![0]!)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: new URL(shareUrl).pathname })).statusCode).toBe(404);
    expect((await u.client.delete(`/api/videos/${taskId}`)).statusCode).toBe(404);
    const ledger = await db().select().from(transactions).where(eq(transactions.videoTaskId, row.id));
    expect(ledger.map((x) => x.type)).toEqual(["usage"]);
    expect((await db().select().from(videoTasks).where(eq(videoTasks.id, row.id)))[0]!.deletedAt).not.toBeNull();
  });

  it("a video still being made cannot be deleted; another person's is not found", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const { taskId } = (
      await u.client.post("/api/generate-video", {
        prompt: "Not yet",
        model: "veo3_fast",
        aspectRatio: "16:9",
        imageUrls: [],
      })
    ).json<{
      taskId: string;
    }>();
    const refused = await u.client.delete(`/api/videos/${taskId}`);
    expect(refused.statusCode).toBe(409);
    const stranger = await userWithCredits(t.app, db(), 0);
    expect((await stranger.client.delete(`/api/videos/${taskId}`)).statusCode).toBe(404);
  });
});
