/**
 * The landing page's showcase (issue 38, decision 0081): the admin alone chooses it, from finished
 * videos that are their own or shared by a customer; a hidden prompt never leaves the server; a
 * video unshared or deleted leaves the showcase at once; with nothing chosen the sample clips show
 * while videos are simulated, and nothing on a live install.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, users, videoTasks } from "../../src/server/db/schema.js";
import type { AdminShowcase, ShowcaseView } from "../../src/shared/schemas/showcase.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

const HIDDEN_PROMPT = "a secret recipe for grandmother's pho, never to be shown";

async function userIdOf(t: TestApp, username: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/** A video row written directly: finished unless `values` says otherwise. */
async function insertVideo(
  t: TestApp,
  userId: string,
  values: Partial<typeof videoTasks.$inferInsert> = {},
): Promise<string> {
  const taskId = `showcase-${crypto.randomBytes(5).toString("hex")}`;
  await t.database.db.insert(videoTasks).values({
    userId,
    taskId,
    prompt: `A lantern festival on the river, video ${taskId}`,
    model: "veo3_fast",
    aspectRatio: "16:9",
    status: "completed",
    completedAt: new Date(),
    resultUrls: [`https://tempfile.example/${taskId}.mp4`],
    ...values,
  });
  return taskId;
}

const showcaseOf = async (client: Client): Promise<ShowcaseView> => {
  const res = await client.get("/api/showcase");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShowcaseView>();
};

describe("choosing the showcase", () => {
  let t: TestApp;
  let admin: Client;
  let adminId: string;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let customerId: string;
  const visitor = () => new Client(t.app);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
    adminId = await userIdOf(t, "admin");
    customer = await signUp(t.app);
    customerId = await userIdOf(t, customer.username);
  });
  afterAll(() => t?.close());

  it("lets only the admin read and write the choice", async () => {
    const body = { videos: [] };
    expect((await visitor().get("/api/admin/showcase")).statusCode).toBe(401);
    expect((await visitor().put("/api/admin/showcase", body)).statusCode).toBe(401);
    expect((await customer.client.get("/api/admin/showcase")).statusCode).toBe(403);
    expect((await customer.client.put("/api/admin/showcase", body)).statusCode).toBe(403);
    expect((await admin.put("/api/admin/showcase", body)).statusCode).toBe(200);
  });

  it("offers the admin's own finished videos and customers' shared ones, not others", async () => {
    const own = await insertVideo(t, adminId);
    const shared = await insertVideo(t, customerId, { isPublic: true, shareId: crypto.randomUUID() });
    const unshared = await insertVideo(t, customerId);
    const unfinished = await insertVideo(t, adminId, { status: "generating", resultUrls: null, completedAt: null });
    const res = await admin.get("/api/admin/showcase");
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<AdminShowcase>();
    expect(view.max).toBe(6);
    const ids = view.candidates.map((c) => c.taskId);
    expect(ids).toEqual(expect.arrayContaining([own, shared]));
    expect(ids).not.toContain(unshared);
    expect(ids).not.toContain(unfinished);
    expect(view.candidates.find((c) => c.taskId === own)).toMatchObject({ ownVideo: true, owner: "admin" });
    expect(view.candidates.find((c) => c.taskId === shared)).toMatchObject({
      ownVideo: false,
      owner: customer.username,
    });
  });

  it("refuses another person's unshared video, an unfinished one and an unknown one, changing nothing", async () => {
    const kept = await insertVideo(t, adminId);
    expect((await admin.put("/api/admin/showcase", { videos: [{ taskId: kept }] })).statusCode).toBe(200);

    const unshared = await insertVideo(t, customerId);
    const refused = await admin.put("/api/admin/showcase", { videos: [{ taskId: kept }, { taskId: unshared }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "conflict",
      reason: "showcase_video_unavailable",
      params: { taskId: unshared },
      message: "This video cannot be shown in the showcase: choose a finished video of yours, or one its owner shares.",
    });
    const unfinished = await insertVideo(t, adminId, { status: "failed", resultUrls: null });
    expect((await admin.put("/api/admin/showcase", { videos: [{ taskId: unfinished }] })).statusCode).toBe(409);
    const unknown = await admin.put("/api/admin/showcase", { videos: [{ taskId: "no-such-video" }] });
    expect(unknown.statusCode).toBe(404);

    expect((await showcaseOf(visitor())).videos.map((v) => v.id)).toEqual([kept]);
  });

  it("refuses more than six videos and the same video twice", async () => {
    const seven = await Promise.all(Array.from({ length: 7 }, () => insertVideo(t, adminId)));
    const tooMany = await admin.put("/api/admin/showcase", { videos: seven.map((taskId) => ({ taskId })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain("at most 6 videos");
    const twice = await admin.put("/api/admin/showcase", { videos: [{ taskId: seven[0] }, { taskId: seven[0] }] });
    expect(twice.statusCode).toBe(400);
  });

  it("shows the chosen videos in their order with captions, and records the change in the audit log", async () => {
    const first = await insertVideo(t, adminId, { model: "veo3", aspectRatio: "9:16" });
    const second = await insertVideo(t, customerId, { isPublic: true, shareId: crypto.randomUUID() });
    const saved = await admin.put("/api/admin/showcase", {
      videos: [{ taskId: second, caption: "  Lanterns on the river  " }, { taskId: first }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminShowcase>().chosen.map((c) => [c.taskId, c.caption])).toEqual([
      [second, "Lanterns on the river"],
      [first, null],
    ]);

    const res = await visitor().get("/api/showcase");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const view = res.json<ShowcaseView>();
    expect(view.source).toBe("chosen");
    expect(view.videos).toEqual([
      {
        id: second,
        videoUrl: `https://tempfile.example/${second}.mp4`,
        // A provider's link only: no frame was kept.
        posterUrl: null,
        prompt: `A lantern festival on the river, video ${second}`,
        caption: "Lanterns on the river",
        model: "veo3_fast",
        aspectRatio: "16:9",
        sample: false,
      },
      {
        id: first,
        videoUrl: `https://tempfile.example/${first}.mp4`,
        // A provider's link only: no frame was kept.
        posterUrl: null,
        prompt: `A lantern festival on the river, video ${first}`,
        caption: null,
        model: "veo3",
        aspectRatio: "9:16",
        sample: false,
      },
    ]);

    const entries = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "showcase.update"));
    const entry = entries.find((e) => JSON.stringify(e.details).includes("Lanterns on the river"));
    expect(entry).toMatchObject({ adminUsername: "admin", targetType: "showcase" });
    expect(entry!.details).toMatchObject({
      after: [
        { taskId: second, caption: "Lanterns on the river" },
        { taskId: first, caption: null },
      ],
    });
  });

  it("never sends a prompt its owner hid, to visitors or to the admin", async () => {
    const hidden = await insertVideo(t, customerId, {
      prompt: HIDDEN_PROMPT,
      isPublic: true,
      shareId: crypto.randomUUID(),
      sharePromptHidden: true,
    });
    const list = await admin.get("/api/admin/showcase");
    expect(list.body).not.toContain("grandmother");
    expect(list.json<AdminShowcase>().candidates.find((c) => c.taskId === hidden)).toMatchObject({
      prompt: null,
      promptHidden: true,
    });
    const saved = await admin.put("/api/admin/showcase", { videos: [{ taskId: hidden }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain("grandmother");
    const res = await visitor().get("/api/showcase");
    expect(res.body).not.toContain("grandmother");
    expect(res.json<ShowcaseView>().videos).toMatchObject([{ id: hidden, prompt: null, caption: null }]);
  });

  it("takes a video off when its owner stops sharing it or deletes it, and signs our own copies", async () => {
    const shareId = crypto.randomUUID();
    const unsharedLater = await insertVideo(t, customerId, { isPublic: true, shareId });
    const deletedLater = await insertVideo(t, customerId, { isPublic: true, shareId: crypto.randomUUID() });
    const archived = await insertVideo(t, adminId, {
      resultUrls: [`${t.config.publicUrl}/media/videos/${crypto.randomUUID()}.mp4`],
    });
    const saved = await admin.put("/api/admin/showcase", {
      videos: [{ taskId: unsharedLater }, { taskId: deletedLater }, { taskId: archived }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await showcaseOf(visitor());
    expect(before.videos.map((v) => v.id)).toEqual([unsharedLater, deletedLater, archived]);
    // Our copy: a path on this site, signed for anyone to play.
    expect(before.videos[2]!.videoUrl).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4\?expires=\d+&signature=/);

    const unshare = await customer.client.put(`/api/videos/${unsharedLater}/sharing`, { isPublic: false });
    expect(unshare.statusCode, unshare.body).toBe(200);
    const removed = await customer.client.delete(`/api/videos/${deletedLater}`);
    expect(removed.statusCode, removed.body).toBe(200);

    expect((await showcaseOf(visitor())).videos.map((v) => v.id)).toEqual([archived]);
    const chosen = (await admin.get("/api/admin/showcase")).json<AdminShowcase>().chosen;
    expect(chosen.map((c) => c.taskId)).toEqual([archived]);

    // Shared again (under a new link), it stays off until the admin chooses it again.
    const reshare = await customer.client.put(`/api/videos/${unsharedLater}/sharing`, { isPublic: true });
    expect(reshare.statusCode, reshare.body).toBe(200);
    expect((await showcaseOf(visitor())).videos.map((v) => v.id)).toEqual([archived]);
    const again = await admin.put("/api/admin/showcase", { videos: [{ taskId: archived }, { taskId: unsharedLater }] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await showcaseOf(visitor())).videos.map((v) => v.id)).toEqual([archived, unsharedLater]);
  });

  it("signs a shared video's own copy for its share, so the link dies with the share", async () => {
    const shareId = crypto.randomBytes(12).toString("base64url");
    const fileId = crypto.randomUUID();
    const taskId = await insertVideo(t, customerId, {
      isPublic: true,
      shareId,
      resultUrls: [`${t.config.publicUrl}/media/videos/${fileId}.mp4`],
    });
    expect((await admin.put("/api/admin/showcase", { videos: [{ taskId }] })).statusCode).toBe(200);
    const [video] = (await showcaseOf(visitor())).videos;
    expect(video!.videoUrl).toMatch(
      new RegExp(`^/media/videos/${fileId}\\.mp4\\?expires=\\d+&share=${shareId}&signature=`),
    );
  });
});

describe("the showcase with nothing chosen", () => {
  it("shows the sample clips, labelled as samples, while videos are simulated", async () => {
    const t = await createTestApp();
    try {
      const view = await showcaseOf(new Client(t.app));
      expect(view.source).toBe("samples");
      expect(view.videos.length).toBeGreaterThan(0);
      for (const video of view.videos) {
        expect(video.sample).toBe(true);
        expect(video.videoUrl).toMatch(/^\/media\/showcase\/sample-\d-16x9-720p\.mp4$/);
        const clip = await new Client(t.app).get(video.videoUrl);
        expect(clip.statusCode).toBe(200);
        // Its poster: the frame committed beside the clip (decision 0166).
        expect(video.posterUrl).toBe(video.videoUrl.replace(/\.mp4$/, ".jpg"));
        const poster = await new Client(t.app).get(video.posterUrl!);
        expect(poster.statusCode).toBe(200);
        expect(poster.headers["content-type"]).toBe("image/jpeg");
      }
    } finally {
      await t.close();
    }
  });

  it("shows nothing on a live install, and the chosen videos once chosen", async () => {
    const t = await createTestApp({ env: { KIE_API_KEY: "live-kie-key-0123456789" } });
    try {
      expect(await showcaseOf(new Client(t.app))).toEqual({ source: "none", videos: [], modelSamples: [] });
      const admin = await signInAdmin(t);
      const taskId = await insertVideo(t, await userIdOf(t, "admin"));
      expect((await admin.put("/api/admin/showcase", { videos: [{ taskId }] })).statusCode).toBe(200);
      const view = await showcaseOf(new Client(t.app));
      expect(view.source).toBe("chosen");
      expect(view.videos.map((v) => [v.id, v.sample])).toEqual([[taskId, false]]);
    } finally {
      await t.close();
    }
  });
});
