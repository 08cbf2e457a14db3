/**
 * Uploaded images in an S3-compatible bucket (S3_* settings), against a local fake S3 over HTTP:
 * uploads land in the bucket under the prefix, any process serves them, base64 images from the
 * automation API expire there too, and an unreachable bucket is a clear 503, never a 500. Archived
 * videos live there as well, served through presigned URLs (decision 0043).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.js";
import { uploads, users, videoFiles } from "../../src/server/db/schema.js";
import { IMAGE_GONE } from "../../src/server/features/videos/upload-service.js";
import { startS3Fake, type S3Fake } from "../fakes/s3-fake.js";
import { createTestDatabase } from "../helpers/test-db.js";
import { Client } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  randomPng,
  runWorkerUntil,
  startSimulator,
  taskRow,
  uploadImage,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";
import type { Database } from "../../src/server/db/connect.js";

const S3 = { bucket: "veo-uploads", accessKeyId: "AKIAFAKEKEY", region: "eu-central-1" };

let s3: S3Fake;
let database: Database;
let sim: StartedSimulator;
let first: VideoTestApp;
let second: VideoTestApp;

beforeAll(async () => {
  s3 = await startS3Fake(S3);
  database = await createTestDatabase();
  sim = await startSimulator();
  const env = {
    PUBLIC_URL: "http://veo.test",
    S3_BUCKET: S3.bucket,
    S3_ENDPOINT: s3.url,
    S3_REGION: S3.region,
    S3_ACCESS_KEY_ID: S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: "fake-secret-key",
    S3_PREFIX: "images/",
  };
  // Two apps with different data folders on one database and bucket: two processes on two machines.
  first = await createVideoTestApp({ env, database, sim });
  second = await createVideoTestApp({ env, database, sim });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await sim?.close();
  await database?.close();
  await s3?.close();
});

describe("S3 storage for uploads", () => {
  it("stores an upload in the bucket and serves it from any process", async () => {
    const u = await userWithCredits(first.app, database.db, 0);
    const png = randomPng();
    const res = await uploadImage(first.app, u.client.sessionCookie, png, "ref.png");
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ imageUrl: string }>().imageUrl;
    const name = url.split("/").pop()!;
    expect(url).toBe(`http://veo.test/uploads/${name}`);
    const stored = s3.objects.get(`images/${name}`);
    expect(stored?.data.equals(png)).toBe(true);
    expect(stored?.contentType).toBe("image/png");

    const served = await second.app.inject({ method: "GET", url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(
      (await second.app.inject({ method: "GET", url: "/uploads/0123456789abcdef0123456789abcdef.png" })).statusCode,
    ).toBe(404);
  });

  it("keeps base64 images from the API in the bucket and deletes them after 24 hours", async () => {
    const u = await userWithCredits(first.app, database.db, 5);
    const token = (await u.client.post("/api/user-tokens", { name: "s3" })).json<{ token: string }>().token;
    const res = await first.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "from base64", model: "veo3_fast", imageUrls: [randomPng().toString("base64")] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const temporary = [...s3.objects.keys()].filter((k) => k.startsWith("images/tmp-"));
    expect(temporary).toHaveLength(1);
    const name = temporary[0]!.slice("images/".length);
    const own = await uploadImage(first.app, u.client.sessionCookie, randomPng(), "mine.png");
    const ownName = own.json<{ imageUrl: string }>().imageUrl.split("/").pop()!;

    const hours = (h: number) => new Date(Date.now() + h * 60 * 60_000);
    expect(await second.app.jobs.temporaryImageSweep.runOnce(hours(23))).toEqual([]);
    expect(await second.app.jobs.temporaryImageSweep.runOnce(hours(24.1))).toEqual([name]);
    expect(s3.objects.has(`images/${name}`)).toBe(false);
    expect(s3.objects.has(`images/${ownName}`)).toBe(true);
  });

  it("answers 503 with a message when the bucket cannot be reached, and nothing is half-written", async () => {
    const u = await userWithCredits(first.app, database.db, 0);
    const before = s3.objects.size;
    s3.down = true;
    try {
      const res = await uploadImage(first.app, u.client.sessionCookie, randomPng(), "ref.png");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: "Image storage is unavailable right now. Please try again in a minute.",
      });
      const read = await first.app.inject({ method: "GET", url: "/uploads/0123456789abcdef0123456789abcdef.png" });
      expect(read.statusCode).toBe(503);
    } finally {
      s3.down = false;
    }
    expect(s3.objects.size).toBe(before);
    const [row] = await database.db.select().from(users).where(eq(users.username, u.username));
    expect(row?.credits).toBe(0);
  });

  it("sweeps unused uploads from the bucket; with the bucket down the rows stay for the next run", async () => {
    const u = await userWithCredits(first.app, database.db, 0);
    const res = await uploadImage(first.app, u.client.sessionCookie, randomPng(), "old.png");
    expect(res.statusCode, res.body).toBe(201);
    const name = res.json<{ imageUrl: string }>().imageUrl.split("/").pop()!;
    // A write that failed with the bucket down and could not be cleaned up: a row whose file may exist.
    const failed = "0123456789abcdef0123456789abcdef.png";
    await database.db.insert(uploads).values({ name: failed, userId: u.id, bytes: 100 });
    await database.db.execute(sql`update uploads set created_at = now() - interval '25 hours' where user_id = ${u.id}`);

    s3.down = true;
    try {
      await expect(second.app.jobs.uploadSweep.runOnce()).rejects.toMatchObject({ status: 503 });
    } finally {
      s3.down = false;
    }
    expect(await database.db.select().from(uploads).where(eq(uploads.userId, u.id))).toHaveLength(2);
    expect(s3.objects.has(`images/${name}`)).toBe(true);

    expect((await second.app.jobs.uploadSweep.runOnce()).sort()).toEqual([failed, name].sort());
    expect(s3.objects.has(`images/${name}`)).toBe(false);
    expect(await database.db.select().from(uploads).where(eq(uploads.userId, u.id))).toEqual([]);
  });

  it("a video may use an unrecorded older image still in the bucket, but not one that is gone", async () => {
    const u = await userWithCredits(first.app, database.db, 10);
    const legacy = "fedcba9876543210fedcba9876543210.png";
    s3.objects.set(`images/${legacy}`, { data: randomPng(), contentType: "image/png", lastModified: new Date(0) });
    const ok = await u.client.post("/api/generate-video", {
      prompt: "old image",
      model: "veo3_fast",
      imageUrls: [`http://veo.test/uploads/${legacy}`],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const gone = await u.client.post("/api/generate-video", {
      prompt: "gone image",
      model: "veo3_fast",
      imageUrls: ["http://veo.test/uploads/00000000000000000000000000000000.png"],
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({ message: IMAGE_GONE, code: "invalid_input", reason: "image_gone" });
  });

  it("refuses to start with a bucket but no keys, naming the setting", () => {
    expect(() => loadConfig({ S3_BUCKET: "b" })).toThrow(/S3_ACCESS_KEY_ID: is required when S3_BUCKET is set/);
    expect(() => loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" })).toThrow(/S3_SECRET_ACCESS_KEY: is required/);
  });
});

describe("S3 storage for archived videos", () => {
  it("copies a finished video into the bucket, serves it through presigned URLs from any process, and deletes it with the video", async () => {
    const u = await userWithCredits(first.app, database.db, 5);
    const res = await u.client.post("/api/generate-video", {
      prompt: "A paper boat in the rain",
      model: "veo3_fast",
      aspectRatio: "9:16",
      imageUrls: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json<{ taskId: string }>();
    await runWorkerUntil(first, async () => (await taskRow(database.db, taskId)).status === "completed");
    await first.app.jobs.videoArchiver.runOnce();
    const [file] = await database.db
      .select()
      .from(videoFiles)
      .where(eq(videoFiles.videoTaskId, (await taskRow(database.db, taskId)).id));
    expect(file).toMatchObject({ status: "archived" });
    const key = `images/videos/${file!.blobName}`;
    const stored = s3.objects.get(key);
    expect(stored?.contentType).toBe("video/mp4");
    expect(stored?.data.length).toBe(file!.sizeBytes);
    expect(crypto.createHash("sha256").update(stored!.data).digest("hex")).toBe(file!.sha256);
    // Its frame (decision 0083) beside it in the bucket, as a JPEG.
    const posterKey = `images/videos/${file!.posterBlobName}`;
    expect(s3.objects.get(posterKey)?.contentType).toBe("image/jpeg");
    expect([...s3.objects.get(posterKey)!.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // Nothing of it on either machine's disk.
    for (const app of [first, second])
      for (const name of [file!.blobName!, file!.posterBlobName!])
        expect(fs.existsSync(path.join(app.config.dataDir, "videos", name))).toBe(false);

    // The other process serves it too: a redirect to a presigned URL of the bucket that works without headers.
    const ourUrl = (await taskRow(database.db, taskId)).resultUrls![0]!;
    const other = new Client(second.app);
    other.sessionCookie = u.client.sessionCookie;
    const played = await other.get(ourUrl);
    expect(played.statusCode).toBe(302);
    const presigned = new URL(played.headers.location as string);
    expect(presigned.origin + presigned.pathname).toBe(`${s3.url}/${S3.bucket}/${key}`);
    expect(presigned.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const fetched = await fetch(presigned);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(stored!.data)).toBe(true);
    // Tampered: refused.
    presigned.searchParams.set(
      "X-Amz-Credential",
      presigned.searchParams.get("X-Amz-Credential")!.replace(S3.accessKeyId, "AKIAOTHER"),
    );
    expect((await fetch(presigned)).status).toBe(403);

    // A download names the file.
    const download = await other.get(`${ourUrl}?download=1`);
    const named = await fetch(download.headers.location as string);
    expect(named.headers.get("content-disposition")).toMatch(/^attachment; filename="veo-veo3-fast-.+-720p\.mp4"$/);

    // Shared, the frame is served from the bucket through a presigned URL, by any process.
    const sharing = await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true });
    const shareId = new URL(sharing.json<{ shareUrl: string }>().shareUrl).pathname.split("/").pop()!;
    const picture = await second.app.inject({ method: "GET", url: `/media/shares/${shareId}.jpg` });
    expect(picture.statusCode).toBe(302);
    const pictureUrl = new URL(picture.headers.location as string);
    expect(pictureUrl.origin + pictureUrl.pathname).toBe(`${s3.url}/${S3.bucket}/${posterKey}`);
    expect((await fetch(pictureUrl)).headers.get("content-type")).toBe("image/jpeg");

    // Deleted with its video, the frame too.
    expect((await u.client.delete(`/api/videos/${taskId}`)).statusCode).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.objects.has(posterKey)).toBe(false);
    expect((await other.get(ourUrl)).statusCode).toBe(404);
  });
  it("extends a video from its last frame read from the bucket; one of two processes joins it, into the bucket (decision 0159)", async () => {
    const u = await userWithCredits(first.app, database.db, 500);
    const made = await u.client.post("/api/generate-video", {
      prompt: "A fox in the snow",
      model: "kling26",
      aspectRatio: "16:9",
      durationSeconds: 5,
      imageUrls: [],
    });
    expect(made.statusCode, made.body).toBe(200);
    const parent = made.json<{ taskId: string }>().taskId;
    await runWorkerUntil(first, async () => (await taskRow(database.db, parent)).status === "completed");
    await first.app.jobs.videoArchiver.runOnce();

    // The frame is read from the bucket (no process has the video on its disk).
    const other = new Client(second.app);
    other.sessionCookie = u.client.sessionCookie;
    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "The fox runs into the forest" });
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json<{ taskId: string }>().taskId;
    const frame = (await taskRow(database.db, child)).imageUrls![0]!.split("/").pop()!;
    expect([...s3.objects.get(`images/${frame}`)!.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await runWorkerUntil(first, async () => (await taskRow(database.db, child)).status === "completed");
    await first.app.jobs.videoArchiver.runOnce();

    const passes = await Promise.all([first.app.jobs.videoJoiner.runOnce(), second.app.jobs.videoJoiner.runOnce()]);
    expect(passes.sort()).toEqual([0, 1]);
    const row = await taskRow(database.db, child);
    expect(row).toMatchObject({ joinStatus: "ready", joinedVideoUrl: `/media/videos/${row.id}.mp4` });
    const key = `images/videos/${row.id}.joined.mp4`;
    expect(s3.objects.get(key)?.contentType).toBe("video/mp4");
    const played = await other.get(row.joinedVideoUrl!);
    expect(played.statusCode).toBe(302);
    expect(new URL(played.headers.location as string).pathname).toBe(`/${S3.bucket}/${key}`);

    expect((await u.client.delete(`/api/videos/${child}`)).statusCode).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
  }, 90_000);
});
