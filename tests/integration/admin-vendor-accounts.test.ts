import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendorAccounts, transactions } from "../../src/server/db/schema.js";
import { MASK_PREFIX } from "../../src/shared/mask.js";
import { MODELS } from "../../src/shared/catalogue.js";
import type { VendorAccountView } from "../../src/shared/schemas/vendor-accounts.js";
import { defaultModelCost } from "../../src/shared/vendor-costs.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

/** The real KIE client talks to the simulator, which plays KIE for the accounts' keys. */
let sim: StartedSimulator;
let t: VideoTestApp;
let admin: Client;
beforeAll(async () => {
  sim = await startSimulator();
  t = await createVideoTestApp({ sim, env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl } });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

let n = 0;
const newKey = () => `kie-key-${Date.now().toString(36)}-${++n}-secretvalue`;

async function addAccount(body: Record<string, unknown>): Promise<VendorAccountView> {
  const res = await admin.post("/api/admin/kie-apis", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().kieApi as VendorAccountView;
}

describe("POST /api/admin/kie-apis", () => {
  it("stores the key sealed, applies the defaults and shows it only masked", async () => {
    const token = newKey();
    const res = await admin.post("/api/admin/kie-apis", { name: "Main account", token });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("KIE API saved");
    const view = res.json().kieApi as VendorAccountView;
    expect(view).toMatchObject({
      name: "Main account",
      token: MASK_PREFIX + token.slice(-4),
      vendor: "kie",
      totalCredits: 1000,
      // No costs given: the map stays empty and the legacy figures show the defaults.
      modelCosts: {},
      veo3QualityCredits: defaultModelCost("veo3"),
      veo3FastCredits: defaultModelCost("veo3_fast"),
      veo3LiteCredits: defaultModelCost("veo3_lite"),
      isEnabled: true,
      status: "Available",
      totalUsage: 0,
      taskCount: 0,
      lastUsed: null,
    });
    expect(res.body).not.toContain(token);
    const list = await admin.get("/api/admin/kie-apis");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json<VendorAccountView[]>().find((a) => a.id === view.id)).toMatchObject({ token: view.token });
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, view.id));
    expect(row!.tokenEncrypted).not.toContain(token);
    expect(t.secretBox.decrypt(row!.tokenEncrypted)).toBe(token);
    expect(row).toMatchObject({ vendor: "kie", modelCosts: {} });
  });

  it("stores the vendor and a cost per model, and shows them", async () => {
    const view = await addAccount({
      name: "Gemini",
      token: newKey(),
      vendor: "google",
      modelCosts: { veo3: 320, veo3_lite: "0" },
    });
    expect(view).toMatchObject({
      vendor: "google",
      modelCosts: { veo3: 320, veo3_lite: 0 },
      veo3QualityCredits: 320,
      veo3FastCredits: defaultModelCost("veo3_fast"),
      veo3LiteCredits: 0,
    });
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, view.id));
    expect(row).toMatchObject({ vendor: "google", modelCosts: { veo3: 320, veo3_lite: 0 } });
    const listed = (await admin.get("/api/admin/kie-apis")).json<VendorAccountView[]>().find((a) => a.id === view.id);
    expect(listed).toMatchObject({ vendor: "google", modelCosts: { veo3: 320, veo3_lite: 0 } });
  });

  it("takes the old clients' three Veo fields into the map; an entry of modelCosts wins", async () => {
    const legacy = await addAccount({
      name: "old client",
      token: newKey(),
      veo3QualityCredits: 400,
      veo3FastCredits: "80",
    });
    expect(legacy).toMatchObject({
      modelCosts: { veo3: 400, veo3_fast: 80 },
      veo3QualityCredits: 400,
      veo3FastCredits: 80,
      veo3LiteCredits: defaultModelCost("veo3_lite"),
    });
    const both = await addAccount({
      name: "both",
      token: newKey(),
      veo3FastCredits: 80,
      veo3LiteCredits: 40,
      modelCosts: { veo3_fast: 65 },
    });
    expect(both.modelCosts).toEqual({ veo3_fast: 65, veo3_lite: 40 });
  });

  it("says 'Low Credits' below 400 and 'Available' from 400", async () => {
    expect((await addAccount({ name: "low", token: newKey(), totalCredits: 399 })).status).toBe("Low Credits");
    expect((await addAccount({ name: "edge", token: newKey(), totalCredits: "400" })).status).toBe("Available");
  });

  it.each([
    [{ token: "k-missing-name" }, "Name is required"],
    [{ name: "   ", token: "k-blank-name" }, "Name is required"],
    [{ name: "no token" }, "Token is required"],
    [{ name: "negative", token: "k-neg", totalCredits: -1 }, "Total credits must be a whole number, 0 or more"],
    [
      { name: "fraction", token: "k-frac", veo3FastCredits: 1.5 },
      "Veo3 Fast credits must be a whole number, 0 or more",
    ],
    [
      { name: "negative lite", token: "k-lite", veo3LiteCredits: -1 },
      "Veo3 Lite credits must be a whole number, 0 or more",
    ],
    [
      { name: "text", token: "k-text", veo3QualityCredits: "lots" },
      "Veo3 Quality credits must be a whole number, 0 or more",
    ],
    [{ name: "flag", token: "k-flag", isEnabled: "yes" }, "isEnabled must be true or false"],
    [{ name: "vendor", token: "k-vendor", vendor: "openai" }, 'vendor must be "kie", "google" or "vertex"'],
    [
      { name: "unknown model", token: "k-model", modelCosts: { veo3_fast: 60, sora_2: 100 } },
      `modelCosts: "sora_2" is not a model; the models are ${MODELS.join(", ")}`,
    ],
    [
      { name: "costs list", token: "k-list", modelCosts: [60] },
      `modelCosts must be an object of model id (${MODELS.join(", ")}) to credits per video`,
    ],
    [
      { name: "fraction cost", token: "k-cost", modelCosts: { veo3_fast: 60.5 } },
      "Veo3 Fast credits must be a whole number, 0 or more",
    ],
    [
      { name: "huge cost", token: "k-huge", modelCosts: { veo3: 100_000_001 } },
      "Veo3 (Quality) credits must be at most 100000000",
    ],
    [{ name: "masked", token: `${MASK_PREFIX}abcd` }, "Paste the full KIE API key, not the masked one"],
  ])("refuses %j with a clear 400", async (body, message) => {
    const res = await admin.post("/api/admin/kie-apis", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a key that is already in the list, even under concurrent adds", async () => {
    const token = newKey();
    const results = await Promise.all(
      [1, 2, 3].map((i) => admin.post("/api/admin/kie-apis", { name: `dup ${i}`, token })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe("This KIE API key is already in the list");
  });
});

describe("PUT /api/admin/kie-apis/:id", () => {
  it("keeps the key when the token is blank or masked, replaces it when a new one is typed", async () => {
    const token = newKey();
    const account = await addAccount({ name: "to edit", token });
    const keep = await admin.put(`/api/admin/kie-apis/${account.id}`, {
      name: "renamed",
      token: account.token,
      totalCredits: 120,
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({
      message: "KIE API saved",
      kieApi: { name: "renamed", totalCredits: 120, status: "Low Credits" },
    });
    await admin.put(`/api/admin/kie-apis/${account.id}`, { token: "", isEnabled: false });
    const [kept] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
    expect(t.secretBox.decrypt(kept!.tokenEncrypted)).toBe(token);
    expect(kept!.isEnabled).toBe(false);

    const replacement = newKey();
    const replaced = await admin.put(`/api/admin/kie-apis/${account.id}`, { token: replacement });
    expect(replaced.json().kieApi.token).toBe(MASK_PREFIX + replacement.slice(-4));
    expect(replaced.body).not.toContain(replacement);
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
    expect(t.secretBox.decrypt(row!.tokenEncrypted)).toBe(replacement);
  });

  it("changes the vendor; a given modelCosts replaces the stored map, legacy fields alone change their entries", async () => {
    const account = await addAccount({ name: "costs", token: newKey(), modelCosts: { veo3: 300, veo3_fast: 70 } });
    const path = `/api/admin/kie-apis/${account.id}`;
    const replaced = await admin.put(path, { vendor: "google", modelCosts: { veo3_lite: 20 } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().kieApi).toMatchObject({
      vendor: "google",
      modelCosts: { veo3_lite: 20 },
      veo3QualityCredits: defaultModelCost("veo3"),
      veo3LiteCredits: 20,
    });
    const legacy = await admin.put(path, { veo3FastCredits: 90 });
    expect(legacy.json().kieApi).toMatchObject({ vendor: "google", modelCosts: { veo3_fast: 90, veo3_lite: 20 } });
    const kept = await admin.put(path, { name: "costs renamed" });
    expect(kept.json().kieApi.modelCosts).toEqual({ veo3_fast: 90, veo3_lite: 20 });
    const cleared = await admin.put(path, { modelCosts: {} });
    expect(cleared.json().kieApi).toMatchObject({ modelCosts: {}, veo3FastCredits: defaultModelCost("veo3_fast") });
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
    expect(row).toMatchObject({ vendor: "google", modelCosts: {} });

    const unknown = await admin.put(path, { modelCosts: { veo2: 10 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(`modelCosts: "veo2" is not a model; the models are ${MODELS.join(", ")}`);
  });

  it("saves a Google key without asking KIE, and tries a new key on KIE only for KIE accounts", async () => {
    const before = sim.stats.calls.credit;
    const google = await addAccount({ name: "google key", token: newKey(), vendor: "google" });
    await admin.put(`/api/admin/kie-apis/${google.id}`, { token: newKey() });
    expect(sim.stats.calls.credit).toBe(before);
    await admin.put(`/api/admin/kie-apis/${google.id}`, { token: newKey(), vendor: "kie" });
    expect(sim.stats.calls.credit).toBe(before + 1);
  });

  it("refuses another account's key, a bad id and an unknown id", async () => {
    const taken = newKey();
    await addAccount({ name: "owner", token: taken });
    const other = await addAccount({ name: "other", token: newKey() });
    const dup = await admin.put(`/api/admin/kie-apis/${other.id}`, { token: taken });
    expect(dup.statusCode).toBe(409);
    const bad = await admin.put("/api/admin/kie-apis/not-a-uuid", { name: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("KIE API id must be a valid UUID");
    const unknown = await admin.put("/api/admin/kie-apis/00000000-0000-4000-8000-000000000000", { name: "x" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("KIE API account not found");
  });
});

describe("POST /api/admin/kie-apis/:id/check-credits", () => {
  it("asks KIE for the real balance and stores it", async () => {
    const token = newKey();
    sim.accounts.set(token, { credits: 250 });
    const account = await addAccount({ name: "checked", token });
    const res = await admin.post(`/api/admin/kie-apis/${account.id}/check-credits`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "KIE reports 250 credits",
      kieApi: { totalCredits: 250, status: "Low Credits" },
    });
    sim.accounts.set(token, { credits: 5000 });
    const again = await admin.post(`/api/admin/kie-apis/${account.id}/check-credits`, {});
    expect(again.json().kieApi).toMatchObject({ totalCredits: 5000, status: "Available" });
  });

  it("says so when KIE rejects the key (422) or is down (502), and keeps the stored figure", async () => {
    const token = newKey();
    const account = await addAccount({ name: "revoked", token, totalCredits: 700 });
    sim.accounts.set(token, { credits: 10, revoked: true });
    const rejected = await admin.post(`/api/admin/kie-apis/${account.id}/check-credits`, {});
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().message).toMatch(/KIE rejected this API key/);
    sim.accounts.set(token, { credits: 10 });
    sim.faults.inject("credit", { httpStatus: 503 });
    const down = await admin.post(`/api/admin/kie-apis/${account.id}/check-credits`, {});
    expect(down.statusCode).toBe(502);
    expect(down.body).not.toContain(token);
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
    expect(row!.totalCredits).toBe(700);
  });
});

describe("POST /api/admin/kie-apis/:id/check-credits for a Google account", () => {
  it("is refused with a 422 that says why, and asks KIE nothing", async () => {
    const account = await addAccount({ name: "gemini", token: newKey(), vendor: "google", totalCredits: 700 });
    const before = sim.stats.calls.credit;
    const res = await admin.post(`/api/admin/kie-apis/${account.id}/check-credits`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "unprocessable",
      message: "Balance checks are for KIE accounts; Google bills your Cloud project",
    });
    expect(sim.stats.calls.credit).toBe(before);
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
    expect(row!.totalCredits).toBe(700);
  });
});

describe("DELETE /api/admin/kie-apis/:id", () => {
  it("removes the account but keeps the history of the videos it made", async () => {
    const account = await addAccount({
      name: "used",
      token: newKey(),
      totalCredits: 100_000,
      modelCosts: { veo3_fast: 80 },
    });
    const u = await userWithCredits(t.app, t.database.db, 5);
    const gen = await u.client.post("/api/generate-video", { prompt: "made by an account", model: "veo3_fast" });
    expect(gen.statusCode, gen.body).toBe(200);
    const { taskId } = gen.json();
    expect((await taskRow(t.database.db, taskId)).vendorAccountId).toBe(account.id);
    const listed = (await admin.get("/api/admin/kie-apis")).json<VendorAccountView[]>();
    expect(listed.find((a) => a.id === account.id)).toMatchObject({
      taskCount: 1,
      totalCredits: 100_000 - 80,
      totalUsage: 80,
    });

    const res = await admin.request("DELETE", `/api/admin/kie-apis/${account.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "KIE API deleted" });
    const task = await taskRow(t.database.db, taskId);
    expect(task).toMatchObject({ vendorAccountId: null, prompt: "made by an account" });
    const usage = await t.database.db.select().from(transactions).where(eq(transactions.videoTaskId, task.id));
    expect(usage).toHaveLength(1);
    expect((await admin.request("DELETE", `/api/admin/kie-apis/${account.id}`)).statusCode).toBe(404);
    const [gone] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
    expect(gone).toBeUndefined();
  });
});
