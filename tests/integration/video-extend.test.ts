/**
 * Extending a video (issue 22, decision 0050): a new task linked to its parent, made with the
 * parent's key through KIE's extend, priced as its model plus the extension surcharge, playing the
 * full extended video; a video kept extendable holds its 1080p version until asked for; KIE's
 * refusal after 1080p is explained and refunded.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
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
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

type User = Awaited<ReturnType<typeof userWithCredits>>;

async function finished(u: User, body: Record<string, unknown>): Promise<string> {
  const res = await u.client.post("/api/generate-video", { model: "veo3_fast", ...body });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
  return taskId;
}

describe("a video kept extendable", () => {
  it("holds its 1080p version, extends into a new linked task that plays the full video, and gets 1080p when asked", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const parent = await finished(u, { prompt: "a knight walks to the castle gate", keepExtendable: true });
    expect((await taskRow(db(), parent)).hdStatus).toBe("held");
    // The worker leaves a held 1080p alone.
    await passSimulatorTime(t.sim, 500);
    await t.app.jobs.taskWorker.runOnce();
    expect(await taskRow(db(), parent)).toMatchObject({ hdStatus: "held", hdVideoUrl: null });
    const before = t.sim.stats.calls["get-1080p"];

    const res = await u.client.post(`/api/videos/${parent}/extend`, {
      prompt: "the gate opens and he rides in",
      keepExtendable: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditsUsed: 1, remainingCredits: 8 });
    const child = res.json<{ taskId: string }>().taskId;
    expect(await taskRow(db(), child)).toMatchObject({
      extendedFrom: parent,
      extendMethod: "native",
      joinStatus: "none",
      model: "veo3_fast",
      aspectRatio: "16:9",
      createdVia: "web",
    });
    await runWorkerUntil(t, async () => (await taskRow(db(), child)).status === "completed");
    const row = await taskRow(db(), child);
    // The full extended video, not only the new part.
    expect(row.resultUrls![0]).toMatch(/-720p-extended\.mp4$/);
    expect(row.hdStatus).toBe("held");
    expect(t.sim.stats.calls["get-1080p"]).toBe(before);
    const [listed] = (await u.client.get("/api/video-tasks?days=1")).json().tasks;
    expect(listed).toMatchObject({ taskId: child, extendedFrom: parent });

    // An extension of the extension, then 1080p for the last one.
    const again = await u.client.post(`/api/videos/${child}/extend`, { prompt: "the crowd cheers" });
    expect(again.statusCode, again.body).toBe(200);
    const last = again.json<{ taskId: string }>().taskId;
    await runWorkerUntil(t, async () => (await taskRow(db(), last)).hdStatus === "ready");
    expect((await taskRow(db(), last)).extendedFrom).toBe(child);

    // Asking for the held 1080p: KIE starts making it, the worker fetches it from then on, and the
    // video can no longer be extended.
    await passSimulatorTime(t.sim, 500);
    const hd = await u.client.post(`/api/force-update-hd/${child}`);
    expect(hd.json()).toMatchObject({
      success: false,
      message: "1080p video is still being processed. Please try again later.",
    });
    // Veo can no longer continue it: it is continued from its last frame instead (decision 0159).
    await t.app.jobs.videoArchiver.runOnce();
    const fromFrame = await u.client.post(`/api/videos/${child}/extend`, { prompt: "from its last frame" });
    expect(fromFrame.statusCode, fromFrame.body).toBe(200);
    expect(await taskRow(db(), fromFrame.json().taskId)).toMatchObject({
      extendMethod: "last_frame",
      joinStatus: "pending",
      extendedFrom: child,
    });
    // The worker's first check of a released 1080p is 10 real seconds away: make it due now.
    await db().update(videoTasks).set({ nextCheckAt: new Date() }).where(eq(videoTasks.taskId, child));
    await runWorkerUntil(t, async () => (await taskRow(db(), child)).hdStatus === "ready");
    expect((await taskRow(db(), child)).hdVideoUrl).toMatch(/1080p\.mp4$/);
    expect((await balanceOf(db(), u.id)).credits).toBe(6);
  });

  it("an extension costs the model's price plus the admin's extension surcharge", async () => {
    const admin = await signInAdmin(t);
    await admin.put("/api/admin/settings", { prices: { extend: { webCredits: 2 } } });
    try {
      const u = await userWithCredits(t.app, db(), 10);
      const parent = await finished(u, { prompt: "a paper boat", keepExtendable: true });
      expect((await u.client.post(`/api/videos/${parent}/extend`, { prompt: "it sails away" })).json()).toMatchObject({
        creditsUsed: 3,
      });
      expect((await balanceOf(db(), u.id)).credits).toBe(10 - 1 - 3);
    } finally {
      await admin.put("/api/admin/settings", { prices: { extend: { webCredits: 0 } } });
    }
  });
});

describe("what cannot be extended", () => {
  it("a video whose 1080p was made and whose file is still being saved is refused before any charge; another person's or an unfinished one too", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const other = await userWithCredits(t.app, db(), 10);
    const taskId = await finished(u, { prompt: "a normal video" });
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
    const res = await u.client.post(`/api/videos/${taskId}/extend`, { prompt: "more" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: "extend_file_saving" });
    expect((await other.client.post(`/api/videos/${taskId}/extend`, { prompt: "mine now" })).statusCode).toBe(404);
    const { taskId: running } = (
      await u.client.post("/api/generate-video", { prompt: "slow [sim:slow]", model: "veo3_fast" })
    ).json();
    expect((await u.client.post(`/api/videos/${running}/extend`, { prompt: "more" })).json().message).toBe(
      "Only a finished video can be extended.",
    );
    expect((await u.client.post(`/api/videos/${taskId}/extend`, { prompt: " " })).json().message).toBe(
      "Prompt is required",
    );
    expect((await balanceOf(db(), u.id)).credits).toBe(8);
  });

  it("KIE refusing anyway (its 1080p asked for elsewhere) before the file is kept is explained and refunded at once", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const parent = await finished(u, { prompt: "a river at dusk", keepExtendable: true });
    // Someone asked KIE for the 1080p version behind our back (another tool, the same account).
    await passSimulatorTime(t.sim, 500);
    await fetch(`${t.sim.baseUrl}/api/v1/veo/get-1080p-video?taskId=${encodeURIComponent(parent)}`, {
      headers: { authorization: "Bearer test-simulator-key" },
    });
    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "the sun sets" });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "This video cannot be extended after its 1080p version was made. Your 1 credit was refunded.",
    );
    expect((await balanceOf(db(), u.id)).credits).toBe(9);
  });

  it("one Idempotency-Key makes one extension", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const parent = await finished(u, { prompt: "a kite", keepExtendable: true });
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/api/videos/${parent}/extend`,
        headers: { cookie: u.client.sessionCookie!, ...u.client.webAppHeaders, "idempotency-key": "extend-once" },
        payload: { prompt: "it climbs" },
      });
    const [a, b] = [await send(), await send()];
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().taskId).toBe(a.json().taskId);
    expect((await balanceOf(db(), u.id)).credits).toBe(8);
  });
});
