/**
 * Drafts and "Make it final" (issue 74 §3, decision 0178): `draft: true` makes the draft (Veo on
 * Veo Lite, Seedance at 480p) at the draft's price, recording what its final is and a seed for
 * it; POST /api/videos/{taskId}/final re-runs a finished draft through the normal generation path,
 * the same prompt, seed and images on the final's model and resolution, charged as a new video.
 */
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { transactions, videoTasks } from "../../src/server/db/schema.js";
import { VEO_SEED } from "../../src/shared/catalogue.js";
import { resolvePrices, webCost, apiCost } from "../../src/shared/prices.js";
import { startImageHost } from "../helpers/image-host.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
const host = await startImageHost();
const db = () => t.database.db;
/** The Veo prices this file sets (the migrated settings may hold others): Lite below Fast below Quality. */
const VEO_PRICES = {
  veo3_lite: { web: 3, api: 6 },
  veo3_fast: { web: 5, api: 10 },
  veo3: { web: 18, api: 36 },
};
const PRICES = resolvePrices(VEO_PRICES);

beforeAll(async () => {
  t = await createVideoTestApp();
  const admin = await signInAdmin(t);
  const patch = Object.fromEntries(
    Object.entries(VEO_PRICES).map(([item, p]) => [item, { webCredits: p.web, apiPrice: p.api }]),
  );
  const res = await admin.put("/api/admin/settings", { prices: patch });
  expect(res.statusCode, res.body).toBe(200);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await host.close();
});

type User = Awaited<ReturnType<typeof userWithCredits>>;

async function finished(taskId: string): Promise<void> {
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
}

async function draftOf(u: User, body: Record<string, unknown>): Promise<string> {
  const res = await u.client.post("/api/generate-video", { draft: true, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ taskId: string }>().taskId;
}

function makeFinal(u: User, taskId: string, key?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url: `/api/videos/${taskId}/final`,
    remoteAddress: u.client.remoteAddress,
    headers: {
      cookie: u.client.sessionCookie!,
      ...u.client.webAppHeaders,
      ...(key === undefined ? {} : { "idempotency-key": key }),
    },
    payload: {},
  });
}

async function usageRows(u: User) {
  return db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, u.id), eq(transactions.type, "usage")));
}

describe("a Veo draft", () => {
  it("is made on Veo Lite at its price with a seed kept, and its final re-runs it on Veo Fast as a new video", async () => {
    const u = await userWithCredits(t.app, db(), 100);
    const draftPrice = webCost(PRICES, { model: "veo3_lite" });
    const finalPrice = webCost(PRICES, { model: "veo3_fast" });
    expect(draftPrice).toBeLessThan(finalPrice);

    const res = await u.client.post("/api/generate-video", {
      prompt: "a lighthouse in a storm",
      model: "veo3_fast",
      aspectRatio: "9:16",
      draft: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditsUsed: draftPrice, remainingCredits: 100 - draftPrice });
    const draft = res.json<{ taskId: string }>().taskId;
    const row = await taskRow(db(), draft);
    expect(row).toMatchObject({
      model: "veo3_lite",
      aspectRatio: "9:16",
      draftOfModel: "veo3_fast",
      draftOfResolution: "720p",
      creditsUsed: draftPrice,
    });
    // None asked: one picked for the draft, in Veo's range, so the final re-runs with it.
    expect(row.seeds).toBeGreaterThanOrEqual(VEO_SEED.min);
    expect(row.seeds).toBeLessThanOrEqual(VEO_SEED.max);
    expect((await usageRows(u)).map((r) => r.description)).toEqual(["Video draft (Veo3 Lite)"]);

    // A draft not finished yet cannot be made final.
    const early = await makeFinal(u, draft);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ reason: "final_needs_finished_draft" });

    await finished(draft);
    const [listed] = (await u.client.get("/api/video-tasks?days=1")).json().tasks;
    expect(listed).toMatchObject({ taskId: draft, draftOf: { model: "veo3_fast", resolution: "720p" } });

    const made = await makeFinal(u, draft);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ creditsUsed: finalPrice, remainingCredits: 100 - draftPrice - finalPrice });
    const final = await taskRow(db(), made.json<{ taskId: string }>().taskId);
    expect(final).toMatchObject({
      prompt: "a lighthouse in a storm",
      model: "veo3_fast",
      mode: "text",
      aspectRatio: "9:16",
      resolution: "720p",
      seeds: row.seeds,
      draftOfModel: null,
      draftOfResolution: null,
      creditsUsed: finalPrice,
      createdVia: "web",
    });
    expect((await usageRows(u)).map((r) => [r.description, r.amount]).sort()).toEqual(
      [
        ["Video draft (Veo3 Lite)", -draftPrice],
        ["Video generation (Veo3 Fast)", -finalPrice],
      ].sort(),
    );
    await finished(final.taskId);
    // The final is no draft: it cannot be made final again.
    const again = await makeFinal(u, final.taskId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "conflict", reason: "final_needs_draft" });
    expect(again.json().message).toBe("This video is not a draft: only a draft can be made final.");
    expect((await balanceOf(db(), u.id)).credits).toBe(100 - draftPrice - finalPrice);
  });

  it("keeps the seed the person gave, and Veo Quality's final is Veo Quality", async () => {
    const u = await userWithCredits(t.app, db(), 100);
    const draft = await draftOf(u, { prompt: "a red kite", model: "veo3", seeds: 12345 });
    expect(await taskRow(db(), draft)).toMatchObject({ model: "veo3_lite", seeds: 12345, draftOfModel: "veo3" });
    await finished(draft);
    const made = await makeFinal(u, draft);
    expect(made.statusCode, made.body).toBe(200);
    expect(await taskRow(db(), made.json().taskId)).toMatchObject({ model: "veo3", seeds: 12345 });
  });

  it("a double click with one Idempotency-Key makes one final and charges once", async () => {
    const u = await userWithCredits(t.app, db(), 100);
    const draft = await draftOf(u, { prompt: "two clicks", model: "veo3_fast" });
    await finished(draft);
    const before = (await usageRows(u)).length;
    const [a, b] = await Promise.all([makeFinal(u, draft, "final-click-1"), makeFinal(u, draft, "final-click-1")]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().taskId).toBe(a.json().taskId);
    expect((await usageRows(u)).length).toBe(before + 1);
    const finals = await db()
      .select()
      .from(videoTasks)
      .where(and(eq(videoTasks.userId, u.id), eq(videoTasks.prompt, "two clicks")));
    expect(finals).toHaveLength(2); // the draft and one final
  });

  it("another person's draft or a missing one is a 404, and nothing is charged", async () => {
    const owner = await userWithCredits(t.app, db(), 100);
    const other = await userWithCredits(t.app, db(), 100);
    const draft = await draftOf(owner, { prompt: "mine alone", model: "veo3_fast" });
    await finished(draft);
    const theirs = await makeFinal(other, draft);
    expect(theirs.statusCode).toBe(404);
    expect((await makeFinal(other, "no-such-task")).statusCode).toBe(404);
    expect((await balanceOf(db(), other.id)).credits).toBe(100);
    expect(await usageRows(other)).toEqual([]);
  });

  it("a finished video that is no draft is a 409", async () => {
    const u = await userWithCredits(t.app, db(), 100);
    const res = await u.client.post("/api/generate-video", { prompt: "a plain video", model: "veo3_fast" });
    const taskId = res.json<{ taskId: string }>().taskId;
    await finished(taskId);
    const refused = await makeFinal(u, taskId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: "final_needs_draft" });
  });
});

describe("a Seedance draft", () => {
  it("is made at 480p with the same images, and its final uses the same stored images at the resolution chosen", async () => {
    const u = await userWithCredits(t.app, db(), 1000);
    const asked = { model: "seedance2" as const, durationSeconds: 5, resolution: "1080p" as const, audio: false };
    const draftPrice = webCost(PRICES, { ...asked, resolution: "480p" });
    const finalPrice = webCost(PRICES, asked);
    const res = await u.client.post("/api/generate-video", {
      prompt: "a dancer spins",
      mode: "image",
      imageUrls: [host.url("1.png"), host.url("2.png")],
      aspectRatio: "4:3",
      draft: true,
      ...asked,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().creditsUsed).toBe(draftPrice);
    const draft = await taskRow(db(), res.json().taskId);
    expect(draft).toMatchObject({
      model: "seedance2",
      resolution: "480p",
      durationSeconds: 5,
      audio: false,
      aspectRatio: "4:3",
      draftOfModel: "seedance2",
      draftOfResolution: "1080p",
      // Seedance takes no seed.
      seeds: null,
    });
    expect(draft.imageUrls).toHaveLength(2);
    await finished(draft.taskId);

    const made = await makeFinal(u, draft.taskId);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().creditsUsed).toBe(finalPrice);
    expect(await taskRow(db(), made.json().taskId)).toMatchObject({
      prompt: "a dancer spins",
      model: "seedance2",
      mode: "image",
      resolution: "1080p",
      durationSeconds: 5,
      audio: false,
      aspectRatio: "4:3",
      imageUrls: draft.imageUrls,
    });
  });
});

describe("a Gemini Omni Flash draft", () => {
  it("is made at 360p, and its final at 1080p; both are kept in our store", async () => {
    const u = await userWithCredits(t.app, db(), 1000);
    const asked = { model: "omni_flash" as const, durationSeconds: 6, resolution: "1080p" as const };
    const draftPrice = webCost(PRICES, { ...asked, resolution: "360p" });
    const finalPrice = webCost(PRICES, asked);
    expect(draftPrice).toBeLessThan(finalPrice);
    const draft = await draftOf(u, { prompt: "a paper boat on a stream", ...asked });
    expect(await taskRow(db(), draft)).toMatchObject({
      model: "omni_flash",
      resolution: "360p",
      durationSeconds: 6,
      draftOfModel: "omni_flash",
      draftOfResolution: "1080p",
      creditsUsed: draftPrice,
    });
    await finished(draft);
    expect((await taskRow(db(), draft)).resultUrls?.[0]).toMatch(/^\/media\/videos\//);

    const made = await makeFinal(u, draft);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().creditsUsed).toBe(finalPrice);
    const final = made.json<{ taskId: string }>().taskId;
    expect(await taskRow(db(), final)).toMatchObject({ model: "omni_flash", resolution: "1080p", durationSeconds: 6 });
    await finished(final);
    expect((await balanceOf(db(), u.id)).credits).toBe(1000 - draftPrice - finalPrice);
  });
});

describe("refusals", () => {
  it("a model without a draft, a resolution already the draft's, or 4K with a draft: 400 with a clear message", async () => {
    const u = await userWithCredits(t.app, db(), 100);
    const cases: [Record<string, unknown>, string][] = [
      [{ model: "kling3" }, "Kling 3.0 has no draft: choose a model that offers one, or leave draft out"],
      [
        { model: "seedance2", resolution: "480p" },
        "A 480p video of Seedance 2 is already a draft: choose a higher resolution, or leave draft out",
      ],
      [{ model: "veo3_lite" }, "Veo3 Lite has no draft: choose a model that offers one, or leave draft out"],
      [{ model: "veo3_fast", upgrade4k: true }, "A draft has no 4K version: ask for 4K when you make it final"],
      [{ model: "veo3_fast", draft: "yes" }, "draft must be true or false"],
    ];
    for (const [body, message] of cases) {
      const res = await u.client.post("/api/generate-video", { prompt: "refused", draft: true, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await balanceOf(db(), u.id)).credits).toBe(100);
  });

  it("when the admin's prices make the draft no cheaper, it is refused (400) and nothing is charged", async () => {
    const admin = await signInAdmin(t);
    const lite = webCost(PRICES, { model: "veo3_lite" });
    const fast = webCost(PRICES, { model: "veo3_fast" });
    await admin.put("/api/admin/settings", { prices: { veo3_lite: { webCredits: fast } } });
    try {
      const u = await userWithCredits(t.app, db(), 100);
      const res = await u.client.post("/api/generate-video", { prompt: "dear", model: "veo3_fast", draft: true });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe("A draft of Veo3 Fast costs no less than the video itself now: leave draft out");
      expect((await balanceOf(db(), u.id)).credits).toBe(100);
    } finally {
      await admin.put("/api/admin/settings", { prices: { veo3_lite: { webCredits: lite } } });
    }
  });
});

describe("the automation API", () => {
  it("makes a draft at the API's draft price, and its final through POST /api/n8n/videos/{taskId}/final", async () => {
    const u = await userWithCredits(t.app, db(), 100);
    const tokenRes = await u.client.post("/api/user-tokens", { name: "drafts" });
    expect(tokenRes.statusCode, tokenRes.body).toBe(201);
    const authorization = `Bearer ${tokenRes.json().token as string}`;
    const call = async (url: string, payload: object) => {
      await t.app.liveEvents.settle();
      return t.app.inject({ method: "POST", url, headers: { authorization }, payload });
    };
    const res = await call("/api/n8n/generate", { prompt: "an API draft", model: "veo3", draft: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().creditsUsed).toBe(apiCost(PRICES, { model: "veo3_lite" }));
    const draft = res.json().taskId as string;
    expect(await taskRow(db(), draft)).toMatchObject({ model: "veo3_lite", draftOfModel: "veo3", createdVia: "api" });
    await finished(draft);
    await t.app.liveEvents.settle();
    const status = await t.app.inject({
      method: "GET",
      url: `/api/n8n/video-status/${draft}`,
      headers: { authorization },
    });
    expect(status.json()).toMatchObject({ status: "completed", draftOf: { model: "veo3", resolution: "720p" } });
    const made = await call(`/api/n8n/videos/${draft}/final`, {});
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ success: true, creditsUsed: apiCost(PRICES, { model: "veo3" }) });
    expect(await taskRow(db(), made.json().taskId)).toMatchObject({
      model: "veo3",
      prompt: "an API draft",
      seeds: (await taskRow(db(), draft)).seeds,
      createdVia: "api",
    });
    const refused = await call("/api/n8n/generate", { prompt: "no draft", model: "wan26", draft: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Wan 2.6 has no draft");
  });
});
