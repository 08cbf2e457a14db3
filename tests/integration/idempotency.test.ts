/**
 * Idempotency-Key on the two routes that start a video (decision 0046): a repeated request gets
 * the first answer and is charged once, even twenty at the same moment; the same key with another
 * request is refused; keys are per person and expire; "try again" answers do not stick to a key.
 */
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, transactions, videoTasks } from "../../src/server/db/schema.js";
import { balanceOf, createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
const db = () => t.database.db;
type User = Awaited<ReturnType<typeof userWithCredits>>;

beforeAll(async () => {
  t = await createVideoTestApp();
});
afterAll(() => t.close());

const BODY = { prompt: "A lantern festival over a river", model: "veo3_fast", aspectRatio: "16:9", imageUrls: [] };

function generate(u: User, key: string | undefined, body: object = BODY): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url: "/api/generate-video",
    remoteAddress: u.client.remoteAddress,
    headers: {
      cookie: u.client.sessionCookie!,
      ...u.client.webAppHeaders,
      ...(key === undefined ? {} : { "idempotency-key": key }),
    },
    payload: body,
  });
}

async function tasksOf(u: User) {
  return db().select().from(videoTasks).where(eq(videoTasks.userId, u.id));
}

async function usageRows(u: User) {
  return (await db().select().from(transactions).where(eq(transactions.userId, u.id))).filter(
    (r) => r.type === "usage",
  );
}

describe("Idempotency-Key on POST /api/generate-video", () => {
  it("answers a repeat with the first answer, marked replayed, and charges once", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const first = await generate(u, "order-1");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await generate(u, "order-1");
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await tasksOf(u)).toHaveLength(1);
    expect(await usageRows(u)).toHaveLength(1);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 4, ledger: 4 });
    // Without a key, every request is a new video.
    expect((await generate(u, undefined)).statusCode).toBe(200);
    expect(await tasksOf(u)).toHaveLength(2);
  });

  it("twenty requests with one key at the same moment make one video and one charge", async () => {
    const u = await userWithCredits(t.app, db(), 30);
    const answers = await Promise.all(Array.from({ length: 20 }, () => generate(u, "burst")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json<{ taskId: string }>().taskId)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(19);
    expect(await tasksOf(u)).toHaveLength(1);
    expect(await usageRows(u)).toHaveLength(1);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 29, ledger: 29 });
  });

  it("refuses the same key with a different request, with a message that says what to do", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    expect((await generate(u, "reuse")).statusCode).toBe(200);
    const other = await generate(u, "reuse", { ...BODY, prompt: "Something else entirely" });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
    });
    expect(await tasksOf(u)).toHaveLength(1);
  });

  it("keys are per person: two people may use the same key", async () => {
    const [a, b] = [await userWithCredits(t.app, db(), 5), await userWithCredits(t.app, db(), 5)];
    const [ra, rb] = [await generate(a, "shared-key"), await generate(b, "shared-key")];
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(ra.json<{ taskId: string }>().taskId).not.toBe(rb.json<{ taskId: string }>().taskId);
    expect(rb.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a key expires after 24 hours: then it starts a new video, and the sweep deletes old keys", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const first = await generate(u, "daily");
    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.userId, u.id));
    const later = await generate(u, "daily");
    expect(later.statusCode).toBe(200);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(later.json<{ taskId: string }>().taskId).not.toBe(first.json<{ taskId: string }>().taskId);
    expect(await usageRows(u)).toHaveLength(2);

    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.userId, u.id));
    expect(await t.app.jobs.idempotencyKeySweep.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, u.id))).toEqual([]);
  });

  it("a final refusal is kept with its key; a 'try again later' is not", async () => {
    const poor = await userWithCredits(t.app, db(), 0);
    const refused = await generate(poor, "no-money");
    expect(refused.statusCode).toBe(402);
    const replayed = await generate(poor, "no-money");
    expect(replayed.statusCode).toBe(402);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toEqual(refused.json());

    // The provider is down: the answer is a 503 with the credits back, and the key is let go.
    const u = await userWithCredits(t.app, db(), 5);
    t.sim.faults.inject("generate", { httpStatus: 500 }, 10);
    try {
      expect((await generate(u, "provider-down")).statusCode).toBe(503);
    } finally {
      t.sim.faults.clear();
    }
    const retried = await generate(u, "provider-down");
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 4, ledger: 4 });
  });

  it("links the key to the video it paid for, in the same transaction as the charge", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const res = await generate(u, "linked");
    const [row] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, u.id));
    const [task] = await tasksOf(u);
    expect(row).toMatchObject({ state: "done", statusCode: 200, videoTaskId: task!.id });
    expect(task!.taskId).toBe(res.json<{ taskId: string }>().taskId);
  });

  it("refuses keys that are empty, too long or not printable ASCII", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    for (const key of ["", "x".repeat(256), "tab\there"]) {
      const res = await generate(u, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(
        "Idempotency-Key must be 1 to 255 printable ASCII characters",
      );
    }
    expect((await generate(u, "x".repeat(255))).statusCode).toBe(200);
    expect(await tasksOf(u)).toHaveLength(1);
  });
});

describe("Idempotency-Key on POST /api/n8n/generate", () => {
  it("replays the automation answer, and a key used on one route is not valid on the other", async () => {
    const u = await userWithCredits(t.app, db(), 30);
    const token = (await u.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
    const call = (key: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/n8n/generate",
        headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
        payload: { prompt: "A kite over the dunes", model: "veo3_fast", aspectRatio: "16:9" },
      });
    const first = await call("n8n-run-42");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true });
    const again = await call("n8n-run-42");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await usageRows(u)).toHaveLength(1);

    const web = await generate(u, "n8n-run-42");
    expect(web.statusCode).toBe(422);
    expect(web.json<{ code: string }>().code).toBe("idempotency_key_reused");

    const conflicting = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}`, "idempotency-key": "n8n-run-42" },
      payload: { prompt: "Another prompt", model: "veo3_fast", aspectRatio: "16:9" },
    });
    expect(conflicting.statusCode).toBe(422);
    expect(conflicting.json()).toMatchObject({ success: false, code: "idempotency_key_reused" });
  });
});
