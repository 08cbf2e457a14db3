/**
 * A second vendor for when KIE is down (issue 42): with Google's Gemini API configured, a Veo video
 * that every KIE key fails to take for an outage is made by Google at the same price, and the task
 * names the vendor that made it; a prompt refused for its content is not sent elsewhere. KIE and
 * Google are the simulator's fakes over HTTP, configured as production is.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendorAccounts } from "../../src/server/db/schema.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { resolvePrices, webCost } from "../../src/shared/prices.js";
import {
  balanceOf,
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
import { signInAdmin } from "../helpers/test-app.js";
import { SPEC_PRICES } from "../helpers/spec-prices.js";

let sim: StartedSimulator;
let t: VideoTestApp;
beforeAll(async () => {
  sim = await startSimulator();
  t = await createVideoTestApp({
    sim,
    env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, GEMINI_BASE_URL: `${sim.baseUrl}/v1beta` },
  });
  for (const [name, vendor, token] of [
    ["kie one", "kie", "kie-key-one"],
    ["kie two", "kie", "kie-key-two"],
    ["google", "google", "gemini-key"],
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

const fastPrice = () => webCost(resolvePrices(SPEC_PRICES), "veo3_fast");

describe("a KIE outage with Google configured", () => {
  it("makes the Veo video at Google, at the same price, the task naming Google", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const kieCalls = sim.stats.calls.generate;
    const res = await u.client.post("/api/generate-video", {
      prompt: "a lighthouse [sim:code-455]",
      model: "veo3_fast",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId, creditsUsed } = res.json();
    expect(creditsUsed).toBe(fastPrice());
    // KIE was asked once: an outage is the vendor's, not a key's (a second key would only wait); then Google.
    expect(sim.stats.calls.generate - kieCalls).toBe(1);
    const task = await taskRow(t.database.db, taskId);
    expect(task).toMatchObject({
      vendor: "google",
      vendorModel: "veo-3.1-fast-generate-preview",
      providerSurface: "gemini",
    });
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const done = await taskRow(t.database.db, taskId);
    const file = await fetch(done.resultUrls![0]!);
    expect(Buffer.from(await file.arrayBuffer()).toString("latin1", 4, 8)).toBe("ftyp");
    // The key never went to the file's host; Google's Veo has no 1080p or 4K step afterwards.
    expect(sim.stats.geminiKeyedFileFetches).toBe(0);
    expect(done.hdStatus).toBe("none");
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50 - fastPrice(), ledger: 50 - fastPrice() });
  });

  it("goes to Google when every KIE account is refused, after trying each", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const kieCalls = sim.stats.calls.generate;
    sim.faults.inject("generate", { code: 402, msg: "Credits insufficient, please top up" }, 2);
    try {
      const res = await u.client.post("/api/generate-video", { prompt: "a quiet lake", model: "veo3_fast" });
      expect(res.statusCode, res.body).toBe(200);
      expect(sim.stats.calls.generate - kieCalls).toBe(2);
      expect(await taskRow(t.database.db, res.json().taskId)).toMatchObject({ vendor: "google" });
      // Both KIE accounts are marked empty, as for any out-of-credit answer.
      const kie = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.vendor, "kie"));
      expect(kie.map((a) => a.totalCredits)).toEqual([0, 0]);
    } finally {
      await t.database.db.update(vendorAccounts).set({ totalCredits: 100_000 });
    }
  });

  it("sends a video's images to Google inline when KIE is down", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const upload = await uploadImage(t.app, u.client.sessionCookie, randomPng(), "first.png");
    const before = sim.stats.geminiSubmissions.length;
    const res = await u.client.post("/api/generate-video", {
      prompt: "a sailing boat [sim:code-500]",
      model: "veo3",
      mode: "image",
      imageUrls: [upload.json().imageUrl],
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = sim.stats.geminiSubmissions.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ model: "veo-3.1-generate-preview", mode: "image" });
    expect(sent[0]!.images).toHaveLength(1);
  });

  it("does not send a prompt refused for its content to another vendor", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const before = sim.stats.geminiSubmissions.length;
    const res = await u.client.post("/api/generate-video", { prompt: "something [sim:reject]", model: "veo3_fast" });
    expect(res.statusCode).toBe(422);
    expect(sim.stats.geminiSubmissions.length).toBe(before);
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50, ledger: 50 });
  });

  it("refunds once when Google is down too", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const res = await u.client.post("/api/generate-video", {
      prompt: "a storm [sim:code-455] [sim:gemini-503]",
      model: "veo3_lite",
    });
    expect(res.statusCode).toBe(503);
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50, ledger: 50 });
  });

  it("keeps models only KIE makes on KIE: an outage is an outage for them", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    const before = sim.stats.geminiSubmissions.length;
    const res = await u.client.post("/api/generate-video", { prompt: "a fox [sim:code-455]", model: "kling26" });
    expect(res.statusCode).toBe(503);
    expect(sim.stats.geminiSubmissions.length).toBe(before);
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 500, ledger: 500 });
  });

  it("a safety block at Google is a refused video, refunded once", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    // KIE is down (455); Google takes it, then its safety filter blocks the video.
    sim.faults.inject("generate", { code: 455 }, 1);
    const res = await u.client.post("/api/generate-video", { prompt: "a crowd [sim:reject]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json();
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "failed");
    expect(await taskRow(t.database.db, taskId)).toMatchObject({
      vendor: "google",
      failureKind: "refused",
      refunded: true,
    });
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50, ledger: 50 });
  });
});

describe("the admin's order of vendors", () => {
  it("tries the vendors of a model in the admin's order, and only those", async () => {
    const admin = await signInAdmin(t);
    const u = await userWithCredits(t.app, t.database.db, 50);
    const make = async (prompt: string) => u.client.post("/api/generate-video", { prompt, model: "veo3_fast" });
    try {
      expect(
        (await admin.put("/api/admin/settings", { vendorOrder: { veo3_fast: ["google", "kie"] } })).statusCode,
      ).toBe(200);
      const first = await make("google first");
      expect((await taskRow(t.database.db, first.json().taskId)).vendor).toBe("google");
      const models = (await t.app.inject({ method: "GET", url: "/api/models" })).json().models;
      expect(models.find((m: { id: string }) => m.id === "veo3_fast").vendors).toEqual(["google", "kie"]);

      // KIE only: an outage stays an outage.
      await admin.put("/api/admin/settings", { vendorOrder: { veo3_fast: ["kie"] } });
      expect((await make("kie only [sim:code-455]")).statusCode).toBe(503);
    } finally {
      await admin.put("/api/admin/settings", { vendorOrder: {} });
    }
  });

  it("refuses an order naming a vendor that does not make the model, twice, or none", async () => {
    const admin = await signInAdmin(t);
    for (const [vendorOrder, message] of [
      [{ kling3: ["google"] }, "vendorOrder.kling3 is made by kie only"],
      [{ veo3: ["kie", "kie"] }, "vendorOrder.veo3 names a vendor twice"],
      [{ veo3: [] }, "vendorOrder.veo3 needs at least one vendor"],
      [{ veo3: ["fal"] }, "vendorOrder gives each model a list of the vendors that make it"],
    ] as const) {
      const res = await admin.put("/api/admin/settings", { vendorOrder });
      expect(res.statusCode, JSON.stringify(vendorOrder)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe("offline, on the built-in simulator", () => {
  it("a Google account reaches the simulator's Gemini fake when KIE's fake is down", async () => {
    const offline = await createVideoTestApp({ sim });
    try {
      await offline.database.db.insert(vendorAccounts).values({
        name: "google offline",
        vendor: "google",
        tokenEncrypted: offline.secretBox.encrypt("any-key"),
        tokenHash: sha256Hex("any-key"),
      });
      const u = await userWithCredits(offline.app, offline.database.db, 50);
      const res = await u.client.post("/api/generate-video", { prompt: "a heron [sim:code-455]", model: "veo3_lite" });
      expect(res.statusCode, res.body).toBe(200);
      const { taskId } = res.json();
      expect(await taskRow(offline.database.db, taskId)).toMatchObject({ vendor: "google", providerSource: "account" });
      await runWorkerUntil(offline, async () => (await taskRow(offline.database.db, taskId)).status === "completed");
    } finally {
      await offline.close();
    }
  });
});

describe("the accounts' vendor", () => {
  it("never sends a KIE request with a Google key", async () => {
    const [google] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.vendor, "google"));
    const u = await userWithCredits(t.app, t.database.db, 50);
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "plain", model: "veo3_fast" })).json();
    const task = await taskRow(t.database.db, taskId);
    expect(task.vendor).toBe("kie");
    expect(task.vendorAccountId).not.toBe(google!.id);
  });
});
