/**
 * Extending any finished clip (issue 71, decision 0159): natively where KIE's Veo can continue the
 * video, else from the last frame of our kept copy (FFmpeg) as a new image-to-video video on a
 * model that takes a first frame, charged as its own task and refunded once on failure; the joiner
 * then puts both parts into one file (real simulator clips, real FFmpeg), served like any file of
 * ours and removed with the video. Another person's video is not found.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminSettings, transactions, uploads, users, videoFiles, videoTasks } from "../../src/server/db/schema.js";
import { bundledFfmpegPath } from "../../src/server/integrations/media/video-frame.js";
import { joinVideos, probeVideo } from "../../src/server/integrations/media/video-join.js";
import { CLIPS_DIR } from "../../src/server/simulator/clips.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

const FFMPEG = bundledFfmpegPath()!;
let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

type User = Awaited<ReturnType<typeof userWithCredits>>;
interface Options {
  method: "native" | "last_frame" | null;
  model: string | null;
  models: string[];
  credits: number;
  reason: string | null;
  reasonCode: string | null;
}

/** A finished video of `u`, its files kept (archived). */
async function finished(app: VideoTestApp, u: User, body: Record<string, unknown>): Promise<string> {
  const res = await u.client.post("/api/generate-video", { aspectRatio: "16:9", ...body });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(app, async () => (await taskRow(app.database.db, taskId)).status === "completed");
  await app.app.jobs.videoArchiver.runOnce();
  return taskId;
}

const optionsOf = async (u: User, taskId: string, query = "") => {
  const res = await u.client.get(`/api/videos/${taskId}/extend${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Options>();
};

/** The refund rows of a task. */
const refundsOf = async (taskRowId: string) =>
  db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.videoTaskId, taskRowId), eq(transactions.type, "refund")));

describe("which way a video is extended", () => {
  it("Veo continues a video whose 1080p was not made within 14 days; after 1080p, past the window, or on a Market model, from its last frame", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const held = await finished(t, u, { prompt: "a knight at a gate", model: "veo3_fast", keepExtendable: true });
    expect(await optionsOf(u, held)).toMatchObject({ method: "native", model: "veo3_fast", models: [], reason: null });

    // 1080p made: Veo cannot continue it; the last frame on Veo itself can.
    const hd = await finished(t, u, { prompt: "a boat on a lake", model: "veo3_fast" });
    await runWorkerUntil(t, async () => (await taskRow(db(), hd)).hdStatus === "ready");
    const afterHd = await optionsOf(u, hd);
    expect(afterHd).toMatchObject({ method: "last_frame", model: "veo3_fast", reason: null });
    expect(afterHd.models[0]).toBe("veo3_fast");
    // Every model offered that takes a first frame of this shape is a choice.
    expect(afterHd.models).toEqual(expect.arrayContaining(["veo3", "veo3_lite", "kling3", "seedance2", "wan26"]));

    // Past KIE's 14 days the record is gone: from the last frame.
    await db()
      .update(videoTasks)
      .set({ createdAt: new Date(Date.now() - 15 * 24 * 3600_000) })
      .where(eq(videoTasks.taskId, held));
    expect(await optionsOf(u, held)).toMatchObject({ method: "last_frame", model: "veo3_fast" });

    // A Market video: its own model, priced as its video (plus the surcharge, 0 here).
    const kling = await finished(t, u, { prompt: "a fox in snow", model: "kling26", durationSeconds: 5 });
    const opts = await optionsOf(u, kling);
    expect(opts).toMatchObject({ method: "last_frame", model: "kling26" });
    const price = (await taskRow(db(), kling)).creditsUsed;
    expect(opts.credits).toBe(price);
    // Another model asked for: its price, and a model that cannot take this shape is refused in words.
    expect((await optionsOf(u, kling, "?model=veo3_lite")).model).toBe("veo3_lite");
    const portrait = await finished(t, u, { prompt: "a tall tower", model: "veo3_lite", aspectRatio: "9:16" });
    const wrong = await u.client.get(`/api/videos/${portrait}/extend?model=wan26`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ reason: "model_unavailable" });
    expect(wrong.json().message).toMatch(/^Wan 2\.6 cannot continue this video from its last frame\. Choose one of: /);
  });

  it("Gemini Omni Flash, kept inline, continues from its last frame on Omni itself, joined into one", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const parent = await finished(t, u, { prompt: "a kite over dunes", model: "omni_flash", durationSeconds: 4 });
    // Kept in our store as it finished (decision 0176): the last frame is taken from our copy.
    expect((await taskRow(db(), parent)).resultUrls?.[0]).toMatch(/^\/media\/videos\//);
    const opts = await optionsOf(u, parent);
    expect(opts).toMatchObject({ method: "last_frame", model: "omni_flash", reason: null });
    expect(opts.credits).toBe((await taskRow(db(), parent)).creditsUsed);

    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "the kite climbs into the clouds" });
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json<{ taskId: string }>().taskId;
    expect(await taskRow(db(), child)).toMatchObject({
      extendedFrom: parent,
      extendMethod: "last_frame",
      model: "omni_flash",
      mode: "image",
      durationSeconds: 4,
    });
    await runWorkerUntil(t, async () => (await taskRow(db(), child)).status === "completed");
    expect(await t.app.jobs.videoJoiner.runOnce()).toBe(1);
    const joined = await taskRow(db(), child);
    expect(joined).toMatchObject({ joinStatus: "ready", joinedVideoUrl: `/media/videos/${joined.id}.mp4` });
    expect((await u.client.get(joined.joinedVideoUrl!)).statusCode).toBe(200);
  }, 90_000);

  it("a video whose file is gone, or a server without FFmpeg, says why in one sentence; nobody else's video is found", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    const other = await userWithCredits(t.app, db(), 50);
    const taskId = await finished(t, u, { prompt: "a kite over a field", model: "veo3_fast" });
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
    expect((await other.client.get(`/api/videos/${taskId}/extend`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/videos/${taskId}/extend`, { prompt: "mine now" })).statusCode).toBe(404);

    await db().update(videoTasks).set({ videoExpired: true }).where(eq(videoTasks.taskId, taskId));
    expect(await optionsOf(u, taskId)).toEqual({
      method: null,
      model: null,
      models: [],
      credits: 0,
      reason: "This video cannot be extended: its file is no longer kept (it expired at the provider or was removed).",
      reasonCode: "extend_file_gone",
    });
    const refused = await u.client.post(`/api/videos/${taskId}/extend`, { prompt: "more" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: "extend_file_gone" });
    expect((await balanceOf(db(), u.id)).credits).toBe(49);
  });

  it("without FFmpeg only Veo's own extension is offered", async () => {
    const bare = await createVideoTestApp({ sim: t.sim, joiner: { ffmpegPath: undefined } });
    try {
      const u = await userWithCredits(bare.app, bare.database.db, 500);
      const kling = await finished(bare, u, { prompt: "a fox in snow", model: "kling26", durationSeconds: 5 });
      const res = await u.client.get(`/api/videos/${kling}/extend`);
      expect(res.json()).toMatchObject({ method: null, reasonCode: "extend_unavailable" });
      const held = await finished(bare, u, { prompt: "a heron", model: "veo3_fast", keepExtendable: true });
      expect((await u.client.get(`/api/videos/${held}/extend`)).json()).toMatchObject({ method: "native" });
      await expectLedgerBalanced(bare.database.db);
    } finally {
      await bare.close();
    }
  });
});

describe("an extension from the last frame", () => {
  it("is a new image-to-video task from the parent's last frame, charged once; the joiner makes one longer video with sound, served to its owner only and removed with it", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const other = await userWithCredits(t.app, db(), 5);
    const parent = await finished(t, u, { prompt: "a fox in snow", model: "kling26", durationSeconds: 5 });
    const price = (await optionsOf(u, parent)).credits;
    const before = (await balanceOf(db(), u.id)).credits;

    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "the fox runs into the forest" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditsUsed: price, remainingCredits: before - price });
    const child = res.json<{ taskId: string }>().taskId;
    const row = await taskRow(db(), child);
    expect(row).toMatchObject({
      extendedFrom: parent,
      extendMethod: "last_frame",
      joinStatus: "pending",
      model: "kling26",
      mode: "image",
      aspectRatio: "16:9",
      createdVia: "web",
    });
    // The frame is kept as the person's image, used by the new task (so it is not swept).
    const frameName = row.imageUrls![0]!.split("/uploads/")[1]!;
    const [frame] = await db().select().from(uploads).where(eq(uploads.name, frameName));
    expect(frame).toMatchObject({ userId: u.id });
    expect(frame!.referencedAt).not.toBeNull();

    await runWorkerUntil(t, async () => (await taskRow(db(), child)).status === "completed");
    // Not joined before its own file is kept.
    expect(await t.app.jobs.videoJoiner.runOnce()).toBe(0);
    await t.app.jobs.videoArchiver.runOnce();
    // Two passes at once (two processes would do the same): the task's lease lets one of them join it.
    const passes = await Promise.all([t.app.jobs.videoJoiner.runOnce(), t.app.jobs.videoJoiner.runOnce()]);
    expect(passes.sort()).toEqual([0, 1]);
    const joined = await taskRow(db(), child);
    expect(joined).toMatchObject({ joinStatus: "ready", joinedVideoUrl: `/media/videos/${joined.id}.mp4` });
    // Joined once: a second pass finds nothing.
    expect(await t.app.jobs.videoJoiner.runOnce()).toBe(0);

    // The task view shows it; the owner plays it, nobody else does.
    const listed = (await u.client.get("/api/video-tasks?days=1"))
      .json()
      .tasks.find((x: { taskId: string }) => x.taskId === child);
    expect(listed).toMatchObject({
      extendMethod: "last_frame",
      joinStatus: "ready",
      joinedVideoUrl: joined.joinedVideoUrl,
    });
    const file = await u.client.get(joined.joinedVideoUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("video/mp4");
    expect((await other.client.get(joined.joinedVideoUrl!)).statusCode).toBe(404);
    // Downloaded as one named file.
    const named = await u.client.get(`${joined.joinedVideoUrl}?download=1`);
    expect(named.headers["content-disposition"]).toMatch(/^attachment; filename="veo-kling26-.+-joined\.mp4"$/);

    // Longer than either part, with sound.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "joined-"));
    const out = path.join(dir, "joined.mp4");
    fs.writeFileSync(out, file.rawPayload);
    const whole = await probeVideo(FFMPEG, out);
    const part = await probeVideo(FFMPEG, path.join(CLIPS_DIR, "sample-1-16x9-720p.mp4"));
    expect(whole.durationSeconds).toBeGreaterThan(part.durationSeconds + 1);
    expect(whole.hasAudio).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });

    // An extension of the extension starts from the joined video (the whole story so far).
    const again = await optionsOf(u, child);
    expect(again).toMatchObject({ method: "last_frame", model: "kling26" });

    // Deleted by its owner: the joined file goes with it.
    const blob = path.join(t.config.dataDir, "videos", `${joined.id}.joined.mp4`);
    expect(fs.existsSync(blob)).toBe(true);
    expect((await u.client.delete(`/api/videos/${child}`)).statusCode).toBe(200);
    expect(fs.existsSync(blob)).toBe(false);
    expect((await taskRow(db(), child)).joinedVideoUrl).toBeNull();
  }, 90_000);

  it("whose join fails says so, and its new part alone still plays", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const parent = await finished(t, u, { prompt: "a glass of water", model: "kling26", durationSeconds: 5 });
    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "it tips over" });
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json<{ taskId: string }>().taskId;
    await runWorkerUntil(t, async () => (await taskRow(db(), child)).status === "completed");
    await t.app.jobs.videoArchiver.runOnce();
    // The parent's kept file is damaged on disk: FFmpeg cannot read it.
    const [kept] = await db()
      .select({ blobName: videoFiles.blobName })
      .from(videoFiles)
      .where(and(eq(videoFiles.videoTaskId, (await taskRow(db(), parent)).id), eq(videoFiles.quality, "720p")));
    fs.writeFileSync(path.join(t.config.dataDir, "videos", kept!.blobName!), "not a video");
    expect(await t.app.jobs.videoJoiner.runOnce()).toBe(1);
    const row = await taskRow(db(), child);
    expect(row).toMatchObject({ joinStatus: "failed", joinedVideoUrl: null, leaseUntil: null });
    expect((await u.client.get(row.resultUrls![0]!)).statusCode).toBe(200);
    expect(await t.app.jobs.videoJoiner.runOnce()).toBe(0);
  });

  it("refused before any charge (too few credits) keeps no frame", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const parent = await finished(t, u, { prompt: "a tin robot", model: "kling26", durationSeconds: 5 });
    await db().update(users).set({ credits: 0 }).where(eq(users.id, u.id));
    await db()
      .insert(transactions)
      .values({
        userId: u.id,
        type: "adjustment",
        amount: -(await balanceOf(db(), u.id)).ledger,
        description: "test: spent",
      });
    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "it walks away" });
    expect(res.statusCode).toBe(402);
    expect(await db().select().from(uploads).where(eq(uploads.userId, u.id))).toEqual([]);
    expect(await db().select().from(videoTasks).where(eq(videoTasks.extendedFrom, parent))).toEqual([]);
  });

  it("that fails is refunded exactly once and never joined", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const parent = await finished(t, u, { prompt: "a red balloon", model: "kling26", durationSeconds: 5 });
    const before = (await balanceOf(db(), u.id)).credits;
    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "it pops [sim:fail]" });
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json<{ taskId: string }>().taskId;
    expect((await balanceOf(db(), u.id)).credits).toBeLessThan(before);
    await runWorkerUntil(t, async () => (await taskRow(db(), child)).status === "failed");
    // More passes and the joiner change nothing.
    await t.app.jobs.taskWorker.runOnce();
    await t.app.jobs.videoJoiner.runOnce();
    const row = await taskRow(db(), child);
    expect(row).toMatchObject({ status: "failed", refunded: true, joinStatus: "none", extendMethod: "last_frame" });
    expect(await refundsOf(row.id)).toHaveLength(1);
    expect((await balanceOf(db(), u.id)).credits).toBe(before);
  });

  it("two extensions of one parent with one Idempotency-Key at the same time make one task and one charge", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const parent = await finished(t, u, { prompt: "a paper plane", model: "kling26", durationSeconds: 5 });
    const price = (await optionsOf(u, parent)).credits;
    const before = (await balanceOf(db(), u.id)).credits;
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/api/videos/${parent}/extend`,
        headers: { cookie: u.client.sessionCookie!, ...u.client.webAppHeaders, "idempotency-key": "extend-race" },
        payload: { prompt: "it glides over the roofs" },
      });
    const [a, b] = await Promise.all([send(), send()]);
    const answers = [a, b].filter((r) => r.statusCode === 200);
    expect(answers.length, `${a.statusCode} ${a.body} / ${b.statusCode} ${b.body}`).toBeGreaterThanOrEqual(1);
    // The second either waited for the first and replays it, or was told to try again (409).
    for (const r of [a, b]) expect([200, 409]).toContain(r.statusCode);
    expect(new Set(answers.map((r) => r.json().taskId)).size).toBe(1);
    const children = await db().select().from(videoTasks).where(eq(videoTasks.extendedFrom, parent));
    expect(children).toHaveLength(1);
    expect((await balanceOf(db(), u.id)).credits).toBe(before - price);
  });

  it("is what happens when KIE refuses Veo's own extension for having made 1080p: that charge is back, the extension goes on from the last frame", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    const parent = await finished(t, u, { prompt: "a river at dusk", model: "veo3_fast", keepExtendable: true });
    // Someone asked KIE for the 1080p version behind our back (another tool, the same account).
    await passSimulatorTime(t.sim, 500);
    await fetch(`${t.sim.baseUrl}/api/v1/veo/get-1080p-video?taskId=${encodeURIComponent(parent)}`, {
      headers: { authorization: "Bearer test-simulator-key" },
    });
    expect((await optionsOf(u, parent)).method).toBe("native");
    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "the sun sets", keepExtendable: true });
    expect(res.statusCode, res.body).toBe(200);
    const child = await taskRow(db(), res.json<{ taskId: string }>().taskId);
    // Nothing to hold for Veo: a last-frame extension's own record is only its new part.
    expect(child).toMatchObject({
      extendMethod: "last_frame",
      joinStatus: "pending",
      mode: "image",
      model: "veo3_fast",
      keepExtendable: false,
    });
    // The refused native try: failed, refunded once.
    const tries = await db().select().from(videoTasks).where(eq(videoTasks.extendedFrom, parent));
    const refused = tries.find((x) => x.id !== child.id)!;
    expect(refused).toMatchObject({ status: "failed", refunded: true, extendMethod: "native" });
    expect(await refundsOf(refused.id)).toHaveLength(1);
    expect((await balanceOf(db(), u.id)).credits).toBe(50 - 1 - 1);
  });
});

describe("the automation API", () => {
  it("extends the same way, says how, and gives the joined video signed once ready; another account's video is not found", async () => {
    const u = await userWithCredits(t.app, db(), 500);
    const other = await userWithCredits(t.app, db(), 5);
    const token = (await u.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
    const otherToken = (await other.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
    const api = (bearer: string, method: "GET" | "POST", url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, payload: payload as object });
    const parent = await finished(t, u, { prompt: "a lantern in fog", model: "kling26", durationSeconds: 5 });

    expect((await api(otherToken, "POST", `/api/n8n/videos/${parent}/extend`, { prompt: "mine" })).statusCode).toBe(
      404,
    );
    // The API's prices, not the website's (an API price above the web one shows which was charged).
    await db()
      .update(adminSettings)
      .set({ prices: { "kling26:720p+sound": { web: 1, api: 3 }, extend: { web: 0, api: 2 } } });
    const before = (await balanceOf(db(), u.id)).credits;
    const res = await api(token, "POST", `/api/n8n/videos/${parent}/extend`, { prompt: "the fog lifts" });
    expect(res.statusCode, res.body).toBe(200);
    const child = res.json<{ success: boolean; taskId: string }>().taskId;
    expect(before - (await balanceOf(db(), u.id)).credits).toBe(3 * 5 + 2);
    await db().update(adminSettings).set({ prices: {} });
    expect(await taskRow(db(), child)).toMatchObject({ extendMethod: "last_frame", createdVia: "api" });

    await runWorkerUntil(t, async () => (await taskRow(db(), child)).status === "completed");
    await t.app.jobs.videoArchiver.runOnce();
    const pending = (await api(token, "GET", `/api/n8n/video-status/${child}`)).json();
    expect(pending).toMatchObject({ status: "completed", extendMethod: "last_frame", joinedVideoUrl: null });
    await t.app.jobs.videoJoiner.runOnce();
    const ready = (await api(token, "GET", `/api/n8n/video-status/${child}`)).json();
    const { id } = await taskRow(db(), child);
    expect(ready.joinedVideoUrl).toMatch(new RegExp(`/media/videos/${id}\\.mp4\\?expires=\\d+&signature=`));
    // The signed link plays without a session.
    const signed = new URL(ready.joinedVideoUrl);
    expect((await t.app.inject({ method: "GET", url: signed.pathname + signed.search })).statusCode).toBe(200);
  }, 90_000);
});

describe("the joiner's FFmpeg", () => {
  it("gives a part without sound silence, so the joined file has an audio track", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "join-silent-"));
    try {
      const silent = path.join(dir, "silent.mp4");
      execFileSync(FFMPEG, [
        ...["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CLIPS_DIR, "sample-2-9x16-720p.mp4")],
        ...["-an", "-c:v", "copy", silent],
      ]);
      expect((await probeVideo(FFMPEG, silent)).hasAudio).toBe(false);
      const out = path.join(dir, "joined.mp4");
      // A portrait part first, a landscape part second: the second's frame wins.
      const facts = await joinVideos(FFMPEG, silent, path.join(CLIPS_DIR, "sample-3-16x9-720p.mp4"), out);
      expect(facts).toMatchObject({ width: 1280, height: 720, hasAudio: true });
      const a = await probeVideo(FFMPEG, silent);
      expect(facts.durationSeconds).toBeGreaterThan(a.durationSeconds + 1);
      // Both silent: still a track.
      const both = await joinVideos(FFMPEG, silent, silent, path.join(dir, "both.mp4"));
      expect(both.hasAudio).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
