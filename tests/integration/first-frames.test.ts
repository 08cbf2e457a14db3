/**
 * A first frame made from text (issue 71, decision 0161): charged with its image task in one
 * transaction, made by the simulator's image model on KIE's Market, kept as the person's upload
 * and usable as a video's first frame; refused, failed or never taken, refunded exactly once.
 * Owner-scoped, switched off by the admin, screened, held like every spend, counted in fair use.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, imageTasks, transactions, uploads, users } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import { failImageTask } from "../../src/server/features/first-frames/first-frame-state.js";
import { refundImageTask } from "../../src/server/features/credits/ledger.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  allowInFlight,
  balanceOf,
  createVideoTestApp,
  sleep,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp({ firstFrameWorker: { pollScheduleMs: [0] } });
  admin = await signInAdmin(t);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

interface FirstFrame {
  id: string;
  status: string;
  imageUrl: string | null;
  creditsUsed: number;
  failureKind: string | null;
  refunded: boolean;
  error: string | null;
}

const create = (client: Client, prompt: string, aspectRatio = "16:9") =>
  client.post("/api/first-frames", { prompt, aspectRatio });

/** Runs the first-frame worker, the simulator's clock moving on, until the image task has ended. */
async function untilEnded(id: string): Promise<typeof imageTasks.$inferSelect> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    await t.app.jobs.firstFrameWorker.runOnce();
    const [row] = await db().select().from(imageTasks).where(eq(imageTasks.id, id));
    if (row && row.status !== "generating") return row;
    t.sim.advance?.(100);
    await sleep(5);
  }
  throw new Error("the first frame did not end in time");
}

const rowsOf = async (imageTaskId: string) =>
  db().select().from(transactions).where(eq(transactions.imageTaskId, imageTaskId));

describe("a first frame from text", () => {
  it("is charged with its task, made, kept as the person's upload and used as a video's first frame", async () => {
    const person = await userWithCredits(t.app, db(), 50);
    const res = await create(person.client, "a lighthouse at dusk, wide shot", "16:9");
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<{ firstFrame: FirstFrame; remainingCredits: number }>();
    const price = started.firstFrame.creditsUsed;
    expect(price).toBeGreaterThan(0);
    expect(started.firstFrame.status).toBe("generating");
    expect(started.remainingCredits).toBe(50 - price);
    // One usage row, in the same transaction as the task: the image task's.
    const usage = await rowsOf(started.firstFrame.id);
    expect(usage.map((r) => [r.type, r.amount])).toEqual([["usage", -price]]);
    // The Market was asked for the admin's model with Nano Banana 2's input.
    const sent = t.sim.stats.submissions.at(-1) as { model?: string; input?: Record<string, unknown> };
    expect(sent.model).toBe("nano-banana-2");
    expect(sent.input).toMatchObject({ aspect_ratio: "16:9", resolution: "1K", output_format: "jpg", image_input: [] });

    const row = await untilEnded(started.firstFrame.id);
    expect(row.status).toBe("completed");
    const got = await person.client.get(`/api/first-frames/${started.firstFrame.id}`);
    expect(got.statusCode, got.body).toBe(200);
    const done = got.json<FirstFrame>();
    expect(done).toMatchObject({ status: "completed", refunded: false, error: null });
    expect(done.imageUrl).toMatch(/\/uploads\/[a-f0-9]{32}\.jpg$/);
    // Kept as the person's upload: a row of theirs, not yet used, and a real JPEG of 16:9 at 1K.
    const name = done.imageUrl!.split("/uploads/")[1]!;
    const [upload] = await db().select().from(uploads).where(eq(uploads.name, name));
    expect(upload).toMatchObject({ userId: person.id, referencedAt: null });
    const file = await t.app.inject({ method: "GET", url: `/uploads/${name}` });
    expect(file.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1024, 576]);

    // The generator puts it in the first-frame slot: a video from it marks the upload used.
    const video = await person.client.post("/api/generate-video", {
      prompt: "the lighthouse beam sweeps the sea",
      model: "veo3_fast",
      mode: "image",
      aspectRatio: "16:9",
      imageUrls: [done.imageUrl],
    });
    expect(video.statusCode, video.body).toBe(200);
    const [used] = await db().select().from(uploads).where(eq(uploads.name, name));
    expect(used!.referencedAt).not.toBeNull();
    expect((await rowsOf(started.firstFrame.id)).length).toBe(1);
  });

  it("is its owner's alone: another person's id, an unknown id and a malformed one are not found", async () => {
    const owner = await userWithCredits(t.app, db(), 10);
    const stranger = await userWithCredits(t.app, db(), 10);
    const res = await create(owner.client, "a quiet forest path");
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ firstFrame: FirstFrame }>().firstFrame.id;
    expect((await stranger.client.get(`/api/first-frames/${id}`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/first-frames/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/first-frames/not-an-id`)).statusCode).toBe(400);
    expect((await owner.client.get(`/api/first-frames/${id}`)).statusCode).toBe(200);
    await untilEnded(id);
  });
});

describe("refused and failed first frames are refunded exactly once", () => {
  it("a prompt the image model refuses is refused in the product's words, refunded", async () => {
    const person = await userWithCredits(t.app, db(), 20);
    const res = await create(person.client, "a forbidden scene [sim:reject]");
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<{ reason: string; message: string }>();
    expect(body.reason).toBe("first_frame_refused");
    expect(body.message).not.toMatch(/flagged by Website/i);
    expect(body.message).toMatch(/refunded/);
    const [row] = await db().select().from(imageTasks).where(eq(imageTasks.userId, person.id));
    expect(row).toMatchObject({ status: "failed", failureKind: "refused", refunded: true });
    expect((await rowsOf(row!.id)).map((r) => r.type).sort()).toEqual(["refund", "usage"]);
    expect(await balanceOf(db(), person.id)).toEqual({ credits: 20, ledger: 20 });
  });

  it("a refusal met in the task and a failure end refunded, whoever fails them and however often", async () => {
    const person = await userWithCredits(t.app, db(), 20);
    await allowInFlight(db(), person.id);
    const flagged = (await create(person.client, "a scene [sim:flagged]")).json<{ firstFrame: FirstFrame }>();
    const failing = (await create(person.client, "a scene [sim:fail]")).json<{ firstFrame: FirstFrame }>();
    // Two workers at once (a second process on the same database): leases let one handle each task.
    const other = await createVideoTestApp({
      database: t.database,
      sim: t.sim,
      firstFrameWorker: { pollScheduleMs: [0] },
    });
    try {
      const end = Date.now() + 10_000;
      for (;;) {
        await Promise.all([t.app.jobs.firstFrameWorker.runOnce(), other.app.jobs.firstFrameWorker.runOnce()]);
        const rows = await db().select().from(imageTasks).where(eq(imageTasks.userId, person.id));
        if (rows.every((r) => r.status !== "generating")) break;
        if (Date.now() > end) throw new Error(`not ended: ${JSON.stringify(rows)}`);
        t.sim.advance?.(100);
        await sleep(5);
      }
    } finally {
      await other.close();
    }
    const refusedRow = (await db().select().from(imageTasks).where(eq(imageTasks.id, flagged.firstFrame.id)))[0]!;
    expect(refusedRow).toMatchObject({ status: "failed", failureKind: "refused", refunded: true });
    const failedRow = (await db().select().from(imageTasks).where(eq(imageTasks.id, failing.firstFrame.id)))[0]!;
    expect(failedRow).toMatchObject({ status: "failed", failureKind: null, refunded: true });
    const view = (await person.client.get(`/api/first-frames/${flagged.firstFrame.id}`)).json<FirstFrame>();
    expect(view).toMatchObject({ status: "failed", failureKind: "refused", refunded: true, imageUrl: null });
    expect(view.error).not.toMatch(/flagged by Website/i);

    // Failing and refunding again, at the same time, changes nothing.
    const id = failing.firstFrame.id;
    const again = await Promise.all([
      failImageTask(db(), id, "again", null),
      failImageTask(db(), id, "again", null),
      db().transaction((tx) => refundImageTask(tx, id, "again")),
    ]);
    expect(again).toEqual([false, false, 0]);
    for (const taskId of [flagged.firstFrame.id, id])
      expect((await rowsOf(taskId)).map((r) => r.type).sort()).toEqual(["refund", "usage"]);
    expect(await balanceOf(db(), person.id)).toEqual({ credits: 20, ledger: 20 });
  });

  it("two failures racing on a task still generating refund it once", async () => {
    const person = await userWithCredits(t.app, db(), 20);
    const res = await create(person.client, "a slow scene [sim:slow]");
    const id = res.json<{ firstFrame: FirstFrame }>().firstFrame.id;
    const results = await Promise.all(Array.from({ length: 4 }, () => failImageTask(db(), id, "timed out", null)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await rowsOf(id)).map((r) => r.type).sort()).toEqual(["refund", "usage"]);
    expect(await balanceOf(db(), person.id)).toEqual({ credits: 20, ledger: 20 });
    // The worker, meeting it later, leaves it failed.
    await t.app.jobs.firstFrameWorker.runOnce();
    const [row] = await db().select().from(imageTasks).where(eq(imageTasks.id, id));
    expect(row!.status).toBe("failed");
  });

  it("a task the image model never took is failed and refunded after its grace", async () => {
    const person = await userWithCredits(t.app, db(), 20);
    const res = await create(person.client, "an interrupted scene");
    const id = res.json<{ firstFrame: FirstFrame }>().firstFrame.id;
    // As if this process had died between the charge and the Market's answer.
    await db()
      .update(imageTasks)
      .set({ taskId: null, createdAt: new Date(Date.now() - 3 * 60_000), nextCheckAt: new Date() })
      .where(eq(imageTasks.id, id));
    await t.app.jobs.firstFrameWorker.runOnce();
    const [row] = await db().select().from(imageTasks).where(eq(imageTasks.id, id));
    expect(row).toMatchObject({ status: "failed", refunded: true });
    expect(await balanceOf(db(), person.id)).toEqual({ credits: 20, ledger: 20 });
  });
});

describe("when a first frame is refused before anything is charged", () => {
  it("the admin's switch turns it off (audited), and the model id is the admin's", async () => {
    const person = await userWithCredits(t.app, db(), 20);
    const off = await admin.put("/api/admin/settings", { firstFrameEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().settings.firstFrameEnabled).toBe(false);
    try {
      const res = await create(person.client, "a meadow");
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().reason).toBe("first_frame_off");
      // The generator hears it from the models' view and offers uploads only.
      expect((await person.client.get("/api/models")).json().firstFrame).toBe(false);
      expect(await balanceOf(db(), person.id)).toEqual({ credits: 20, ledger: 20 });
      const entries = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "settings.update"));
      expect(entries.some((e) => JSON.stringify(e.details).includes("firstFrameEnabled"))).toBe(true);
    } finally {
      await admin.put("/api/admin/settings", { firstFrameEnabled: true });
    }
    const model = await admin.put("/api/admin/settings", { firstFrameModel: "nano-banana-pro" });
    expect(model.statusCode, model.body).toBe(200);
    try {
      const res = await create(person.client, "a meadow at noon");
      expect(res.statusCode, res.body).toBe(202);
      expect((t.sim.stats.submissions.at(-1) as { model?: string }).model).toBe("nano-banana-pro");
      await untilEnded(res.json<{ firstFrame: FirstFrame }>().firstFrame.id);
    } finally {
      await admin.put("/api/admin/settings", { firstFrameModel: "nano-banana-2" });
    }
    const bad = await admin.put("/api/admin/settings", { firstFrameModel: "not a model; drop" });
    expect(bad.statusCode).toBe(400);
  });

  it("a prompt the admin's rules deny is refused unscreened by the image model, nothing charged", async () => {
    const person = await userWithCredits(t.app, db(), 20);
    await updateSettings(db(), t.secretBox, { moderationRules: [{ text: "forbidden fruit", kind: "deny" }] });
    try {
      const before = t.sim.stats.calls["create-task"];
      const res = await create(person.client, "a bowl of Forbidden Fruit");
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().reason).toBe("prompt_refused");
      expect(t.sim.stats.calls["create-task"]).toBe(before);
      expect(await db().select().from(imageTasks).where(eq(imageTasks.userId, person.id))).toEqual([]);
    } finally {
      await updateSettings(db(), t.secretBox, { moderationRules: [] });
    }
  });

  it("too few credits, credits owed and the fair-use limit refuse it", async () => {
    const poor = await userWithCredits(t.app, db(), 0);
    expect((await create(poor.client, "a meadow")).statusCode).toBe(402);
    const held = await userWithCredits(t.app, db(), 20);
    await db().update(users).set({ creditsOwed: 3 }).where(eq(users.id, held.id));
    const heldRes = await create(held.client, "a meadow");
    expect(heldRes.statusCode, heldRes.body).toBe(402);
    expect(heldRes.json().reason).toBe("credits_owed");

    // Fair use counts images with videos: at a limit of 1, an image being made stops the next one.
    const busy = await userWithCredits(t.app, db(), 20);
    await db().update(users).set({ maxVideosInFlight: 1 }).where(eq(users.id, busy.id));
    const first = await create(busy.client, "a slow scene [sim:slow]");
    expect(first.statusCode, first.body).toBe(202);
    const second = await create(busy.client, "another scene");
    expect(second.statusCode, second.body).toBe(429);
    expect(second.headers["retry-after"]).toBeDefined();
    expect(await db().select().from(imageTasks).where(eq(imageTasks.userId, busy.id))).toHaveLength(1);
    await untilEnded(first.json<{ firstFrame: FirstFrame }>().firstFrame.id);

    for (const who of [poor, held])
      expect(
        await db()
          .select()
          .from(imageTasks)
          .where(and(eq(imageTasks.userId, who.id))),
      ).toEqual([]);
  });
});
