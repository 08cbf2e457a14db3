/**
 * A video Google made while KIE was down (issue 74 §2, decision 0175) is copied into our store as
 * every KIE video is, the copy asking Google with the task's own key (only Google's API host sees
 * it), and it keeps playing after Google's file has expired. The task names its vendor.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendorAccounts, videoFiles } from "../../src/server/db/schema.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import {
  createVideoTestApp,
  passSimulatorTime,
  runWorkerUntil,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

let sim: StartedSimulator;
let t: VideoTestApp;
beforeAll(async () => {
  sim = await startSimulator();
  t = await createVideoTestApp({
    sim,
    archiver: { retryScheduleMs: [0], maxAttempts: 3 },
    env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, GEMINI_BASE_URL: `${sim.baseUrl}/v1beta` },
  });
  for (const [name, vendor, token] of [
    ["kie", "kie", "kie-key-kept"],
    ["google", "google", "gemini-key-kept"],
  ] as const)
    await t.database.db.insert(vendorAccounts).values({
      name,
      vendor,
      tokenEncrypted: t.secretBox.encrypt(token),
      tokenHash: sha256Hex(token),
      totalCredits: 100_000,
    });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe("a video Google made", () => {
  it("is archived and still served after Google's file expired", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const res = await u.client.post("/api/generate-video", { prompt: "a harbour [sim:code-455]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const row = await taskRow(t.database.db, taskId);
    expect(row.vendor).toBe("google");

    // The vendor is named: in the task view and the automation API's status.
    const listed = await u.client.get("/api/video-tasks?page=1&limit=10");
    expect(listed.json<{ tasks: { taskId: string; vendor?: string }[] }>().tasks).toContainEqual(
      expect.objectContaining({ taskId, vendor: "google" }),
    );
    const token = (await u.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
    const status = await t.app.inject({
      method: "GET",
      url: `/api/n8n/video-status/${encodeURIComponent(taskId)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ status: "completed", vendor: "google" });
    // The archiver comes to it after the link Google redirected to has lapsed (the file still lives).
    const stale = row.resultUrls![0]!;
    await passSimulatorTime(sim, 15 * 60_000);
    expect((await fetch(stale)).status).toBe(403);
    const downloads = sim.stats.calls["gemini-download"];
    await t.app.jobs.videoArchiver.runOnce();
    const [file] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(file).toMatchObject({ quality: "720p", status: "archived", lastError: null });
    // A fresh link was asked for with the task's key, which never went to the file's host.
    expect(sim.stats.calls["gemini-download"] - downloads).toBe(1);
    expect(sim.stats.geminiKeyedFileFetches).toBe(0);

    // Google's file is gone two days later; ours plays.
    await passSimulatorTime(sim, 3 * 24 * 3600_000);
    const kept = await taskRow(t.database.db, taskId);
    expect(kept.resultUrls).toEqual([`/media/videos/${file!.id}.mp4`]);
    expect(kept.videoExpired).toBe(false);
    const played = await u.client.get(kept.resultUrls![0]!);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.toString("latin1", 4, 8)).toBe("ftyp");
  });
});
