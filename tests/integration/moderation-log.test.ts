/**
 * Prompt screening for admins (issue 41, decision 0089): its settings card (validated, audited),
 * the moderation log (filters, pages, marking reviewed), the person refused too often flagged on
 * their admin page, and the overview's refusals per day. Screenings go through the real path, the
 * built-in simulator standing in for Creem (Creem payments are off here, videos simulated).
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, moderationEvents } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import type { ModerationEventView, ModerationLogPage } from "../../src/shared/schemas/moderation.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t?.close());

type User = Awaited<ReturnType<typeof userWithCredits>>;

const generate = (u: User, prompt: string, extra: Record<string, unknown> = {}) =>
  u.client.post("/api/generate-video", { prompt, model: "veo3_fast", ...extra });

async function log(query = ""): Promise<ModerationLogPage> {
  const res = await admin.get(`/api/admin/moderation${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("the settings card", () => {
  it("reads the defaults: Creem screening on, refusing flags and unreachable screeners, the simulator standing in", async () => {
    const res = await admin.get("/api/admin/settings/moderation");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      moderationCreemEnabled: true,
      moderationFlagAction: "refuse",
      moderationUnreachableAction: "refuse",
      moderationRefusalsFlag: 5,
      moderationRules: [],
      creemPayments: false,
      creemScreener: "simulator",
    });
  });

  it("saves a change with its audit entry; duplicates dropped; Creem off means no Creem screener", async () => {
    const res = await admin.put("/api/admin/settings/moderation", {
      moderationCreemEnabled: false,
      moderationFlagAction: "review",
      moderationRules: [
        { text: "  forbidden fruit ", kind: "deny" },
        { text: "FORBIDDEN FRUIT", kind: "deny" },
        { text: "*nsfw*", kind: "flag" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      moderationCreemEnabled: false,
      moderationFlagAction: "review",
      moderationRules: [
        { text: "forbidden fruit", kind: "deny" },
        { text: "*nsfw*", kind: "flag" },
      ],
      creemScreener: "none",
    });
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "moderation.update"))
      .orderBy(sql`${adminAuditLog.id} desc`)
      .limit(1);
    const fields = (entry!.details as { changes: { field: string }[] }).changes.map((c) => c.field).sort();
    expect(fields).toEqual(["moderationCreemEnabled", "moderationFlagAction", "moderationRules"]);
    await updateSettings(db(), t.secretBox, {
      moderationCreemEnabled: true,
      moderationFlagAction: "refuse",
      moderationRules: [],
    });
  });

  it.each([
    ["a wildcard inside a rule", { moderationRules: [{ text: "ki*ll", kind: "deny" }] }],
    ["a line break in a rule", { moderationRules: [{ text: "kill\r\nall", kind: "deny" }] }],
    ["a rule of symbols only", { moderationRules: [{ text: "*!!*", kind: "deny" }] }],
    ["a rule too long", { moderationRules: [{ text: "a".repeat(101), kind: "deny" }] }],
    ["an unknown kind", { moderationRules: [{ text: "kill", kind: "allow" }] }],
    [
      "too many rules",
      { moderationRules: Array.from({ length: 501 }, (_, i) => ({ text: `word${i}`, kind: "flag" })) },
    ],
    ["a threshold of 0", { moderationRefusalsFlag: 0 }],
    ["a threshold as text", { moderationRefusalsFlag: "5" }],
    ["an unknown action", { moderationFlagAction: "allow" }],
  ])("refuses %s (400, nothing saved)", async (_name, body) => {
    const before = (await admin.get("/api/admin/settings/moderation")).json();
    const res = await admin.put("/api/admin/settings/moderation", body);
    expect(res.statusCode, res.body).toBe(400);
    expect((await admin.get("/api/admin/settings/moderation")).json()).toEqual(before);
  });
});

describe("the moderation log", () => {
  let ann: User;
  let bob: User;

  beforeAll(async () => {
    ann = await userWithCredits(t.app, db(), 20);
    bob = await userWithCredits(t.app, db(), 20);
    expect((await generate(ann, "a duel [mod:deny]")).statusCode).toBe(422);
    expect((await generate(ann, "a quiet lake", { watermark: "brand [mod:flag]" })).statusCode).toBe(422);
    t.sim.faults.inject("moderation", { httpStatus: 500 });
    expect((await generate(bob, "a calm sea")).statusCode).toBe(503);
    await updateSettings(db(), t.secretBox, { moderationFlagAction: "review" });
    expect((await generate(bob, "a boxing match [mod:flag]")).statusCode).toBe(200);
    await updateSettings(db(), t.secretBox, { moderationFlagAction: "refuse" });
  });

  const mine = (page: ModerationLogPage) => page.data.filter((e) => e.userId === ann.id || e.userId === bob.id);

  it("lists what did not simply pass, newest first, with the person's name", async () => {
    const rows = mine(await log());
    expect(rows.map((e) => [e.username, e.field, e.screener, e.decision, e.outcome])).toEqual([
      [bob.username, "prompt", "simulator", "flag", "review"],
      [bob.username, "prompt", "simulator", "unavailable", "refused"],
      [ann.username, "watermark", "simulator", "flag", "refused"],
      [ann.username, "prompt", "simulator", "deny", "refused"],
    ]);
    expect(rows[3]).toMatchObject({ source: "web", text: "a duel [mod:deny]", reviewedAt: null, reviewedBy: null });
  });

  it.each([
    ["?decision=deny", [["prompt", "deny"]]],
    ["?decision=unavailable", [["prompt", "unavailable"]]],
    ["?outcome=review", [["prompt", "flag"]]],
    ["?needsReview=true", [["prompt", "flag"]]],
    ["?screener=rules", []],
    ["?source=api", []],
  ])("filters by %s", async (query, expected) => {
    expect(mine(await log(query)).map((e) => [e.field, e.decision])).toEqual(expected);
  });

  it("filters by person (id from their page, or part of the name, any case) and by day", async () => {
    expect((await log(`?userId=${ann.id}`)).data.map((e) => e.userId)).toEqual([ann.id, ann.id]);
    expect((await log(`?username=${bob.username.toUpperCase()}`)).data.map((e) => e.userId)).toEqual([bob.id, bob.id]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(mine(await log(`?dateFrom=${today}&dateTo=${today}`))).toHaveLength(4);
    expect(mine(await log(`?dateFrom=${tomorrow}`))).toHaveLength(0);
    expect(mine(await log(`?dateTo=${yesterday}`))).toHaveLength(0);
  });

  it.each([
    "?decision=maybe",
    "?userId=not-a-uuid",
    "?cursor=1",
    "?dateFrom=2026-02-30",
    "?dateFrom=2026-05-02&dateTo=2026-05-01",
    `?username=${"a".repeat(101)}`,
    "?needsReview=yes",
  ])("refuses %s (400)", async (query) => {
    expect((await admin.get(`/api/admin/moderation${query}`)).statusCode).toBe(400);
  });

  it("pages 50 at a time by a cursor, each entry once, in order", async () => {
    const carl = await userWithCredits(t.app, db(), 0);
    const start = Date.now() - 3_600_000;
    // The same time twice in a row: the id tells them apart.
    await db()
      .insert(moderationEvents)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          userId: carl.id,
          source: "api",
          field: "prompt",
          text: `prompt ${i}`,
          screener: "rules",
          decision: "deny",
          outcome: "refused",
          createdAt: new Date(start + Math.floor(i / 2) * 1000),
        })),
      );
    const seen: ModerationEventView[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page++) {
      const got = await log(`?userId=${carl.id}${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...got.data);
      if (!got.nextCursor) break;
      cursor = got.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((e) => e.id)).size).toBe(120);
    const times = seen.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe("marking an entry reviewed", () => {
  it("records who and when, once, with its audit entry; the review list drops it", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    await updateSettings(db(), t.secretBox, { moderationFlagAction: "review" });
    expect((await generate(u, "a sword fight [mod:flag]")).statusCode).toBe(200);
    await updateSettings(db(), t.secretBox, { moderationFlagAction: "refuse" });
    const [entry] = (await log(`?userId=${u.id}&needsReview=true`)).data;
    expect(entry).toBeDefined();

    const res = await admin.post(`/api/admin/moderation/${entry!.id}/review`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({ id: entry!.id, reviewedBy: "admin", reviewedAt: expect.any(String) });
    expect((await log(`?userId=${u.id}&needsReview=true`)).data).toEqual([]);
    expect((await log(`?userId=${u.id}&needsReview=false`)).data.map((e) => e.id)).toEqual([entry!.id]);
    const audits = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "moderation.review"), eq(adminAuditLog.targetId, entry!.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetType: "moderation_event", targetLabel: u.username });

    // Again: 409, and no second audit entry.
    expect((await admin.post(`/api/admin/moderation/${entry!.id}/review`)).statusCode).toBe(409);
    const again = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "moderation.review"), eq(adminAuditLog.targetId, entry!.id)));
    expect(again).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await admin.post(`/api/admin/moderation/${crypto.randomUUID()}/review`)).statusCode).toBe(404);
    expect((await admin.post("/api/admin/moderation/not-an-id/review")).statusCode).toBe(404);
    expect((await admin.post("/api/admin/moderation/' or 1=1 --/review")).statusCode).toBe(404);
  });

  it("marks reviewed once when two admins click at the same time", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const [row] = await db()
      .insert(moderationEvents)
      .values({
        userId: u.id,
        source: "web",
        field: "prompt",
        text: "race",
        screener: "creem",
        decision: "flag",
        outcome: "review",
      })
      .returning();
    const results = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/moderation/${row!.id}/review`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe("a person refused often", () => {
  beforeEach(() => updateSettings(db(), t.secretBox, { moderationRefusalsFlag: 3 }));
  const detail = async (u: User) => (await admin.get(`/api/admin/users/${u.id}`)).json().moderation;

  it("is flagged on their admin page at the admin's line, counting each refused request once", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const other = await userWithCredits(t.app, db(), 10);
    expect(await detail(u)).toEqual({ refusals24h: 0, threshold: 3, flagged: false });
    // Prompt and watermark both refused: one request.
    expect((await generate(u, "a duel [mod:deny]", { watermark: "[mod:deny]" })).statusCode).toBe(422);
    expect((await generate(u, "a fight [mod:flag]")).statusCode).toBe(422);
    // A screener that could not be reached is not the person's doing.
    t.sim.faults.inject("moderation", { httpStatus: 500 });
    expect((await generate(u, "a calm sea")).statusCode).toBe(503);
    // Another person's refusals are theirs.
    expect((await generate(other, "[mod:deny]")).statusCode).toBe(422);
    expect(await detail(u)).toEqual({ refusals24h: 2, threshold: 3, flagged: false });

    expect((await generate(u, "again [mod:deny]")).statusCode).toBe(422);
    expect(await detail(u)).toEqual({ refusals24h: 3, threshold: 3, flagged: true });

    // A day later they no longer count.
    await db()
      .update(moderationEvents)
      .set({ createdAt: sql`${moderationEvents.createdAt} - interval '25 hours'` })
      .where(eq(moderationEvents.userId, u.id));
    expect(await detail(u)).toEqual({ refusals24h: 0, threshold: 3, flagged: false });
  });
});

describe("the overview", () => {
  it("counts refusals, unscreened refusals and reviews per day, each request once", async () => {
    const before = (await admin.get("/api/admin/overview?range=7d")).json().moderation;
    const u = await userWithCredits(t.app, db(), 10);
    expect((await generate(u, "[mod:deny]", { watermark: "[mod:deny]" })).statusCode).toBe(422);
    t.sim.faults.inject("moderation", { httpStatus: 500 });
    expect((await generate(u, "a calm sea")).statusCode).toBe(503);
    await updateSettings(db(), t.secretBox, { moderationFlagAction: "review" });
    expect((await generate(u, "[mod:flag]")).statusCode).toBe(200);
    await updateSettings(db(), t.secretBox, { moderationFlagAction: "refuse" });

    const after = (await admin.get("/api/admin/overview?range=7d")).json().moderation;
    expect(after.refused - before.refused).toBe(1);
    expect(after.unscreened - before.unscreened).toBe(1);
    expect(after.review - before.review).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const todayAfter = after.byDay.find((d: { day: string }) => d.day === today);
    const todayBefore = before.byDay.find((d: { day: string }) => d.day === today);
    expect(todayAfter.refused - todayBefore.refused).toBe(1);
    expect(after.byDay).toHaveLength(7);

    // Moved three days back, the refusal counts on that day.
    await db()
      .update(moderationEvents)
      .set({ createdAt: sql`${moderationEvents.createdAt} - interval '3 days'` })
      .where(and(eq(moderationEvents.userId, u.id), eq(moderationEvents.decision, "deny")));
    const moved = (await admin.get("/api/admin/overview?range=7d")).json().moderation;
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(moved.byDay.find((d: { day: string }) => d.day === threeDaysAgo).refused).toBeGreaterThanOrEqual(1);
    expect(moved.refused).toBe(after.refused);
  });
});
