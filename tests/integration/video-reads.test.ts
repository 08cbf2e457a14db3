import { IMAGE_REFUSALS } from "../../src/server/features/videos/image-refusal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { toTaskView } from "../../src/server/features/videos/queries.js";
import { Client } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  randomPng,
  runWorkerUntil,
  taskRow,
  uploadImage,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
beforeAll(async () => {
  t = await createVideoTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

describe("reading tasks is owner-only", () => {
  it("another user's task answers 404 everywhere and never shows in their lists", async () => {
    const owner = await userWithCredits(t.app, db(), 1);
    const other = await userWithCredits(t.app, db(), 0);
    const { taskId } = (await owner.client.post("/api/generate-video", { prompt: "mine", model: "veo3_fast" })).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    for (const [method, url] of [
      ["GET", `/api/video-status/${taskId}`],
      ["GET", `/api/hd-video/${taskId}`],
      ["GET", `/api/videos/${taskId}/download`],
      ["POST", `/api/force-update-hd/${taskId}`],
    ] as const) {
      const res = await other.client.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain("mine");
    }
    expect((await other.client.get("/api/video-tasks?days=14")).json()).toEqual({ tasks: [] });
    expect((await other.client.get("/api/video-tasks?page=1&limit=20")).json()).toEqual({ tasks: [], total: 0 });
    expect((await new Client(t.app).get(`/api/video-status/${taskId}`)).statusCode).toBe(401);
  });

  it("an over-long or undecodable task id is a 4xx with a message, never the router's own body", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const long = await u.client.get(`/api/video-status/${"x".repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      message: "This address is too long: check the id in the URL",
      code: "address_too_long",
    });
    const bad = await u.client.get("/api/video-status/%E0%A4%A");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "This address is not valid: check the URL", code: "invalid_address" });
  });

  it("pages newest first with a total, and the days window leaves older tasks out", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const now = Date.now();
    await db()
      .insert(videoTasks)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          userId: u.id,
          taskId: `page-${u.id}-${i}`,
          prompt: `p${i}`,
          model: "veo3_fast",
          aspectRatio: "16:9",
          status: "completed",
          createdAt: new Date(now - i * 24 * 60 * 60_000),
        })),
      );
    const page1 = (await u.client.get("/api/video-tasks?page=1&limit=20")).json();
    expect(page1.total).toBe(25);
    expect(page1.tasks).toHaveLength(20);
    expect(page1.tasks[0].prompt).toBe("p0");
    const page2 = (await u.client.get("/api/video-tasks?page=2&limit=20")).json();
    expect(page2.tasks.map((x: { prompt: string }) => x.prompt)).toEqual(["p20", "p21", "p22", "p23", "p24"]);
    const recent = (await u.client.get("/api/video-tasks?days=14")).json();
    expect(recent.tasks).toHaveLength(14);
    expect(Object.keys(recent.tasks[0]).sort()).toEqual(
      [
        "aspectRatio",
        "completedAt",
        "createdAt",
        "createdVia",
        "creditsUsed",
        "draftOf",
        "errorMessage",
        "hdStatus",
        "hdVideoUrl",
        "extendedFrom",
        "failureKind",
        "uhdStatus",
        "uhdVideoUrl",
        "uhdCredits",
        "uhdError",
        "id",
        "imageUrls",
        "model",
        "mode",
        "prompt",
        "refunded",
        "resultUrls",
        "seeds",
        "batchId",
        "extendMethod",
        "joinStatus",
        "joinedVideoUrl",
        "status",
        "taskId",
        "videoExpired",
        "vendor",
        "isPublic",
        "shareId",
        "sharePromptHidden",
        "explore",
        "watermark",
        "welcomeMarked",
        "durationSeconds",
        "resolution",
        "audio",
      ].sort(),
    );
    expect((await u.client.get("/api/video-tasks?page=0")).statusCode).toBe(400);
    expect((await u.client.get("/api/video-tasks?limit=500")).json()).toEqual({
      message: "limit must be between 1 and 100",
      code: "invalid_input",
    });
  });
});

describe("reference images", () => {
  it("stores a PNG checked by content and serves it back", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const png = randomPng();
    const res = await uploadImage(t.app, u.client.sessionCookie, png, "photo.txt");
    expect(res.statusCode).toBe(201);
    const { success, imageUrl } = res.json();
    expect(success).toBe(true);
    expect(imageUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: "GET", url: new URL(imageUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it("refuses what is not an image, even named .png, and files over 10 MB", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const fake = await uploadImage(t.app, u.client.sessionCookie, Buffer.from("<html>not an image</html>"), "x.png");
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({
      message: IMAGE_REFUSALS.notImage,
      code: "unsupported_media_type",
      reason: "image_type",
    });
    const huge = await uploadImage(
      t.app,
      u.client.sessionCookie,
      Buffer.concat([randomPng(), Buffer.alloc(10 * 1024 * 1024)]),
      "big.png",
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: "The image must be 10 MB or smaller. Please choose a smaller image.",
      code: "payload_too_large",
    });
    const json = await u.client.post("/api/images/upload", { image: "x" });
    expect(json.statusCode).toBe(400);
  });

  it("requires a session", async () => {
    expect((await uploadImage(t.app, undefined, randomPng(), "a.png")).statusCode).toBe(401);
  });

  it("unknown or malformed upload names are 404", async () => {
    expect((await t.app.inject({ method: "GET", url: "/uploads/../../etc/passwd" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/uploads/${"a".repeat(32)}.png` })).statusCode).toBe(404);
  });
});

describe("task lists", () => {
  it("show each task exactly as the event stream and the other reads shape it, newest first", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const upload = await uploadImage(t.app, u.client.sessionCookie, randomPng(), "ref.png");
    const imageUrl = upload.json<{ imageUrl: string }>().imageUrl;
    const made: string[] = [];
    for (const body of [
      { prompt: 'plain "quoted" text ü ✓', model: "veo3_fast" },
      {
        prompt: "with an image",
        model: "veo3_fast",
        imageUrls: [imageUrl],
        aspectRatio: "9:16",
        seeds: 12345,
        watermark: "WM",
      },
      { prompt: "doomed [sim:fail]", model: "veo3_fast" },
    ]) {
      made.push((await u.client.post("/api/generate-video", body)).json<{ taskId: string }>().taskId);
    }
    await runWorkerUntil(t, async () => {
      const rows = await Promise.all(made.map((id) => taskRow(db(), id)));
      return rows.every((r) => r.status === "completed" || r.status === "failed");
    });
    const expected = (await Promise.all(made.map((id) => taskRow(db(), id)))).reverse().map(toTaskView);
    const recent = await u.client.get("/api/video-tasks?days=14");
    expect(recent.headers["content-type"]).toMatch(/^application\/json/);
    expect(recent.json()).toEqual({ tasks: expected });
    expect((await u.client.get("/api/video-tasks?page=1&limit=2")).json()).toEqual({
      tasks: expected.slice(0, 2),
      total: 3,
    });
    expect((await u.client.get("/api/video-tasks?page=2&limit=2")).json()).toEqual({
      tasks: expected.slice(2),
      total: 3,
    });
  });
});
