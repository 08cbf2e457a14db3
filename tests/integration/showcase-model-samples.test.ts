/**
 * A sample per model (issue 72, decision 0166): the admin chooses one finished video of each model
 * (their own or a customer's shared one), audited; GET /api/showcase sends one per model that has
 * one, joined at read time like the showcase (a video unshared, deleted or no longer finished
 * leaves); while videos are simulated a model without a chosen sample gets the sample clip, and
 * on a live install it gets nothing.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, users, videoTasks } from "../../src/server/db/schema.js";
import { MODELS } from "../../src/shared/catalogue.js";
import type { AdminShowcase, ShowcaseView } from "../../src/shared/schemas/showcase.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

async function userIdOf(t: TestApp, username: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

async function insertVideo(
  t: TestApp,
  userId: string,
  values: Partial<typeof videoTasks.$inferInsert> = {},
): Promise<string> {
  const taskId = `sample-of-${crypto.randomBytes(5).toString("hex")}`;
  await t.database.db.insert(videoTasks).values({
    userId,
    taskId,
    prompt: `A kite festival on the beach, video ${taskId}`,
    model: "kling3",
    aspectRatio: "16:9",
    status: "completed",
    completedAt: new Date(),
    resultUrls: [`https://tempfile.example/${taskId}.mp4`],
    ...values,
  });
  return taskId;
}

const showcaseOf = async (t: TestApp): Promise<ShowcaseView> => {
  const res = await new Client(t.app).get("/api/showcase");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShowcaseView>();
};

describe("a sample per model on a simulated install", () => {
  let t: TestApp;
  let admin: Client;
  let adminId: string;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
    adminId = await userIdOf(t, "admin");
    customer = await signUp(t.app);
    customerId = await userIdOf(t, customer.username);
  });
  afterAll(() => t?.close());

  it("gives every model the sample clip for its shape, with its poster, until one is chosen", async () => {
    const view = await showcaseOf(t);
    expect(view.modelSamples.map((s) => s.model)).toEqual([...MODELS]);
    for (const sample of view.modelSamples) {
      expect(sample.sample).toBe(true);
      expect(sample.videoUrl).toMatch(/^\/media\/showcase\/sample-\d-16x9-720p\.mp4$/);
      expect(sample.posterUrl).toBe(sample.videoUrl.replace(/\.mp4$/, ".jpg"));
      expect((await new Client(t.app).get(sample.posterUrl!)).statusCode).toBe(200);
    }
  });

  it("lets only the admin choose, and refuses a video of another model, another person's unshared one or an unknown one", async () => {
    const own = await insertVideo(t, adminId, { model: "kling3" });
    const path = "/api/admin/showcase/model-samples/kling3";
    expect((await new Client(t.app).put(path, { taskId: own })).statusCode).toBe(401);
    expect((await customer.client.put(path, { taskId: own })).statusCode).toBe(403);
    expect((await customer.client.get("/api/admin/showcase")).statusCode).toBe(403);

    const otherModel = await insertVideo(t, adminId, { model: "wan26" });
    const wrong = await admin.put(path, { taskId: otherModel });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ reason: "showcase_video_unavailable", params: { taskId: otherModel } });
    const unshared = await insertVideo(t, customerId, { model: "kling3" });
    expect((await admin.put(path, { taskId: unshared })).statusCode).toBe(409);
    const unfinished = await insertVideo(t, adminId, { status: "generating", resultUrls: null, completedAt: null });
    expect((await admin.put(path, { taskId: unfinished })).statusCode).toBe(409);
    expect((await admin.put(path, { taskId: "no-such-video" })).statusCode).toBe(404);
    expect((await admin.put("/api/admin/showcase/model-samples/sora9", { taskId: own })).statusCode).toBe(400);
    expect((await admin.put(path, { taskId: "" })).statusCode).toBe(400);
    expect((await admin.put(path, {})).statusCode).toBe(400);

    const kling = (await showcaseOf(t)).modelSamples.find((s) => s.model === "kling3")!;
    expect(kling.sample).toBe(true);
  });

  it("offers each model's own eligible videos, shows the chosen one to visitors, audited, and clears it", async () => {
    const shareId = crypto.randomUUID();
    const shared = await insertVideo(t, customerId, { model: "seedance2", isPublic: true, shareId });
    const unshared = await insertVideo(t, customerId, { model: "seedance2" });
    const read = (await admin.get("/api/admin/showcase")).json<AdminShowcase>();
    expect(read.modelSamples.map((m) => m.model)).toEqual([...MODELS]);
    const seedance = read.modelSamples.find((m) => m.model === "seedance2")!;
    expect(seedance.chosen).toBeNull();
    expect(seedance.candidates.map((c) => c.taskId)).toContain(shared);
    expect(seedance.candidates.map((c) => c.taskId)).not.toContain(unshared);
    for (const entry of read.modelSamples)
      for (const candidate of entry.candidates) expect(candidate.model).toBe(entry.model);

    const saved = await admin.put("/api/admin/showcase/model-samples/seedance2", { taskId: shared });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminShowcase>().modelSamples.find((m) => m.model === "seedance2")!.chosen).toMatchObject({
      taskId: shared,
      owner: customer.username,
    });
    const view = await showcaseOf(t);
    expect(view.modelSamples.find((s) => s.model === "seedance2")).toEqual({
      id: shared,
      videoUrl: `https://tempfile.example/${shared}.mp4`,
      posterUrl: null,
      prompt: `A kite festival on the beach, video ${shared}`,
      caption: null,
      model: "seedance2",
      aspectRatio: "16:9",
      sample: false,
    });
    // The other models keep their clips.
    expect(view.modelSamples.filter((s) => s.sample)).toHaveLength(MODELS.length - 1);

    const entries = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "showcase.update"));
    expect(entries.find((e) => JSON.stringify(e.details).includes(shared))).toMatchObject({
      adminUsername: "admin",
      targetLabel: "Sample of Seedance 2",
      details: { modelSample: "seedance2", before: null, after: shared },
    });

    const cleared = await admin.put("/api/admin/showcase/model-samples/seedance2", { taskId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await showcaseOf(t)).modelSamples.find((s) => s.model === "seedance2")!.sample).toBe(true);
  });

  it("drops a sample its owner unshares (for good, even shared again) or deletes, and never sends a hidden prompt", async () => {
    const hidden = await insertVideo(t, customerId, {
      model: "hailuo23_pro",
      isPublic: true,
      shareId: crypto.randomUUID(),
      sharePromptHidden: true,
      prompt: "a secret family recipe, never to be shown",
    });
    expect((await admin.put("/api/admin/showcase/model-samples/hailuo23_pro", { taskId: hidden })).statusCode).toBe(
      200,
    );
    const body = (await new Client(t.app).get("/api/showcase")).body;
    expect(body).not.toContain("secret family recipe");
    expect((await showcaseOf(t)).modelSamples.find((s) => s.model === "hailuo23_pro")).toMatchObject({
      id: hidden,
      prompt: null,
      sample: false,
    });
    expect((await customer.client.put(`/api/videos/${hidden}/sharing`, { isPublic: false })).statusCode).toBe(200);
    expect((await showcaseOf(t)).modelSamples.find((s) => s.model === "hailuo23_pro")!.sample).toBe(true);
    expect((await customer.client.put(`/api/videos/${hidden}/sharing`, { isPublic: true })).statusCode).toBe(200);
    expect((await showcaseOf(t)).modelSamples.find((s) => s.model === "hailuo23_pro")!.sample).toBe(true);

    const own = await insertVideo(t, adminId, { model: "wan26" });
    expect((await admin.put("/api/admin/showcase/model-samples/wan26", { taskId: own })).statusCode).toBe(200);
    expect((await showcaseOf(t)).modelSamples.find((s) => s.model === "wan26")!.id).toBe(own);
    await t.database.db.update(videoTasks).set({ deletedAt: new Date() }).where(eq(videoTasks.taskId, own));
    expect((await showcaseOf(t)).modelSamples.find((s) => s.model === "wan26")!.sample).toBe(true);
  });
});

describe("a sample per model on a live install", () => {
  it("shows only the chosen samples: a model with none has nothing", async () => {
    const t = await createTestApp({ env: { KIE_API_KEY: "live-kie-key-0123456789" } });
    try {
      expect((await showcaseOf(t)).modelSamples).toEqual([]);
      const admin = await signInAdmin(t);
      const taskId = await insertVideo(t, await userIdOf(t, "admin"), { model: "veo3_lite", aspectRatio: "9:16" });
      expect((await admin.put("/api/admin/showcase/model-samples/veo3_lite", { taskId })).statusCode).toBe(200);
      const view = await showcaseOf(t);
      expect(view.source).toBe("none");
      expect(view.modelSamples.map((s) => [s.model, s.id, s.sample, s.aspectRatio])).toEqual([
        ["veo3_lite", taskId, false, "9:16"],
      ]);
    } finally {
      await t.close();
    }
  });
});
