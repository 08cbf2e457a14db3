/**
 * The audit log (decision 0052): every admin action leaves exactly one row saying who, when, from
 * which address and what (fields before and after, secrets by name only); refused actions leave
 * none; the database refuses to change or remove a row; the list filters and pages.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, videoTasks } from "../../src/server/db/schema.js";
import { startTelegramFake, type TelegramFake } from "../fakes/telegram-fake.mjs";
import type { Client } from "../helpers/test-app.js";
import { signInAdmin, signUp } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

const BOT_TOKEN = "654321:audit-bot-secret-in-clear";
const KIE_TOKEN = "kie-audit-settings-secret-0001";
const ACCOUNT_TOKEN = "kie-audit-account-secret-0002";
const NEW_ACCOUNT_TOKEN = "kie-audit-account-secret-0003";
const SECRETS = [BOT_TOKEN, KIE_TOKEN, ACCOUNT_TOKEN, NEW_ACCOUNT_TOKEN];

let sim: StartedSimulator;
let telegram: TelegramFake;
let t: VideoTestApp;
let admin: Client;

type Row = typeof adminAuditLog.$inferSelect;
let lastId = 0;

/** The rows written since the last call. */
async function newRows(): Promise<Row[]> {
  const rows = await t.database.db
    .select()
    .from(adminAuditLog)
    .where(gt(adminAuditLog.id, lastId))
    .orderBy(adminAuditLog.id);
  lastId = rows.at(-1)?.id ?? lastId;
  return rows;
}

/** Runs an admin action and returns the one audit row it left (failing on none or several, or on a secret in it). */
async function oneRow(action: () => Promise<{ statusCode: number; body: string }>, expectedStatus = 200): Promise<Row> {
  await newRows();
  const res = await action();
  expect(res.statusCode, res.body).toBe(expectedStatus);
  const rows = await newRows();
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  const text = JSON.stringify(rows[0]);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  return rows[0]!;
}

beforeAll(async () => {
  sim = await startSimulator();
  telegram = await startTelegramFake({ tokens: [BOT_TOKEN], chats: ["-100999"] });
  t = await createVideoTestApp({
    sim,
    env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, TELEGRAM_BASE_URL: telegram.url },
  });
  admin = await signInAdmin(t);
  await makingCostsNextToNothing(t.database.db);
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await telegram.close();
});

describe("every admin action leaves one audit row", () => {
  it("an admin's sign-in, with the address; a user's sign-in leaves none", async () => {
    await newRows();
    const again = await signInAdmin(t);
    const [row, ...rest] = await newRows();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      action: "admin.sign_in",
      adminUsername: "admin",
      ip: again.remoteAddress,
      details: { method: "password" },
    });
    await signUp(t.app);
    expect(await newRows()).toEqual([]);
  });

  it("settings: the fields that changed, prices before and after, secrets by name only", async () => {
    const row = await oneRow(() =>
      admin.put("/api/admin/settings", {
        kieToken: KIE_TOKEN,
        veo3Credits: 7,
        prices: { veo3_lite: { webCredits: 3 } },
        paypalEnabled: false,
      }),
    );
    expect(row).toMatchObject({
      action: "settings.update",
      adminUsername: "admin",
      ip: admin.remoteAddress,
      targetType: "settings",
    });
    const changes = (row.details as { changes: unknown[] }).changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: "kieToken", secret: true },
        { field: "prices.veo3.web", before: 5, after: 7 },
        { field: "prices.veo3_lite.web", before: 1, after: 3 },
      ]),
    );
    // paypalEnabled was already false: not a change.
    expect(changes).toHaveLength(3);
    // The same secret again is no change; clearing it is.
    const cleared = await oneRow(() => admin.put("/api/admin/settings", { kieToken: null }));
    expect((cleared.details as { changes: unknown[] }).changes).toEqual([{ field: "kieToken", secret: true }]);
  });

  it("Telegram: settings (the token by name) and the test message", async () => {
    const saved = await oneRow(() =>
      admin.put("/api/admin/settings/telegram", { telegramBotToken: BOT_TOKEN, telegramChatId: "-100999" }),
    );
    expect(saved).toMatchObject({ action: "telegram.update" });
    expect((saved.details as { changes: unknown[] }).changes).toEqual([
      { field: "telegramBotToken", secret: true },
      { field: "telegramChatId", before: null, after: "-100999" },
    ]);
    expect(await oneRow(() => admin.post("/api/test-telegram", {}))).toMatchObject({
      action: "telegram.test",
      details: { chatId: "-100999" },
    });
  });

  it("credit packages: added, changed (what changed), deleted", async () => {
    const created = await oneRow(
      () => admin.post("/api/admin/credit-packages", { name: "Audit pack", credits: 10, price: "1.00" }),
      201,
    );
    expect(created).toMatchObject({
      action: "package.create",
      targetType: "package",
      targetLabel: "Audit pack",
      details: { after: { name: "Audit pack", credits: 10 } },
    });
    const id = created.targetId!;
    const changed = await oneRow(() =>
      admin.put(`/api/admin/credit-packages/${id}`, { name: "Audit pack", credits: 12, price: "1.50" }),
    );
    expect(changed).toMatchObject({ action: "package.update", targetId: id });
    expect((changed.details as { changes: unknown[] }).changes).toEqual([
      { field: "credits", before: 10, after: 12 },
      { field: "price", before: "1.00", after: "1.50" },
    ]);
    expect(await oneRow(() => admin.delete(`/api/admin/credit-packages/${id}`))).toMatchObject({
      action: "package.delete",
      targetId: id,
      details: { deactivated: false },
    });
  });

  it("a user: credits before and after, disabled, enabled, signed out, a token revoked", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const credits = await oneRow(() =>
      admin.put(`/api/admin/users/${u.id}/credits`, {
        change: "subtract",
        amount: 30,
        reason: "chargeback",
        expectedCredits: 50,
      }),
    );
    expect(credits).toMatchObject({
      action: "user.credits",
      targetType: "user",
      targetId: u.id,
      targetLabel: u.username,
      details: {
        before: { credits: 50 },
        after: { credits: 20 },
        change: "subtract",
        amount: 30,
        reason: "chargeback",
      },
    });
    expect(await oneRow(() => admin.put(`/api/admin/users/${u.id}/toggle`, { isActive: false }))).toMatchObject({
      action: "user.disable",
      targetId: u.id,
    });
    expect(await oneRow(() => admin.put(`/api/admin/users/${u.id}/toggle`, { isActive: true }))).toMatchObject({
      action: "user.enable",
      targetId: u.id,
    });
    const other = await signUp(t.app);
    const otherId = (await admin.get(`/api/admin/users?q=${other.username}`)).json<{ id: string }[]>()[0]!.id;
    const token = (await other.client.post("/api/user-tokens", { name: "to revoke" })).json<{
      id: string;
      token: string;
    }>();
    const revoked = await oneRow(() => admin.delete(`/api/admin/users/${otherId}/api-tokens/${token.id}`));
    expect(revoked).toMatchObject({
      action: "user.api_token_revoke",
      targetType: "user",
      targetId: otherId,
      targetLabel: other.username,
      details: { tokenId: token.id, name: "to revoke" },
    });
    expect(JSON.stringify(revoked)).not.toContain(token.token);
    expect(await oneRow(() => admin.delete(`/api/admin/users/${otherId}/sessions`))).toMatchObject({
      action: "user.sign_out",
      targetId: otherId,
      details: { sessions: 1 },
    });
  });

  it("provider accounts: added (no key), changed (a new key by name), balance checked, deleted", async () => {
    const created = await oneRow(
      () => admin.post("/api/admin/kie-apis", { name: "audit account", token: ACCOUNT_TOKEN, totalCredits: 500 }),
      201,
    );
    expect(created).toMatchObject({
      action: "kie_api.create",
      targetType: "kie_api",
      targetLabel: "audit account",
      details: { after: { name: "audit account", totalCredits: 500 } },
    });
    const id = created.targetId!;
    const changed = await oneRow(() =>
      admin.put(`/api/admin/kie-apis/${id}`, { name: "renamed", token: NEW_ACCOUNT_TOKEN }),
    );
    expect((changed.details as { changes: unknown[] }).changes).toEqual([
      { field: "name", before: "audit account", after: "renamed" },
      { field: "token", secret: true },
    ]);
    expect(await oneRow(() => admin.post(`/api/admin/kie-apis/${id}/check-credits`, {}))).toMatchObject({
      action: "kie_api.check_balance",
      targetId: id,
    });
    expect(await oneRow(() => admin.delete(`/api/admin/kie-apis/${id}`))).toMatchObject({
      action: "kie_api.delete",
      targetId: id,
      targetLabel: "renamed",
    });
  });

  it("a refund, failed videos re-checked and deleted", async () => {
    const u = await userWithCredits(t.app, t.database.db, 20);
    const gen = await u.client.post("/api/generate-video", { prompt: "an audited video", model: "veo3_fast" });
    const taskId = gen.json<{ taskId: string }>().taskId;
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const refund = await oneRow(() => admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" }));
    expect(refund).toMatchObject({
      action: "transaction.refund",
      targetType: "video",
      targetId: taskId,
      targetLabel: u.username,
      details: { amount: 1, reason: "duplicate charge" },
    });
    // A second refund is refused: no row.
    expect((await admin.post(`/api/video/${taskId}/refund`, { reason: "duplicate charge" })).statusCode).toBe(409);
    expect(await newRows()).toEqual([]);

    await t.database.db.update(videoTasks).set({ status: "failed" }).where(eq(videoTasks.taskId, taskId));
    expect(await oneRow(() => admin.post("/api/admin/recheck-failed-videos", {}))).toMatchObject({
      action: "videos.recheck_failed",
      details: { checked: 1 },
    });
    await t.database.db.update(videoTasks).set({ status: "failed" }).where(eq(videoTasks.taskId, taskId));
    expect(await oneRow(() => admin.delete("/api/admin/delete-failed-videos"))).toMatchObject({
      action: "videos.delete_failed",
      details: { deleted: 1 },
    });
  });

  it("refused or failed actions leave no row", async () => {
    await newRows();
    expect(
      (
        await admin.put("/api/admin/users/00000000-0000-4000-8000-000000000000/credits", {
          change: "add",
          amount: 5,
          reason: "ghost",
          expectedCredits: 0,
        })
      ).statusCode,
    ).toBe(404);
    // A stale balance, a balance below zero, a missing reason: refused, and no row.
    const u = await userWithCredits(t.app, t.database.db, 5);
    const change = (body: object) => admin.put(`/api/admin/users/${u.id}/credits`, body);
    expect((await change({ change: "add", amount: 5, reason: "stale", expectedCredits: 4 })).statusCode).toBe(409);
    expect((await change({ change: "subtract", amount: 6, reason: "too much", expectedCredits: 5 })).statusCode).toBe(
      400,
    );
    expect((await change({ change: "add", amount: 5, expectedCredits: 5 })).statusCode).toBe(400);
    expect((await admin.put("/api/admin/settings", { veo3Credits: 0 })).statusCode).toBe(400);
    const { client: user } = await signUp(t.app);
    expect((await user.put("/api/admin/settings", { veo3Credits: 9 })).statusCode).toBe(403);
    expect(await newRows()).toEqual([]);
  });
});

describe("the audit table is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    const db = t.database.db;
    const [any] = await db.select().from(adminAuditLog).limit(1);
    await expect(
      db.execute(sql`update admin_audit_log set admin_username = 'someone else' where id = ${any!.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit_log where id = ${any!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, any!.id));
    expect(still).toEqual(any);
  });

  it("has no route that changes or removes an entry", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "POST"] as const) {
      const res = await admin.request(method, "/api/admin/audit-log", {});
      expect(res.statusCode, method).toBe(404);
    }
  });
});

describe("GET /api/admin/audit-log", () => {
  it("lists newest first, 50 a page with a cursor, and filters by action, admin, target and day", async () => {
    const db = t.database.db;
    await db.execute(sql`insert into admin_audit_log (admin_username, action, target_type, target_id, created_at, details)
      select 'bulk_admin', 'user.credits', 'user', 'bulk-target', now() - make_interval(mins => n), jsonb_build_object('n', n) from generate_series(1, 120) as n`);
    const pages: {
      data: { id: string; adminUsername: string; details: { n?: number } }[];
      nextCursor: string | null;
    }[] = [];
    let url: string | undefined = "/api/admin/audit-log?admin=BULK";
    while (url) {
      const res = await admin.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<(typeof pages)[number]>();
      pages.push(page);
      url = page.nextCursor ? `/api/admin/audit-log?admin=BULK&cursor=${page.nextCursor}` : undefined;
    }
    expect(pages.map((p) => p.data.length)).toEqual([50, 50, 20]);
    // Newest first is the order they were written (the id), whatever clock each row carries.
    expect(pages.flatMap((p) => p.data.map((d) => d.details.n))).toEqual(
      Array.from({ length: 120 }, (_, i) => 120 - i),
    );

    const byAction = (await admin.get("/api/admin/audit-log?action=package.create")).json<{
      data: { action: string }[];
    }>();
    expect(byAction.data.length).toBeGreaterThan(0);
    expect(byAction.data.every((d) => d.action === "package.create")).toBe(true);
    const byTarget = (await admin.get("/api/admin/audit-log?targetId=bulk-target")).json<{ data: unknown[] }>();
    expect(byTarget.data).toHaveLength(50);
    const today = new Date().toISOString().slice(0, 10);
    const future = (await admin.get("/api/admin/audit-log?dateFrom=2999-01-01")).json<{ data: unknown[] }>();
    expect(future.data).toEqual([]);
    const todays = (await admin.get(`/api/admin/audit-log?dateFrom=${today}&dateTo=${today}&admin=bulk`)).json<{
      data: unknown[];
    }>();
    expect(todays.data.length).toBeGreaterThan(0);
    expect((await admin.get("/api/admin/audit-log?action=user.delete_everything")).statusCode).toBe(400);
    expect((await admin.get("/api/admin/audit-log?cursor=abc")).statusCode).toBe(400);
    expect((await admin.get("/api/admin/audit-log?dateFrom=2026-02-30")).statusCode).toBe(400);
  });

  it("never shows a secret: what was written is what is listed", async () => {
    const res = await admin.get("/api/admin/audit-log");
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    const rows = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "settings.update")));
    expect(rows.length).toBeGreaterThan(0);
  });
});
