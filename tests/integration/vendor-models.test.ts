/**
 * Model ids as data (issue 74 §1, decision 0173): the admin changes a model's id at a vendor on
 * /admin (with a reason, audited) and the next video uses it; an id the vendor's models.get says
 * is gone is flagged on the overview and skipped by failover; the daily check finds a default id
 * that got retired; deprecated mappings are a last resort, deactivated ones never used; a model
 * no vendor may make is hidden and refused. KIE and Google are the simulator's fakes over HTTP.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  adminNotifications,
  vendorAccounts,
  vendorModelChecks,
  vendorModelMappings,
} from "../../src/server/db/schema.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import {
  createVideoTestApp,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { signInAdmin } from "../helpers/test-app.js";

let sim: StartedSimulator;
let t: VideoTestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  sim = await startSimulator();
  t = await createVideoTestApp({
    sim,
    env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, GEMINI_BASE_URL: `${sim.baseUrl}/v1beta` },
  });
  for (const [name, vendor, token] of [
    ["kie", "kie", "vm-kie-key"],
    ["google", "google", "vm-gemini-key"],
  ] as const)
    await t.database.db.insert(vendorAccounts).values({
      name,
      vendor,
      tokenEncrypted: t.secretBox.encrypt(token),
      tokenHash: sha256Hex(token),
      totalCredits: 100_000,
    });
  admin = await signInAdmin(t);
});
afterEach(async () => {
  sim.gemini.retiredModels = [];
  sim.gemini.extraModels = {};
  await t.database.db.delete(vendorModelMappings);
  await t.database.db.delete(vendorModelChecks);
  await t.app.liveEvents.settle();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

interface Mapping {
  model: string;
  vendor: string;
  vendorModelId: string;
  defaultVendorModelId: string;
  overridden: boolean;
  state: string;
  check: { status: string; message: string | null; checkedAt: string | null };
  usable: boolean;
}

async function put(model: string, vendor: string, body: Record<string, unknown>) {
  const res = await admin.put(`/api/admin/vendor-models/${model}/${vendor}`, body);
  await t.app.liveEvents.settle();
  return res;
}

const lastGeminiModel = () => sim.stats.geminiSubmissions.at(-1)?.model;

describe("vendor model ids on /admin", () => {
  it("lists every model at every vendor that makes it, with the built-in ids", async () => {
    const res = await admin.get("/api/admin/vendor-models");
    expect(res.statusCode, res.body).toBe(200);
    const { mappings } = res.json<{ mappings: Mapping[] }>();
    expect(mappings.find((m) => m.model === "veo3_fast" && m.vendor === "google")).toMatchObject({
      vendorModelId: "veo-3.1-fast-generate-preview",
      defaultVendorModelId: "veo-3.1-fast-generate-preview",
      overridden: false,
      state: "active",
      check: { status: "unchecked", checkedAt: null },
      usable: true,
    });
    expect(mappings.find((m) => m.model === "kling26" && m.vendor === "kie")?.vendorModelId).toBe(
      "kling-2.6/text-to-video",
    );
    // Wan 2.7 (decision 0179) is listed beside 2.6, its Market id read from its input builder.
    expect(mappings.find((m) => m.model === "wan27" && m.vendor === "kie")).toMatchObject({
      vendorModelId: "wan/2-7-text-to-video",
      defaultVendorModelId: "wan/2-7-text-to-video",
      state: "active",
      usable: true,
    });
    expect(mappings.find((m) => m.model === "wan26" && m.vendor === "kie")?.vendorModelId).toBe(
      "wan/2-6-text-to-video",
    );
    // Google does not make Kling: no such mapping.
    expect(mappings.some((m) => m.model === "kling26" && m.vendor === "google")).toBe(false);
  });

  it("uses the admin's new Google id for the next failover video, checked and audited", async () => {
    sim.gemini.extraModels = { "veo-next-fast": "veo-3.1-fast-generate-preview" };
    const res = await put("veo3_fast", "google", {
      vendorModelId: "veo-next-fast",
      state: "active",
      reason: "Google renamed the fast model",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      vendorModelId: "veo-next-fast",
      overridden: true,
      check: { status: "ok", message: null },
      usable: true,
    });
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "vendor_model.update"), eq(adminAuditLog.targetId, "veo3_fast:google")));
    expect(audit?.details).toMatchObject({
      reason: "Google renamed the fast model",
      before: { vendorModelId: "veo-3.1-fast-generate-preview" },
      after: { vendorModelId: "veo-next-fast", state: "active" },
    });

    const u = await userWithCredits(t.app, t.database.db, 100);
    const video = await u.client.post("/api/generate-video", {
      prompt: "a harbour [sim:code-455]",
      model: "veo3_fast",
    });
    expect(video.statusCode, video.body).toBe(200);
    expect(lastGeminiModel()).toBe("veo-next-fast");
    expect(await taskRow(t.database.db, video.json().taskId)).toMatchObject({
      vendor: "google",
      vendorModel: "veo-next-fast",
    });

    // Back to the default: the row goes, the built-in id is used again.
    const back = await put("veo3_fast", "google", { vendorModelId: null, state: "active", reason: "back again" });
    expect(back.json()).toMatchObject({ vendorModelId: "veo-3.1-fast-generate-preview", overridden: false });
  });

  it("checks a retired id as gone, shows it on the overview, and failover skips it", async () => {
    sim.gemini.retiredModels = ["veo-3.1-generate-preview"];
    const res = await put("veo3", "google", {
      vendorModelId: "veo-3.1-generate-preview",
      state: "active",
      reason: "pin the preview id",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      check: { status: "gone", message: "Google: veo-3.1-generate-preview is no longer available" },
      usable: false,
    });
    const overview = await admin.get("/api/admin/overview?range=today");
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().vendorModelProblems).toContainEqual({
      vendor: "google",
      model: "veo3",
      vendorModelId: "veo-3.1-generate-preview",
      message: "Google: veo-3.1-generate-preview is no longer available",
    });

    const u = await userWithCredits(t.app, t.database.db, 100);
    const before = sim.stats.geminiSubmissions.length;
    const video = await u.client.post("/api/generate-video", { prompt: "a storm [sim:code-455]", model: "veo3" });
    // KIE is down and Google's id is gone: nothing is sent to Google; the person is refunded.
    expect(video.statusCode).toBeGreaterThanOrEqual(500);
    expect(sim.stats.geminiSubmissions.length).toBe(before);
    // The model is still offered: KIE's mapping is usable.
    const models = await u.client.get("/api/models");
    expect(models.json().models.map((m: { id: string }) => m.id)).toContain("veo3");
  });

  it("the daily check flags a default id that got retired, and failover then skips it", async () => {
    sim.gemini.retiredModels = ["veo-3.1-lite-generate-preview"];
    // The app's own job: Google's lookup with the Google account's key, at GEMINI_BASE_URL.
    const job = t.app.jobs.vendorModelCheck;
    const gone = await job.runOnce();
    expect(gone).toEqual(["google:veo-3.1-lite-generate-preview"]);
    // A second pass within the day checks nothing again.
    const calls = sim.stats.calls["gemini-model"];
    expect(await job.runOnce()).toEqual([]);
    expect(sim.stats.calls["gemini-model"]).toBe(calls);
    // A day later everything is checked again.
    expect(await job.runOnce(new Date(Date.now() + 24 * 60 * 60_000))).toEqual([
      "google:veo-3.1-lite-generate-preview",
    ]);
    // Veo's three Google ids and Gemini Omni Flash's.
    expect(sim.stats.calls["gemini-model"]).toBe(calls + 4);
    await t.app.liveEvents.settle();

    const list = (await admin.get("/api/admin/vendor-models")).json<{ mappings: Mapping[] }>().mappings;
    expect(list.find((m) => m.model === "veo3_lite" && m.vendor === "google")).toMatchObject({
      vendorModelId: "veo-3.1-lite-generate-preview",
      overridden: false,
      check: { status: "gone" },
      usable: false,
    });
    expect(list.find((m) => m.model === "veo3" && m.vendor === "google")?.check.status).toBe("ok");
    // KIE has no model lookup: recorded honestly.
    expect(list.find((m) => m.model === "kling3" && m.vendor === "kie")?.check.status).toBe("unchecked");

    const u = await userWithCredits(t.app, t.database.db, 100);
    const before = sim.stats.geminiSubmissions.length;
    const video = await u.client.post("/api/generate-video", { prompt: "a cliff [sim:code-455]", model: "veo3_lite" });
    expect(video.statusCode).toBeGreaterThanOrEqual(500);
    expect(sim.stats.geminiSubmissions.length).toBe(before);
  });

  it("marks Google's id gone when a failover video meets it retired, tells the admin once, and skips it", async () => {
    // Never checked: the first to learn that the id is gone is a video failing over to Google.
    sim.gemini.retiredModels = ["veo-3.1-fast-generate-preview"];
    const u = await userWithCredits(t.app, t.database.db, 200);
    const before = sim.stats.geminiSubmissions.length;
    const first = await u.client.post("/api/generate-video", { prompt: "a bay [sim:code-455]", model: "veo3_fast" });
    // KIE's outage is what the person is told about, not Google's id.
    expect(first.statusCode, first.body).toBe(503);
    expect(sim.stats.geminiSubmissions.length).toBe(before);
    await t.app.liveEvents.settle();

    const list = (await admin.get("/api/admin/vendor-models")).json<{ mappings: Mapping[] }>().mappings;
    expect(list.find((m) => m.model === "veo3_fast" && m.vendor === "google")).toMatchObject({
      check: { status: "gone", message: "Google: veo-3.1-fast-generate-preview is no longer available" },
      usable: false,
    });
    const overview = (await admin.get("/api/admin/overview?range=today")).json();
    expect(overview.vendorModelProblems).toContainEqual(
      expect.objectContaining({ vendor: "google", model: "veo3_fast" }),
    );
    // Still offered: KIE's mapping is usable. The next outage sends nothing to Google, and no second notice.
    const models = await u.client.get("/api/models");
    expect(models.json().models.map((m: { id: string }) => m.id)).toContain("veo3_fast");
    const calls = sim.stats.calls["gemini-submit"] ?? 0;
    const second = await u.client.post("/api/generate-video", {
      prompt: "a bay again [sim:code-455]",
      model: "veo3_fast",
    });
    expect(second.statusCode).toBe(503);
    expect(sim.stats.calls["gemini-submit"] ?? 0).toBe(calls);
    const notices = await t.database.db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.kind, "model_retired"));
    expect(notices.map((n) => n.text)).toEqual([
      expect.stringContaining("Veo3 Fast: Google: veo-3.1-fast-generate-preview is no longer available"),
    ]);
    await t.database.db.delete(adminNotifications).where(eq(adminNotifications.kind, "model_retired"));
  });

  it("uses a deprecated mapping only when no other vendor can make the model; a deactivated one never", async () => {
    const u = await userWithCredits(t.app, t.database.db, 200);
    const kieCalls = () => sim.stats.calls.generate + sim.stats.calls["create-task"];

    // KIE deprecated: Google makes veo3_lite first, though KIE is up.
    expect(
      (await put("veo3_lite", "kie", { vendorModelId: null, state: "deprecated", reason: "kie sunset" })).statusCode,
    ).toBe(200);
    let kie = kieCalls();
    const first = await u.client.post("/api/generate-video", { prompt: "a meadow", model: "veo3_lite" });
    expect(first.statusCode, first.body).toBe(200);
    expect(kieCalls()).toBe(kie);
    expect(await taskRow(t.database.db, first.json().taskId)).toMatchObject({ vendor: "google" });

    // Google deactivated too: the deprecated KIE mapping is the only one left, and is used.
    expect(
      (await put("veo3_lite", "google", { vendorModelId: null, state: "deactivated", reason: "off" })).statusCode,
    ).toBe(200);
    kie = kieCalls();
    const before = sim.stats.geminiSubmissions.length;
    const second = await u.client.post("/api/generate-video", { prompt: "a meadow again", model: "veo3_lite" });
    expect(second.statusCode, second.body).toBe(200);
    expect(kieCalls()).toBe(kie + 1);
    expect(sim.stats.geminiSubmissions.length).toBe(before);
    expect(await taskRow(t.database.db, second.json().taskId)).toMatchObject({ vendor: "kie" });
  });

  it("hides a model with no usable mapping and refuses it with a clear message", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    const res = await put("kling26", "kie", { vendorModelId: null, state: "deactivated", reason: "end of life" });
    expect(res.json()).toMatchObject({ state: "deactivated", usable: false });
    const models = await u.client.get("/api/models");
    expect(models.json().models.map((m: { id: string }) => m.id)).not.toContain("kling26");
    const video = await u.client.post("/api/generate-video", { prompt: "a fox", model: "kling26" });
    expect(video.statusCode).toBe(409);
    expect(video.json()).toMatchObject({ reason: "model_unavailable" });
    expect(video.json().message).toContain("is no longer available from any provider");

    await put("kling26", "kie", { vendorModelId: null, state: "active", reason: "back" });
    const again = await u.client.get("/api/models");
    expect(again.json().models.map((m: { id: string }) => m.id)).toContain("kling26");
  });

  it("sends the admin's Market id to KIE for the next video", async () => {
    const res = await put("seedance2", "kie", {
      vendorModelId: "bytedance/seedance-2-fast",
      state: "active",
      reason: "the faster tier for now",
    });
    expect(res.json()).toMatchObject({ vendorModelId: "bytedance/seedance-2-fast", check: { status: "unchecked" } });
    const u = await userWithCredits(t.app, t.database.db, 500);
    const video = await u.client.post("/api/generate-video", { prompt: "a fox", model: "seedance2" });
    expect(video.statusCode, video.body).toBe(200);
    expect(sim.stats.submissions.at(-1)?.model).toBe("bytedance/seedance-2-fast");
    expect(await taskRow(t.database.db, video.json().taskId)).toMatchObject({
      vendorModel: "bytedance/seedance-2-fast",
    });
  });
});

describe("refusals", () => {
  it("refuses a person who is not an admin", async () => {
    const u = await userWithCredits(t.app, t.database.db, 1);
    expect((await u.client.get("/api/admin/vendor-models")).statusCode).toBe(403);
    const res = await u.client.put("/api/admin/vendor-models/veo3/google", {
      vendorModelId: "x",
      state: "active",
      reason: "not mine",
    });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(vendorModelMappings)).toEqual([]);
  });

  it.each([
    ["no reason", "veo3/google", { vendorModelId: "veo-x", state: "active" }, 400, "reason"],
    ["a short reason", "veo3/google", { vendorModelId: "veo-x", state: "active", reason: " a " }, 400, "reason"],
    [
      "a space in the id",
      "veo3/google",
      { vendorModelId: "veo x", state: "active", reason: "why" },
      400,
      "vendor model id",
    ],
    [
      "a path escape",
      "veo3/google",
      { vendorModelId: "../../files/x", state: "active", reason: "why" },
      400,
      "vendor model id",
    ],
    [
      "a query in the id",
      "veo3/google",
      { vendorModelId: "veo?key=1", state: "active", reason: "why" },
      400,
      "vendor model id",
    ],
    [
      "a long id",
      "veo3/google",
      { vendorModelId: "v".repeat(101), state: "active", reason: "why" },
      400,
      "vendor model id",
    ],
    ["an unknown state", "veo3/google", { vendorModelId: null, state: "gone", reason: "why" }, 400, "State"],
    [
      "a vendor that does not make it",
      "kling26/google",
      { vendorModelId: null, state: "active", reason: "why" },
      404,
      "does not make",
    ],
    ["an unknown model", "sora/google", { vendorModelId: null, state: "active", reason: "why" }, 400, "model"],
    ["KIE's fixed Veo names", "veo3/kie", { vendorModelId: "veo4", state: "active", reason: "why" }, 400, "state only"],
  ])("refuses %s", async (_name, pair, body, status, words) => {
    const res = await admin.put(`/api/admin/vendor-models/${pair}`, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message.toLowerCase()).toContain(words.toLowerCase());
    expect(await t.database.db.select().from(vendorModelMappings)).toEqual([]);
  });
});
