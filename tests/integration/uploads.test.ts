/**
 * Uploaded reference images under limits (issue 18 point 6, decision 0034): a per-user rate limit,
 * a per-user quota over images not yet used in a video that holds under parallel uploads, every
 * upload recorded with its owner and size, unused uploads swept after 24 hours (row and file) by
 * any number of processes, used and recent ones kept, and a user's uploads gone with the user.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/connect.js";
import { uploads, users, videoTasks } from "../../src/server/db/schema.js";
import { IMAGE_GONE, storeUpload } from "../../src/server/features/videos/upload-service.js";
import { DiskBlobStore } from "../../src/server/integrations/storage/blob-store.js";
import { UploadStore } from "../../src/server/integrations/storage/uploads.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  noisePng,
  randomPng,
  startSimulator,
  uploadImage,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

const KB = 1024;
/** `bytes` bytes starting as a PNG: for files written without the upload route's check. */
const pngOf = (bytes: number) => {
  const head = randomPng();
  return Buffer.concat([head, crypto.randomBytes(bytes - head.length)]);
};
const IMAGE = 100 * KB;
const QUOTA = 250 * KB; // two images fit, a third does not
const RATE = { max: 5, windowMs: 60 * 60_000 };

const dataDir = path.join(os.tmpdir(), `veo-uploads-${crypto.randomBytes(4).toString("hex")}`);
const uploadsDir = path.join(dataDir, "uploads");
const filesOnDisk = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : []);
const nameOf = (url: string) => url.split("/").pop()!;

let sim: StartedSimulator;
/** Rate limit 5 per hour per user, quota 250 KB, sweep batches of 2. */
let t: VideoTestApp;
/** A second process on the same database and data folder, without a rate limit worth the name. */
let other: TestApp;

beforeAll(async () => {
  sim = await startSimulator();
  t = await createVideoTestApp({
    sim,
    env: { DATA_DIR: dataDir },
    uploadLimits: { perUser: RATE, quotaBytes: QUOTA },
    uploadSweep: { batchSize: 2, maxBatches: 10 },
  });
  other = await createTestApp({
    database: t.database,
    env: { DATA_DIR: dataDir },
    simulator: { baseUrl: sim.baseUrl, publicBaseUrl: sim.baseUrl, apiKey: "test-simulator-key" },
    uploadLimits: { perUser: { max: 10_000, windowMs: 60_000 }, quotaBytes: QUOTA },
    uploadSweep: { batchSize: 2, maxBatches: 10 },
  });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await sim?.close();
});

const db = () => t.database.db;
const rowsOfUser = (userId: string) => db().select().from(uploads).where(eq(uploads.userId, userId));
const ageBy = (name: string, hours: number) =>
  db().execute(sql`update uploads set created_at = now() - ${hours} * interval '1 hour' where name = ${name}`);

async function upload(app: TestApp["app"], cookie: string | undefined, bytes = IMAGE) {
  const res = await uploadImage(app, cookie, await noisePng(bytes), "photo.png");
  return { res, url: res.statusCode === 201 ? res.json<{ imageUrl: string }>().imageUrl : undefined };
}

describe("every upload is recorded", () => {
  it("with its owner and size, under a random 128-bit name served unchanged", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const data = await noisePng(IMAGE);
    const res = await uploadImage(t.app, u.client.sessionCookie, data, "photo.png");
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ imageUrl: string }>().imageUrl;
    expect(url).toMatch(/\/uploads\/[a-f0-9]{32}\.png$/);
    expect(await rowsOfUser(u.id)).toEqual([
      expect.objectContaining({ name: nameOf(url), userId: u.id, bytes: data.length, referencedAt: null }),
    ]);
    const served = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
  });
});

describe("the per-user rate limit", () => {
  it("answers 429 with Retry-After and a message once a user has uploaded too often; others are not affected", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    for (let i = 0; i < RATE.max; i++) {
      // Tiny images: the quota is not what stops these.
      expect((await upload(t.app, u.client.sessionCookie, 200)).res.statusCode).toBe(201);
    }
    const before = filesOnDisk();
    const { res } = await upload(t.app, u.client.sessionCookie, 200);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Too many image uploads\. Please try again in \d+ minutes?\.$/),
      code: "rate_limited",
      params: { minutes: expect.any(Number) },
    });
    expect(filesOnDisk()).toEqual(before);
    expect(await rowsOfUser(u.id)).toHaveLength(RATE.max);

    const someoneElse = await userWithCredits(t.app, db(), 0);
    expect((await upload(t.app, someoneElse.client.sessionCookie, 200)).res.statusCode).toBe(201);
  });
});

describe("the per-user quota over images not yet used in a video", () => {
  it("refuses an upload over the quota with 413, a message and Retry-After, storing nothing", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    expect((await upload(t.app, u.client.sessionCookie)).res.statusCode).toBe(201);
    expect((await upload(t.app, u.client.sessionCookie)).res.statusCode).toBe(201);
    const files = filesOnDisk();

    const { res } = await upload(t.app, u.client.sessionCookie);
    expect(res.statusCode).toBe(413);
    const { message } = res.json<{ message: string }>();
    expect(message).toMatch(
      /^Upload limit reached: images not yet used in a video may take up to 0\.2 MB per account, and yours take 0\.2 MB\./,
    );
    expect(message).toContain(
      "Unused images are deleted 24 hours after upload, so you can upload this image in about 25 hours.",
    );
    // A day until the oldest goes, plus up to one sweep interval (15 minutes).
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(24 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600 + 15 * 60 + 5);
    expect(filesOnDisk()).toEqual(files);
    expect(await rowsOfUser(u.id)).toHaveLength(2);

    // Another account has its own quota.
    const someoneElse = await userWithCredits(t.app, db(), 0);
    expect((await upload(t.app, someoneElse.client.sessionCookie)).res.statusCode).toBe(201);
  });

  it("counts only unused images: once one is used in a video, there is room again", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const first = await upload(t.app, u.client.sessionCookie);
    expect((await upload(t.app, u.client.sessionCookie)).res.statusCode).toBe(201);
    expect((await upload(t.app, u.client.sessionCookie)).res.statusCode).toBe(413);

    const gen = await u.client.post("/api/generate-video", {
      prompt: "a cat on a roof",
      model: "veo3_fast",
      imageUrls: [first.url],
    });
    expect(gen.statusCode, gen.body).toBe(200);
    const [row] = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.name, nameOf(first.url!)));
    expect(row?.referencedAt).toBeInstanceOf(Date);
    expect((await upload(t.app, u.client.sessionCookie)).res.statusCode).toBe(201);
  });

  it("holds under parallel uploads: never more rows or bytes than the quota allows", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const files = filesOnDisk().length;
    // On the second process: its rate limit lets all twelve through, so only the quota decides.
    const results = await Promise.all(Array.from({ length: 12 }, () => upload(other.app, u.client.sessionCookie)));
    const statuses = results.map((r) => r.res.statusCode).sort();
    expect(statuses).toEqual([201, 201, ...Array(10).fill(413)]);
    const rows = await rowsOfUser(u.id);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(QUOTA);
    expect(filesOnDisk().length).toBe(files + 2);
  });

  it("holds when the store is called in parallel directly (transactions overlap on PostgreSQL)", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const store = new UploadStore(new DiskBlobStore(uploadsDir), "http://localhost:3000");
    const files = filesOnDisk().length;
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () =>
        storeUpload(db(), store, {
          userId: u.id,
          data: pngOf(IMAGE),
          type: { ext: "png", mime: "image/png" },
          quotaBytes: QUOTA,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 413 });
    const rows = await rowsOfUser(u.id);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(QUOTA);
    expect(filesOnDisk().length).toBe(files + 2);
  });
});

describe("the sweep of unused uploads", () => {
  it("deletes unused uploads older than 24 hours (row and file), keeps used, recent and older unrecorded ones", async () => {
    const u = await userWithCredits(other.app, db(), 10);
    const unused = await upload(other.app, u.client.sessionCookie, 2 * KB);
    const used = await upload(other.app, u.client.sessionCookie, 2 * KB);
    const recent = await upload(other.app, u.client.sessionCookie, 2 * KB);
    const gen = await u.client.post("/api/generate-video", {
      prompt: "a dog on a beach",
      model: "veo3_fast",
      imageUrls: [used.url],
    });
    expect(gen.statusCode, gen.body).toBe(200);
    // An upload from before uploads were recorded: a file without a row.
    const legacy = `${crypto.randomBytes(16).toString("hex")}.png`;
    fs.writeFileSync(path.join(uploadsDir, legacy), pngOf(KB));
    await ageBy(nameOf(unused.url!), 25);
    await ageBy(nameOf(used.url!), 25);
    await ageBy(nameOf(recent.url!), 23);

    expect(await t.app.jobs.uploadSweep.runOnce()).toEqual([nameOf(unused.url!)]);
    expect(await rowsOfUser(u.id)).toHaveLength(2);
    expect(filesOnDisk()).not.toContain(nameOf(unused.url!));
    expect((await t.app.inject({ method: "GET", url: new URL(unused.url!).pathname })).statusCode).toBe(404);
    for (const kept of [used.url!, recent.url!, `http://localhost:3000/uploads/${legacy}`]) {
      expect((await t.app.inject({ method: "GET", url: new URL(kept).pathname })).statusCode, kept).toBe(200);
    }
    expect(await t.app.jobs.uploadSweep.runOnce()).toEqual([]);
  });

  it("works in bounded batches, and two processes sweeping at once delete each upload exactly once", async () => {
    const u = await userWithCredits(other.app, db(), 0);
    const names: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { url } = await upload(other.app, u.client.sessionCookie, 2 * KB);
      names.push(nameOf(url!));
      await ageBy(nameOf(url!), 30);
    }
    const [a, b] = await Promise.all([t.app.jobs.uploadSweep.runOnce(), other.app.jobs.uploadSweep.runOnce()]);
    expect([...a, ...b].sort()).toEqual([...names].sort());
    expect(await rowsOfUser(u.id)).toEqual([]);
    for (const name of names) expect(filesOnDisk()).not.toContain(name);

    // One batch per run at most: 3 expired, batches of 2.
    const limited = await createTestApp({
      database: t.database,
      env: { DATA_DIR: dataDir },
      uploadSweep: { batchSize: 2, maxBatches: 1 },
    });
    try {
      const more: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { url } = await upload(other.app, u.client.sessionCookie, 2 * KB);
        more.push(nameOf(url!));
        await ageBy(nameOf(url!), 30 + i);
      }
      expect(await limited.app.jobs.uploadSweep.runOnce()).toEqual([more[2], more[1]]);
      expect(await limited.app.jobs.uploadSweep.runOnce()).toEqual([more[0]]);
    } finally {
      await limited.close();
    }
  });

  it("a video asking for a swept image is refused before any credits are spent; an unrecorded older upload still works", async () => {
    const u = await userWithCredits(other.app, db(), 10);
    const gone = await upload(other.app, u.client.sessionCookie, 2 * KB);
    await ageBy(nameOf(gone.url!), 25);
    expect(await t.app.jobs.uploadSweep.runOnce()).toContain(nameOf(gone.url!));

    const refused = await u.client.post("/api/generate-video", {
      prompt: "a horse",
      model: "veo3_fast",
      imageUrls: [gone.url],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: IMAGE_GONE, code: "invalid_input", reason: "image_gone" });
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 10, ledger: 10 });
    expect(await db().select().from(videoTasks).where(eq(videoTasks.userId, u.id))).toEqual([]);

    const legacy = `${crypto.randomBytes(16).toString("hex")}.png`;
    fs.writeFileSync(path.join(uploadsDir, legacy), pngOf(KB));
    const ok = await u.client.post("/api/generate-video", {
      prompt: "a horse",
      model: "veo3_fast",
      imageUrls: [`http://localhost:3000/uploads/${legacy}`],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("racing a video that uses the image, either the video keeps it or it is refused with nothing spent", async () => {
    for (let i = 0; i < 6; i++) {
      const u = await userWithCredits(other.app, db(), 10);
      const { url } = await upload(other.app, u.client.sessionCookie, 2 * KB);
      const name = nameOf(url!);
      await ageBy(name, 25);
      const [gen, swept] = await Promise.all([
        u.client.post("/api/generate-video", { prompt: "a race", model: "veo3_fast", imageUrls: [url] }),
        t.app.jobs.uploadSweep.runOnce(),
      ]);
      const [row] = await db().select().from(uploads).where(eq(uploads.name, name));
      const onDisk = filesOnDisk().includes(name);
      if (gen.statusCode === 200) {
        expect(swept).not.toContain(name);
        expect(row?.referencedAt).toBeInstanceOf(Date);
        expect(onDisk).toBe(true);
      } else {
        expect(gen.statusCode).toBe(400);
        expect(swept).toContain(name);
        expect(row).toBeUndefined();
        expect(onDisk).toBe(false);
        expect((await balanceOf(db(), u.id)).credits).toBe(10);
      }
    }
  });
});

describe("a user's uploads go with the user", () => {
  it("deleting the account deletes its upload rows", async () => {
    const u = await userWithCredits(other.app, db(), 0);
    await upload(other.app, u.client.sessionCookie, 2 * KB);
    await upload(other.app, u.client.sessionCookie, 2 * KB);
    expect(await rowsOfUser(u.id)).toHaveLength(2);
    await db().delete(users).where(eq(users.id, u.id));
    const res = await db().execute(sql`select count(*)::int as n from uploads where user_id = ${u.id}`);
    expect(rowsOf<{ n: number }>(res)[0]?.n).toBe(0);
  });
});
