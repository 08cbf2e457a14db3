/**
 * KIE's Market surface (issue 22, decision 0051): with the admin's setting on "market", new videos
 * are made through /api/v1/jobs/createTask (model veo-3-1) and read from /api/v1/jobs/recordInfo,
 * through the same worker, ledger and 1080p fetch; tasks keep the surface that made them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
  randomPng,
  uploadImage,
} from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

const useSurface = async (kieSurface: "veo" | "market") => {
  const res = await admin.put("/api/admin/settings", { kieSurface });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings.kieSurface).toBe(kieSurface);
};

describe("the Market surface", () => {
  it("makes a video to completion and its 1080p version; a task made before the switch is still read on the Veo API", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const { taskId: before } = (
      await u.client.post("/api/generate-video", { prompt: "made on the veo api", model: "veo3_fast" })
    ).json();
    await useSurface("market");
    try {
      const created = t.sim.stats.calls["create-task"];
      const res = await u.client.post("/api/generate-video", {
        prompt: "made on the market",
        model: "veo3_lite",
        mode: "reference",
        imageUrls: [(await uploadImage(t.app, u.client.sessionCookie, randomPng(), "a.png")).json().imageUrl],
      });
      expect(res.statusCode, res.body).toBe(200);
      const { taskId } = res.json<{ taskId: string }>();
      expect(t.sim.stats.calls["create-task"]).toBe(created + 1);
      expect(await taskRow(db(), taskId)).toMatchObject({
        providerSurface: "market",
        model: "veo3_lite",
        mode: "reference",
      });
      await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
      expect((await taskRow(db(), taskId)).resultUrls![0]).toMatch(/720p\.mp4$/);
      // The earlier task is read where it was made.
      await runWorkerUntil(t, async () => (await taskRow(db(), before)).status === "completed");
      expect((await taskRow(db(), before)).providerSurface).toBe("veo");
    } finally {
      await useSurface("veo");
    }
  });

  it("a Market failure is a failure, refunded once", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    await useSurface("market");
    try {
      const { taskId } = (
        await u.client.post("/api/generate-video", { prompt: "doomed [sim:fail]", model: "veo3_fast" })
      ).json();
      await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "failed");
      expect(await taskRow(db(), taskId)).toMatchObject({ refunded: true, providerSurface: "market" });
      expect((await balanceOf(db(), u.id)).credits).toBe(10);
      const refused = await u.client.post("/api/generate-video", {
        prompt: "maintenance [sim:code-455]",
        model: "veo3_fast",
      });
      expect(refused.statusCode).toBe(503);
      expect((await balanceOf(db(), u.id)).credits).toBe(10);
    } finally {
      await useSurface("veo");
    }
  });

  it("the setting takes only veo or market", async () => {
    const res = await admin.put("/api/admin/settings", { kieSurface: "jobs" });
    expect(res.json()).toEqual({ message: "kieSurface must be veo or market", code: "invalid_input" });
  });
});
