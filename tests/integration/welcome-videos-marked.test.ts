/**
 * Videos paid with welcome credits (issue 70, decision 0155): while the admin marks them, a video
 * whose charge drew on a welcome lot is sent to KIE with the site's name as its watermark (the
 * person's own text gives way) and stays 720p: no 1080p fetch, no 4K (with the video or later),
 * and a model without a watermark is refused for them, all before anything is charged. A video
 * they cannot pay for is paid with the person's other credits when those cover it. Off, nothing
 * changes.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { creditLotDraws, creditLots, transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { BRAND } from "../../src/shared/brand.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  allowInFlight,
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

const DAY = 24 * 60 * 60 * 1000;
let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t?.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await expectLedgerBalanced(db());
});

/** The admin's switch, through the Sign-ups section's route. */
async function marking(on: boolean) {
  const res = await admin.put("/api/admin/settings/sign-ups", { welcomeVideosWatermarked: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings.welcomeVideosWatermarked).toBe(on);
}
beforeEach(() => marking(false));

type User = Awaited<ReturnType<typeof userWithCredits>>;

/** A person holding `welcome` welcome credits (a lot that expires in 14 days) and `other` that never expire. */
async function person({ welcome, other = 0 }: { welcome: number; other?: number }): Promise<User> {
  const u = await userWithCredits(t.app, db(), other);
  await allowInFlight(db(), u.id);
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${welcome}` })
      .where(eq(users.id, u.id));
    await tx.insert(transactions).values({
      userId: u.id,
      type: "welcome",
      amount: welcome,
      description: "Welcome credits",
      expiresAt: new Date(Date.now() + 14 * DAY),
    });
  });
  return u;
}

/** The bodies our KIE client sent to the simulator's generate endpoints from now on. */
function vendorBodies() {
  const bodies: Record<string, unknown>[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (/\/api\/v1\/(veo\/generate|veo\/extend|jobs\/createTask)$/.test(url) && typeof init?.body === "string")
      bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    return real(input, init);
  });
  return bodies;
}

/** Which kinds of lot the usage rows of a task drew on, and how much from each. */
async function drawnKinds(taskId: string) {
  const row = await taskRow(db(), taskId);
  return db()
    .select({ kind: creditLots.kind, amount: creditLotDraws.amount })
    .from(creditLotDraws)
    .innerJoin(transactions, eq(transactions.id, creditLotDraws.transactionId))
    .innerJoin(creditLots, eq(creditLots.id, creditLotDraws.lotId))
    .where(and(eq(transactions.videoTaskId, row.id), eq(transactions.type, "usage")))
    .orderBy(creditLots.kind, creditLotDraws.amount);
}

const welcomeLeft = async (userId: string) =>
  (
    await db()
      .select({ remaining: creditLots.remaining })
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), eq(creditLots.kind, "welcome")))
  )[0]!.remaining;

const tasksOf = (userId: string) => db().select().from(videoTasks).where(eq(videoTasks.userId, userId));

const priceOf = async (model: string): Promise<number> => {
  const pricing = (await admin.get("/api/pricing/current")).json<{
    models: { model: string; web_credits: number }[];
  }>();
  return pricing.models.find((m) => m.model === model)!.web_credits;
};

describe("with the setting off", () => {
  it("a welcome-paid video is made as asked: the person's watermark, its 1080p file, any model", async () => {
    const u = await person({ welcome: 500 });
    const sent = vendorBodies();
    const res = await u.client.post("/api/generate-video", { prompt: "a fox", model: "veo3_fast", watermark: "mine" });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json<{ taskId: string }>();
    expect(sent.at(-1)).toMatchObject({ watermark: "mine" });
    expect(await taskRow(db(), taskId)).toMatchObject({ welcomeMarked: false, watermark: "mine" });
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");

    const kling = await u.client.post("/api/generate-video", { prompt: "a fox", model: "kling3", resolution: "1080p" });
    expect(kling.statusCode, kling.body).toBe(200);
    expect(await drawnKinds(kling.json().taskId)).toEqual([{ kind: "welcome", amount: expect.any(Number) }]);
    expect((await admin.get("/api/pricing/current")).json().welcome_videos_marked).toBe(false);
  });
});

describe("with the setting on", () => {
  beforeEach(() => marking(true));

  it("says so on the public prices", async () => {
    expect((await admin.get("/api/pricing/current")).json().welcome_videos_marked).toBe(true);
  });

  it("sends a welcome-paid 720p video with the site's watermark, records it, and fetches no 1080p", async () => {
    const u = await person({ welcome: 5 });
    const sent = vendorBodies();
    const res = await u.client.post("/api/generate-video", {
      prompt: "a heron",
      model: "veo3_fast",
      watermark: "mine",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json<{ taskId: string }>();
    // Ours wins over the person's own text.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ watermark: BRAND, model: "veo3_fast" });
    expect(await taskRow(db(), taskId)).toMatchObject({ welcomeMarked: true, watermark: BRAND });
    expect(await drawnKinds(taskId)).toEqual([{ kind: "welcome", amount: 1 }]);

    const hdCalls = t.sim.stats.calls["get-1080p"];
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    // A few more passes: nothing is due for it.
    for (let i = 0; i < 3; i++) await t.app.jobs.taskWorker.runOnce();
    expect(await taskRow(db(), taskId)).toMatchObject({ hdStatus: "none", hdVideoUrl: null });
    expect(t.sim.stats.calls["get-1080p"]).toBe(hdCalls);

    const [listed] = (await u.client.get("/api/video-tasks?days=1")).json().tasks;
    expect(listed).toMatchObject({ taskId, welcomeMarked: true, watermark: BRAND });
    expect((await u.client.get(`/api/hd-video/${taskId}`)).json()).toMatchObject({
      success: false,
      message: "This video was paid with welcome credits: it stays 720p",
    });

    // Asking for its 1080p or 4K version later is refused, and charges nothing.
    const before = await balanceOf(db(), u.id);
    const hd = await u.client.post(`/api/force-update-hd/${taskId}`);
    expect(hd.statusCode, hd.body).toBe(409);
    expect(hd.json()).toMatchObject({ code: "conflict", reason: "welcome_video_720p" });
    const uhd = await u.client.post(`/api/videos/${taskId}/upgrade-4k`);
    expect(uhd.statusCode, uhd.body).toBe(409);
    expect(uhd.json()).toMatchObject({ reason: "welcome_video_720p" });
    expect(uhd.json().message).toContain("Buy credits");
    expect(await balanceOf(db(), u.id)).toEqual(before);
    expect((await taskRow(db(), taskId)).uhdStatus).toBe("none");
  });

  it("extends a marked video as a marked video: our watermark through KIE's extend, no 1080p", async () => {
    const u = await person({ welcome: 20 });
    const made = await u.client.post("/api/generate-video", { prompt: "a heron", model: "veo3_fast" });
    const parent = made.json<{ taskId: string }>().taskId;
    await runWorkerUntil(t, async () => (await taskRow(db(), parent)).status === "completed");
    const sent = vendorBodies();
    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "it flies off", watermark: "mine" });
    expect(res.statusCode, res.body).toBe(200);
    expect(sent).toEqual([expect.objectContaining({ taskId: parent, watermark: BRAND })]);
    const { taskId } = res.json<{ taskId: string }>();
    expect(await taskRow(db(), taskId)).toMatchObject({ welcomeMarked: true, extendedFrom: parent });
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    expect((await taskRow(db(), taskId)).hdStatus).toBe("none");
  });

  it("refuses 4K with a video paid with welcome credits, charging nothing", async () => {
    const u = await person({ welcome: 10 });
    const res = await u.client.post("/api/generate-video", { prompt: "a heron", model: "veo3_fast", upgrade4k: true });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: "conflict", reason: "welcome_credits_720p" });
    expect(res.json().message).toMatch(/720p.*Buy credits/);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 10, ledger: 10 });
    expect(await welcomeLeft(u.id)).toBe(10);
    expect(await tasksOf(u.id)).toEqual([]);
  });

  it("refuses a model without a watermark, naming the ones that can, charging nothing", async () => {
    const u = await person({ welcome: 1000 });
    for (const body of [
      { prompt: "a heron", model: "kling3" },
      { prompt: "a heron", model: "kling3", resolution: "1080p" },
    ]) {
      const res = await u.client.post("/api/generate-video", body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        reason: "welcome_credits_model",
        params: { model: "Kling 3.0", models: "Veo3 (Quality), Veo3 Fast, Veo3 Lite" },
      });
    }
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 1000, ledger: 1000 });
    expect(await tasksOf(u.id)).toEqual([]);
  });

  it("spends welcome credits first on a 720p Veo video (soonest expiry), and other credits on what they cannot pay", async () => {
    const kling = await priceOf("kling3");
    const u = await person({ welcome: 3, other: kling + 5 });
    const sent = vendorBodies();

    // Welcome credits expire first, so they pay for the Veo video: it is marked.
    const veo = await u.client.post("/api/generate-video", { prompt: "a heron", model: "veo3_fast" });
    expect(veo.statusCode, veo.body).toBe(200);
    expect(await drawnKinds(veo.json().taskId)).toEqual([{ kind: "welcome", amount: 1 }]);
    expect((await taskRow(db(), veo.json().taskId)).welcomeMarked).toBe(true);
    expect(sent.at(-1)).toMatchObject({ watermark: BRAND });

    // Kling and a Veo video with 4K cannot be marked: the other credits pay, the welcome ones wait.
    const k = await u.client.post("/api/generate-video", { prompt: "a heron", model: "kling3" });
    expect(k.statusCode, k.body).toBe(200);
    expect(await drawnKinds(k.json().taskId)).toEqual([{ kind: "adjustment", amount: kling }]);
    expect((await taskRow(db(), k.json().taskId)).welcomeMarked).toBe(false);
    expect(sent.at(-1)).not.toHaveProperty("input.watermark");
    expect(await welcomeLeft(u.id)).toBe(2);

    const uhd = await u.client.post("/api/generate-video", { prompt: "a heron", model: "veo3_fast", upgrade4k: true });
    expect(uhd.statusCode, uhd.body).toBe(200);
    expect(await drawnKinds(uhd.json().taskId)).toEqual([
      { kind: "adjustment", amount: 1 },
      { kind: "adjustment", amount: 2 },
    ]);
    expect(await taskRow(db(), uhd.json().taskId)).toMatchObject({ welcomeMarked: false, watermark: null });
    expect(await welcomeLeft(u.id)).toBe(2);
    expect((await balanceOf(db(), u.id)).credits).toBe(3 + kling + 5 - 1 - kling - 3);
  });

  it("refuses what the other credits cannot cover without welcome credits, charging nothing", async () => {
    const u = await person({ welcome: 5, other: 1 });
    // 1 + 2 for a Veo video with 4K: 1 other credit is not enough, and welcome credits do not pay for 4K.
    const res = await u.client.post("/api/generate-video", { prompt: "a heron", model: "veo3_fast", upgrade4k: true });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().reason).toBe("welcome_credits_720p");
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 6, ledger: 6 });
    expect(await welcomeLeft(u.id)).toBe(5);
    expect(await tasksOf(u.id)).toEqual([]);
  });

  it("refuses a later 4K upgrade welcome credits would pay for, and lets other credits pay for it", async () => {
    // A video made before the admin turned marking on: not marked.
    await marking(false);
    const u = await person({ welcome: 5 });
    const res = await u.client.post("/api/generate-video", { prompt: "a heron", model: "veo3_fast" });
    const { taskId } = res.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    await marking(true);

    const refused = await u.client.post(`/api/videos/${taskId}/upgrade-4k`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().reason).toBe("welcome_credits_720p");
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 4, ledger: 4 });
    expect((await taskRow(db(), taskId)).uhdStatus).toBe("none");

    // With credits of another kind, those pay for it.
    await db().transaction(async (tx) => {
      await tx
        .update(users)
        .set({ credits: sql`${users.credits} + 2` })
        .where(eq(users.id, u.id));
      await tx
        .insert(transactions)
        .values({ userId: u.id, type: "adjustment", amount: 2, description: "test credits" });
    });
    const paid = await u.client.post(`/api/videos/${taskId}/upgrade-4k`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await welcomeLeft(u.id)).toBe(4);
  });
});
