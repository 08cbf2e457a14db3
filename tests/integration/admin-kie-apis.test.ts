import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kieApis, transactions } from "../../src/server/db/schema.js";
import { MASK_PREFIX } from "../../src/shared/mask.js";
import type { KieApiView } from "../../src/shared/schemas/kie-apis.js";
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

async function addAccount(body: Record<string, unknown>): Promise<KieApiView> {
  const res = await admin.post("/api/admin/kie-apis", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().kieApi as KieApiView;
}

describe("POST /api/admin/kie-apis", () => {
  it("stores the key sealed, applies the defaults and shows it only masked", async () => {
    const token = newKey();
    const res = await admin.post("/api/admin/kie-apis", { name: "Main account", token });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("KIE API saved");
    const view = res.json().kieApi as KieApiView;
    expect(view).toMatchObject({
      name: "Main account",
      token: MASK_PREFIX + token.slice(-4),
      totalCredits: 1000,
      veo3QualityCredits: 400,
      veo3FastCredits: 80,
      veo3LiteCredits: 40,
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
    expect(list.json<KieApiView[]>().find((a) => a.id === view.id)).toMatchObject({ token: view.token });
    const [row] = await t.database.db.select().from(kieApis).where(eq(kieApis.id, view.id));
    expect(row!.tokenEncrypted).not.toContain(token);
    expect(t.secretBox.decrypt(row!.tokenEncrypted)).toBe(token);
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
    const [kept] = await t.database.db.select().from(kieApis).where(eq(kieApis.id, account.id));
    expect(t.secretBox.decrypt(kept!.tokenEncrypted)).toBe(token);
    expect(kept!.isEnabled).toBe(false);

    const replacement = newKey();
    const replaced = await admin.put(`/api/admin/kie-apis/${account.id}`, { token: replacement });
    expect(replaced.json().kieApi.token).toBe(MASK_PREFIX + replacement.slice(-4));
    expect(replaced.body).not.toContain(replacement);
    const [row] = await t.database.db.select().from(kieApis).where(eq(kieApis.id, account.id));
    expect(t.secretBox.decrypt(row!.tokenEncrypted)).toBe(replacement);
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
    const [row] = await t.database.db.select().from(kieApis).where(eq(kieApis.id, account.id));
    expect(row!.totalCredits).toBe(700);
  });
});

describe("DELETE /api/admin/kie-apis/:id", () => {
  it("removes the account but keeps the history of the videos it made", async () => {
    const account = await addAccount({ name: "used", token: newKey(), totalCredits: 100_000 });
    const u = await userWithCredits(t.app, t.database.db, 5);
    const gen = await u.client.post("/api/generate-video", { prompt: "made by an account", model: "veo3_fast" });
    expect(gen.statusCode, gen.body).toBe(200);
    const { taskId } = gen.json();
    expect((await taskRow(t.database.db, taskId)).kieApiId).toBe(account.id);
    const listed = (await admin.get("/api/admin/kie-apis")).json<KieApiView[]>();
    expect(listed.find((a) => a.id === account.id)).toMatchObject({
      taskCount: 1,
      totalCredits: 100_000 - 80,
      totalUsage: 80,
    });

    const res = await admin.request("DELETE", `/api/admin/kie-apis/${account.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "KIE API deleted" });
    const task = await taskRow(t.database.db, taskId);
    expect(task).toMatchObject({ kieApiId: null, prompt: "made by an account" });
    const usage = await t.database.db.select().from(transactions).where(eq(transactions.videoTaskId, task.id));
    expect(usage).toHaveLength(1);
    expect((await admin.request("DELETE", `/api/admin/kie-apis/${account.id}`)).statusCode).toBe(404);
    const [gone] = await t.database.db.select().from(kieApis).where(eq(kieApis.id, account.id));
    expect(gone).toBeUndefined();
  });
});
