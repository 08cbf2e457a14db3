/**
 * The admin turns models on and off (issue 42): a model turned off leaves GET /api/models, the
 * prices and the form; a new video with it is refused with 409 and nothing charged, screened or
 * recorded, on the web, the API and as an extension; videos already made with it stay.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, moderationEvents, videoTasks } from "../../src/server/db/schema.js";
import { MODEL_CATALOGUE, MODELS } from "../../src/shared/catalogue.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createVideoTestApp();
  await makingCostsNextToNothing(t.database.db);
  admin = await signInAdmin(t);
});
afterEach(async () => {
  await admin.put("/api/admin/settings", { disabledModels: [] });
  await expectLedgerBalanced(db());
});
afterAll(() => t.close());

const offer = async (disabledModels: string[]) => {
  const res = await admin.put("/api/admin/settings", { disabledModels });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().settings.disabledModels as string[];
};
const listed = async (url: string) =>
  (await t.app.inject({ method: "GET", url }))
    .json<{ models: Array<{ id?: string; model?: string }> }>()
    .models.map((m) => m.id ?? m.model);

describe("a model turned off", () => {
  it("leaves the model list and the prices; the old price fields stay for old clients", async () => {
    expect(await offer(["veo3_lite", "veo3_lite"])).toEqual(["veo3_lite"]);
    const others = MODELS.filter((m) => m !== "veo3_lite");
    expect(await listed("/api/models")).toEqual(others);
    expect(await listed("/api/pricing/current")).toEqual(others);
    expect((await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json()).toHaveProperty("veo3_fast");
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "settings.update"))
      .orderBy(adminAuditLog.createdAt)
      .then((rows) => rows.slice(-1));
    expect(JSON.stringify(entry?.details)).toContain("disabledModels");
  });

  it("refuses a new video with 409 on the web and the API, with nothing charged, screened or recorded", async () => {
    await offer(["veo3_lite"]);
    const u = await userWithCredits(t.app, db(), 10);
    const web = await u.client.post("/api/generate-video", { prompt: "a lite video", model: "veo3_lite" });
    expect(web.statusCode, web.body).toBe(409);
    expect(web.json()).toMatchObject({
      code: "conflict",
      reason: "model_unavailable",
      message: `Veo3 Lite is not offered at the moment. Choose another model: ${MODELS.filter((m) => m !== "veo3_lite")
        .map((m) => MODEL_CATALOGUE[m].label)
        .join(", ")}.`,
    });
    const token = (await u.client.post("/api/user-tokens", { name: "offer" })).json().token as string;
    const api = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "a lite video by api", model: "veo3_lite" },
    });
    expect(api.statusCode, api.body).toBe(409);
    expect((await balanceOf(db(), u.id)).credits).toBe(10);
    expect(await db().select().from(videoTasks).where(eq(videoTasks.userId, u.id))).toHaveLength(0);
    expect(await db().select().from(moderationEvents).where(eq(moderationEvents.userId, u.id))).toHaveLength(0);
    // The others still work.
    const fast = await u.client.post("/api/generate-video", { prompt: "a fast video", model: "veo3_fast" });
    expect(fast.statusCode, fast.body).toBe(200);
  });

  it("keeps videos already made with it, but makes no extension of them", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const made = await u.client.post("/api/generate-video", { prompt: "made before", model: "veo3_lite" });
    const { taskId } = made.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    await offer(["veo3_lite"]);

    const list = await u.client.get("/api/video-tasks");
    expect(list.json().tasks.map((x: { taskId: string }) => x.taskId)).toContain(taskId);
    expect((await u.client.get(`/api/video-status/${taskId}`)).statusCode).toBe(200);
    const before = (await balanceOf(db(), u.id)).credits;
    const extend = await u.client.post(`/api/videos/${taskId}/extend`, { prompt: "and then" });
    expect(extend.statusCode, extend.body).toBe(409);
    expect((await balanceOf(db(), u.id)).credits).toBe(before);
  });

  it("cannot leave no model at all, nor name one the catalogue lacks", async () => {
    const all = await admin.put("/api/admin/settings", { disabledModels: [...MODELS] });
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toContain("At least one model must stay on");
    const unknown = await admin.put("/api/admin/settings", { disabledModels: ["veo2"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("disabledModels takes model ids");
    expect(await listed("/api/models")).toEqual([...MODELS]);
  });
});
