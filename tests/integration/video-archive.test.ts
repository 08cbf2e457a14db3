/**
 * Keeping every video (decision 0043): a finished video's files are copied into our store by the
 * archive job, served from our origin (owner, API token or a signed URL; Range requests), and keep
 * playing after the provider's link has died. Copies are checked (MP4, size, public addresses),
 * retried, and a link that died first marks the video expired.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminNotifications, videoFiles, videoTasks } from "../../src/server/db/schema.js";
import { VideoUrlSigner } from "../../src/server/features/videos/video-files.js";
import { CLIPS_DIR } from "../../src/server/simulator/clips.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
const db = () => t.database.db;
const CLIP = fs.readFileSync(path.join(CLIPS_DIR, "sample-1-16x9-720p.mp4"));

beforeAll(async () => {
  t = await createVideoTestApp({ archiver: { retryScheduleMs: [0], maxAttempts: 3 } });
});
afterAll(() => t.close());

async function filesOf(taskRowId: string) {
  return db().select().from(videoFiles).where(eq(videoFiles.videoTaskId, taskRowId));
}

/** A user's finished 16:9 video with its 1080p version, both archived. */
async function archivedVideo() {
  const u = await userWithCredits(t.app, db(), 5);
  const res = await u.client.post("/api/generate-video", {
    prompt: "A lighthouse at dawn",
    model: "veo3_fast",
    aspectRatio: "16:9",
    imageUrls: [],
  });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
  await t.app.jobs.videoArchiver.runOnce();
  await t.app.liveEvents.settle();
  const row = await taskRow(db(), taskId);
  return { u, taskId, row };
}

async function newToken(u: Awaited<ReturnType<typeof userWithCredits>>): Promise<string> {
  const res = await u.client.post("/api/user-tokens", { name: "n8n" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string }>().token;
}

describe("archiving a finished video", () => {
  it("copies 720p and 1080p into our store; the task's URLs become ours and keep working after the provider's links die", async () => {
    const { u, taskId, row } = await archivedVideo();
    const files = await filesOf(row.id);
    expect(files.map((f) => [f.quality, f.status]).sort()).toEqual([
      ["1080p", "archived"],
      ["720p", "archived"],
    ]);
    for (const f of files) {
      expect(f.sizeBytes).toBeGreaterThan(1000);
      expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(row.resultUrls).toEqual([`/media/videos/${files.find((f) => f.quality === "720p")!.id}.mp4`]);
    expect(row.hdVideoUrl).toBe(`/media/videos/${files.find((f) => f.quality === "1080p")!.id}.mp4`);

    // The list the pages read gives our URLs.
    const list = await u.client.get("/api/video-tasks?page=1&limit=10");
    expect(
      list
        .json<{ tasks: { taskId: string; resultUrls: string[]; videoExpired: boolean }[] }>()
        .tasks.find((x) => x.taskId === taskId),
    ).toMatchObject({
      resultUrls: row.resultUrls,
      videoExpired: false,
    });

    t.sim.faults.expireLinks();
    try {
      const played = await u.client.get(row.resultUrls![0]!);
      expect(played.statusCode).toBe(200);
      expect(played.headers["content-type"]).toBe("video/mp4");
      expect(played.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
      expect((await u.client.get(row.hdVideoUrl!)).statusCode).toBe(200);

      // Downloads go to our copy, named.
      const download = await u.client.get(`/api/videos/${taskId}/download?quality=1080p`);
      expect(download.statusCode).toBe(302);
      const named = await u.client.get(download.headers.location as string);
      expect(named.statusCode).toBe(200);
      expect(named.headers["content-disposition"]).toMatch(/^attachment; filename="veo-veo3-fast-.{8}-1080p\.mp4"$/);
    } finally {
      t.sim.faults.expireLinks(false);
    }
  });

  it("serves byte ranges: a middle range, the last 500 bytes, and 416 for a range past the end", async () => {
    const { u, row } = await archivedVideo();
    const url = row.resultUrls![0]!;
    const size = (await u.client.get(url)).rawPayload.length;

    const middle = await t.app.inject({
      method: "GET",
      url,
      headers: { cookie: u.client.sessionCookie!, range: "bytes=100-199" },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 100-199/${size}`);
    expect(middle.rawPayload.length).toBe(100);

    const tail = await t.app.inject({
      method: "GET",
      url,
      headers: { cookie: u.client.sessionCookie!, range: "bytes=-500" },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(500);

    const past = await t.app.inject({
      method: "GET",
      url,
      headers: { cookie: u.client.sessionCookie!, range: `bytes=${size + 10}-` },
    });
    expect(past.statusCode).toBe(416);
  });

  it("is not public by guessing: another user gets 404, nobody 401; the owner's API token works", async () => {
    const { u, row } = await archivedVideo();
    const url = row.resultUrls![0]!;
    const stranger = await userWithCredits(t.app, db(), 0);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    const token = await newToken(u);
    expect((await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      200,
    );
    const strangerToken = await newToken(stranger);
    expect(
      (await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${strangerToken}` } })).statusCode,
    ).toBe(404);
  });

  it("the automation API gives signed absolute URLs that work without headers; tampered or expired ones are 403", async () => {
    const { u, taskId } = await archivedVideo();
    const token = await newToken(u);
    const status = await t.app.inject({
      method: "GET",
      url: `/api/n8n/video-status/${taskId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = status.json<{ videoUrl: string; hdVideoUrl: string }>();
    const signed = new URL(body.videoUrl);
    expect(signed.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(signed.pathname).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(Number(signed.searchParams.get("expires"))).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);

    const path = `${signed.pathname}${signed.search}`;
    expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(200);

    const tampered = new URL(signed);
    tampered.searchParams.set("expires", String(Number(signed.searchParams.get("expires")) + 3600));
    const forged = await t.app.inject({ method: "GET", url: `${tampered.pathname}${tampered.search}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<{ message: string }>().message).toMatch(/not valid/);

    const expired = new VideoUrlSigner(t.secretBox.derive("video-urls")).sign(
      signed.pathname,
      "",
      Math.floor(Date.now() / 1000) - 1,
    );
    const late = await t.app.inject({ method: "GET", url: expired });
    expect(late.statusCode).toBe(403);
    expect(late.json<{ message: string }>().message).toMatch(/expired/);
  });
});

describe("when copying goes wrong", () => {
  /** A source on this machine that the app trusts (KIE_BASE_URL), answering what each test scripts. */
  let source: http.Server;
  let sourceUrl: string;
  let answers: Array<{ status: number; type?: string; body?: Buffer }> = [];
  let trusted: VideoTestApp;

  beforeAll(async () => {
    source = http.createServer((_req, res) => {
      const next = answers.shift() ?? { status: 500 };
      res.writeHead(next.status, next.type ? { "content-type": next.type } : {});
      res.end(next.body ?? "");
    });
    await new Promise<void>((resolve) => source.listen(0, "127.0.0.1", resolve));
    sourceUrl = `http://127.0.0.1:${(source.address() as { port: number }).port}`;
    trusted = await createVideoTestApp({
      env: { KIE_BASE_URL: sourceUrl },
      archiver: { retryScheduleMs: [0], maxAttempts: 3 },
    });
  });
  afterAll(async () => {
    await trusted.close();
    await new Promise((resolve) => source.close(resolve));
  });

  /** A finished task whose 720p file is at `url`, queued by the database itself. */
  async function finishedTask(app: VideoTestApp, url: string) {
    const u = await userWithCredits(app.app, app.database.db, 0);
    const [row] = await app.database.db
      .insert(videoTasks)
      .values({
        userId: u.id,
        taskId: `arch_${crypto.randomUUID()}`,
        prompt: "p",
        model: "veo3_fast",
        aspectRatio: "9:16",
        status: "completed",
        resultUrls: [url],
      })
      .returning();
    return row!;
  }

  it("a failing copy is tried again and then succeeds", async () => {
    const row = await finishedTask(trusted, `${sourceUrl}/flaky.mp4`);
    answers = [{ status: 503 }, { status: 200, type: "video/mp4", body: CLIP }];
    await trusted.app.jobs.videoArchiver.runOnce();
    let [file] = await trusted.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(file).toMatchObject({ status: "pending", attempts: 1 });
    expect(file!.lastError).toMatch(/503/);
    await trusted.app.jobs.videoArchiver.runOnce();
    [file] = await trusted.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(file).toMatchObject({ status: "archived", sizeBytes: CLIP.length });
  });

  it("refuses what is not an MP4, and after the last try marks the file failed and alerts the admin", async () => {
    const row = await finishedTask(trusted, `${sourceUrl}/page.html`);
    answers = [
      { status: 200, type: "text/html", body: Buffer.from("<html>") },
      { status: 200, type: "video/mp4", body: Buffer.from("not a video at all") },
      { status: 200, type: "application/octet-stream", body: Buffer.from("GIF89a..........") },
    ];
    for (let i = 0; i < 3; i++) await trusted.app.jobs.videoArchiver.runOnce();
    const [file] = await trusted.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(file).toMatchObject({ status: "failed", attempts: 3 });
    expect(file!.lastError).toMatch(/not an MP4/);
    const alerts = await trusted.database.db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.kind, "archive_failed"));
    expect(alerts.some((a) => a.text.includes(row.taskId))).toBe(true);
    // The provider's link is still what the task shows.
    expect((await taskRow(trusted.database.db, row.taskId)).resultUrls).toEqual([`${sourceUrl}/page.html`]);
  });

  it("a link that died before the copy marks the video expired", async () => {
    const row = await finishedTask(trusted, `${sourceUrl}/gone.mp4`);
    answers = [{ status: 404 }];
    await trusted.app.jobs.videoArchiver.runOnce();
    const after = await taskRow(trusted.database.db, row.taskId);
    expect(after).toMatchObject({ videoExpired: true, resultUrls: [] });
    const [file] = await trusted.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(file!.status).toBe("expired");
  });

  it("never fetches from this machine's network unless the origin is trusted", async () => {
    // t does not trust sourceUrl's origin (its KIE_BASE_URL is the default).
    answers = [{ status: 200, type: "video/mp4", body: CLIP }];
    for (const url of [
      `${sourceUrl}/inside.mp4`,
      "http://10.1.2.3/x.mp4",
      "http://[::1]:9/x.mp4",
      "http://169.254.169.254/latest/meta-data",
    ]) {
      const row = await finishedTask(t, url);
      await t.app.jobs.videoArchiver.runOnce();
      const [file] = await db().select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
      expect(file!.status, url).toBe("pending");
      expect(file!.lastError, url).toMatch(/not a public internet address/);
    }
    expect(answers).toHaveLength(1);
  });

  it("a pass ends after its batches and when stopped, however many files keep failing", async () => {
    const app = await createVideoTestApp({
      database: trusted.database,
      env: { KIE_BASE_URL: sourceUrl },
      archiver: { retryScheduleMs: [0], maxAttempts: 1_000, batchSize: 3, maxBatchesPerPass: 2 },
    });
    try {
      for (let i = 0; i < 5; i++) await finishedTask(app, `${sourceUrl}/always-failing-${i}.mp4`);
      answers = [];
      // Every file fails and is due again at once: the pass still ends after 2 batches of 3.
      expect(await app.app.jobs.videoArchiver.runOnce()).toBe(6);
      await app.app.jobs.videoArchiver.stop();
      expect(await app.app.jobs.videoArchiver.runOnce()).toBe(0);
    } finally {
      await app.close();
      await trusted.database.db.update(videoFiles).set({ status: "failed" }).where(eq(videoFiles.status, "pending"));
    }
  });

  it("a copy cut off by a crash leaves no served file: another run copies it once the lease has passed", async () => {
    const row = await finishedTask(trusted, `${sourceUrl}/crash.mp4`);
    // A process claimed it and died mid-copy: its lease is over and its partial file is still there.
    await trusted.database.db
      .update(videoFiles)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(videoFiles.videoTaskId, row.id));
    const partials = path.join(trusted.config.dataDir, "videos", ".partial");
    fs.mkdirSync(partials, { recursive: true });
    const leftover = path.join(partials, "left-by-a-crash.partial");
    fs.writeFileSync(leftover, CLIP.subarray(0, 1000));
    const longAgo = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(leftover, longAgo, longAgo);
    answers = [{ status: 200, type: "video/mp4", body: CLIP }];
    await trusted.app.jobs.videoArchiver.runOnce();
    const [file] = await trusted.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(file).toMatchObject({ status: "archived", sizeBytes: CLIP.length });
    const dir = path.join(trusted.config.dataDir, "videos");
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".mp4"))).toContain(file!.blobName);
    expect(fs.readdirSync(partials)).toEqual([]);
  });
});
