/**
 * Deleting one's account (decision 0087), as an attacker would try it: a wrong or missing password
 * changes nothing, the typed username must match, Google-only accounts need a fresh Google sign-in;
 * once deleted nothing of the account works (session, API token, webhook, share link, kept files,
 * sign-in by password or Google), nothing of the person's name or address is left on the row, the
 * username is held and then freed, the ledger and orders stay, the goodbye mail and the audit row
 * exist, and two deletes at once do it once.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  plans,
  subscriptions,
  adminAuditLog,
  apiTokens,
  heldUsernames,
  mailMessages,
  paymentOrders,
  sessions,
  transactions,
  uploads,
  users,
  videoTasks,
  webhookEndpoints,
} from "../../src/server/db/schema.js";
import { startGoogleFake, type GoogleFake, type GoogleIdentity } from "../fakes/google-fake.mjs";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { keptBlobs, personWithData, type PersonWithData } from "../helpers/account-data.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, signInAdmin, signUp, uniqueName } from "../helpers/test-app.js";
import { createVideoTestApp, type VideoTestApp } from "../helpers/video-app.js";

const CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-fake-google-client-secret";

let t: VideoTestApp;
let smtp: SmtpFake;
let google: GoogleFake;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpFake();
  google = await startGoogleFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, autoApprove: true });
  t = await createVideoTestApp({
    env: {
      WEBHOOKS_ALLOW_LOCAL: "true",
      SMTP_URL: smtp.url,
      GOOGLE_AUTH_URL: google.urls.auth,
      GOOGLE_TOKEN_URL: google.urls.token,
      GOOGLE_USERINFO_URL: google.urls.userinfo,
      GOOGLE_JWKS_URL: google.urls.jwks,
    },
  });
  admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    googleAuthEnabled: true,
    googleClientId: CLIENT_ID,
    googleClientSecret: CLIENT_SECRET,
  });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await google.close();
});
beforeEach(() => smtp.clear());
afterEach(() => expectLedgerBalanced(db()));

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const deleteAccount = (client: Client, body: object) => client.post("/api/user/delete", body);

/** Whether the API token still opens the automation API (404 for an unknown task: it got in). */
async function tokenWorks(token: string): Promise<boolean> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/n8n/video-status/no-such-task",
    headers: { authorization: `Bearer ${token}` },
  });
  return res.statusCode !== 401;
}

const sessionWorks = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/current-user", headers: { cookie } })).statusCode === 200;

/** Everything that must be untouched after a refused delete. */
async function snapshot(p: PersonWithData) {
  return {
    row: await userRow(p.id),
    tokens: await db().select().from(apiTokens).where(eq(apiTokens.userId, p.id)),
    hooks: await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, p.id)),
    videos: await db().select().from(videoTasks).where(eq(videoTasks.userId, p.id)),
    ledger: await db().select().from(transactions).where(eq(transactions.userId, p.id)),
    audit: await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, p.id)),
    mail: await db().select().from(mailMessages).where(eq(mailMessages.toAddress, p.email)),
  };
}

async function expectUntouched(p: PersonWithData, before: Awaited<ReturnType<typeof snapshot>>) {
  expect(await snapshot(p)).toEqual(before);
  expect(await sessionWorks(p.client.sessionCookie!)).toBe(true);
  expect(await tokenWorks(p.apiToken)).toBe(true);
  expect((await t.app.inject({ method: "GET", url: new URL(p.shareUrl).pathname })).statusCode).toBe(200);
}

describe("refused, nothing changed", () => {
  let p: PersonWithData;
  beforeAll(async () => {
    p = await personWithData(t);
  }, 60_000);

  it("a wrong password is 403; none is 400", async () => {
    const before = await snapshot(p);
    const wrong = await deleteAccount(p.client, { password: "not-the-password", confirm: p.username });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: "forbidden", reason: "wrong_current_password" });
    const none = await deleteAccount(p.client, { confirm: p.username });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ reason: "fields_required" });
    await expectUntouched(p, before);
  });

  it("the typed username must be the account's: not another's, not a look-alike, not with more on the line", async () => {
    const before = await snapshot(p);
    const other = await signUp(t.app);
    const lookAlike = p.username.replace(/[a-z]/, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)); // fullwidth
    const cyrillic = p.username.replace("u", "\u0443");
    for (const confirm of [
      other.username,
      lookAlike,
      cyrillic,
      `${p.username}\r\nx`,
      `${p.username}x`,
      "",
      "x".repeat(200),
    ]) {
      const res = await deleteAccount(p.client, { password: p.password, confirm });
      expect(res.statusCode, confirm).toBe(400);
      expect(res.json().reason, confirm).toBe("delete_confirm_mismatch");
    }
    expect((await deleteAccount(p.client, { password: p.password, confirm: "x".repeat(201) })).statusCode).toBe(400);
    expect((await deleteAccount(p.client, { password: "p".repeat(1025), confirm: p.username })).statusCode).toBe(400);
    await expectUntouched(p, before);
  });

  it("from another website, or with no session, nothing happens", async () => {
    const before = await snapshot(p);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/user/delete",
      headers: { cookie: p.client.sessionCookie!, origin: "https://evil.example" },
      payload: { password: p.password, confirm: p.username },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe("cross_site_request");
    const noSession = await t.app.inject({
      method: "POST",
      url: "/api/user/delete",
      payload: { password: p.password, confirm: p.username },
    });
    expect(noSession.statusCode).toBe(401);
    const token = await t.app.inject({
      method: "POST",
      url: "/api/user/delete",
      headers: { authorization: `Bearer ${p.apiToken}` },
      payload: { password: p.password, confirm: p.username },
    });
    expect(token.statusCode).toBe(401);
    await expectUntouched(p, before);
  });

  it("an administrator cannot delete their own account here", async () => {
    const res = await deleteAccount(admin, { password: "admin-pass", confirm: "admin" });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe("admin_cannot_delete");
    expect((await admin.get("/api/auth/current-user")).statusCode).toBe(200);
  });

  it("not while a video is being made", async () => {
    const u = await personWithData(t);
    await db()
      .insert(videoTasks)
      .values({ userId: u.id, taskId: `busy-${u.id}`, prompt: "busy", model: "veo3_fast", aspectRatio: "16:9" });
    const before = await snapshot(u);
    const res = await deleteAccount(u.client, { password: u.password, confirm: u.username });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe("account_videos_generating");
    await expectUntouched(u, before);
  });

  it("not while a plan is live: it would go on being charged", async () => {
    const u = await personWithData(t);
    const [plan] = await db()
      .insert(plans)
      .values({ name: "Kept plan", monthlyPrice: "9.00", creditsPerMonth: 50 })
      .returning();
    const [sub] = await db()
      .insert(subscriptions)
      .values({
        userId: u.id,
        planId: plan!.id,
        interval: "month",
        provider: "creem",
        planName: "Kept plan",
        price: "9.00",
        creditsPerMonth: 50,
        status: "active",
      })
      .returning();
    const before = await snapshot(u);
    const res = await deleteAccount(u.client, { password: u.password, confirm: u.username });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe("account_has_plan");
    await expectUntouched(u, before);
    // Once it has ended, the account can go.
    await db().update(subscriptions).set({ status: "ended" }).where(eq(subscriptions.id, sub!.id));
    expect((await deleteAccount(u.client, { password: u.password, confirm: u.username })).statusCode).toBe(200);
  });

  it("wrong passwords are limited like failed sign-ins: then even the right one waits", async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < 10; i++)
      expect((await deleteAccount(u.client, { password: `guess-${i}`, confirm: u.username })).statusCode).toBe(403);
    const limited = await deleteAccount(u.client, { password: u.password, confirm: u.username });
    expect(limited.statusCode).toBe(429);
    expect(await sessionWorks(u.client.sessionCookie!)).toBe(true);
  });
});

describe("deleted", () => {
  let p: PersonWithData;
  let cookie: string;
  let answer: { message: string; usernameHeldUntil: string };
  let blobs: string[];

  beforeAll(async () => {
    p = await personWithData(t);
    cookie = p.client.sessionCookie!;
    blobs = await keptBlobs(db(), p.id);
    expect(blobs.length).toBeGreaterThan(0);
    for (const blob of blobs) expect(fs.existsSync(path.join(t.config.dataDir, "videos", blob))).toBe(true);
    // A phone's keyboard capitalises the first letter: the username is matched without regard to case.
    const res = await deleteAccount(p.client, { password: p.password, confirm: ` ${p.username.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    answer = res.json();
    const cleared = res.cookies.find((c) => c.name === "sid");
    expect(cleared?.value).toBe("");
    await t.app.liveEvents.settle();
  }, 60_000);

  it("ends the session, the API token, the webhook endpoint and the share link at once", async () => {
    expect(await sessionWorks(cookie)).toBe(false);
    expect(await tokenWorks(p.apiToken)).toBe(false);
    expect(await db().select().from(sessions).where(eq(sessions.userId, p.id))).toEqual([]);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, p.id))).toEqual([]);
    const share = await t.app.inject({ method: "GET", url: new URL(p.shareUrl).pathname });
    expect(share.statusCode).toBe(404);
  });

  it("removes the kept video files and the uploads", async () => {
    for (const blob of blobs) expect(fs.existsSync(path.join(t.config.dataDir, "videos", blob))).toBe(false);
    expect(await keptBlobs(db(), p.id)).toEqual([]);
    expect(await db().select().from(uploads).where(eq(uploads.userId, p.id))).toEqual([]);
    const name = new URL(p.uploadUrl).pathname.split("/").at(-1)!;
    expect(fs.existsSync(path.join(t.config.dataDir, "uploads", name))).toBe(false);
    const videos = await db().select().from(videoTasks).where(eq(videoTasks.userId, p.id));
    expect(videos.every((v) => v.deletedAt !== null && !v.isPublic && v.shareId === null && v.prompt === "")).toBe(
      true,
    );
  });

  it("leaves no name or address on the row, and no way in", async () => {
    const row = await userRow(p.id);
    const text = JSON.stringify(row).toLowerCase();
    for (const trace of [p.username.toLowerCase(), p.email.toLowerCase(), p.email.split("@")[0]!.toLowerCase()])
      expect(text).not.toContain(trace);
    expect(row).toMatchObject({
      username: `deleted-${p.id.replaceAll("-", "").slice(0, 12)}`,
      email: null,
      emailVerified: false,
      googleId: null,
      isActive: false,
      language: null,
      credits: 0,
    });
    expect(row.deletedAt).not.toBeNull();
    expect(row.password).not.toBe("");
    for (const username of [p.username, row.username]) {
      const login = await new Client(t.app).post("/api/auth/login", { username, password: p.password });
      expect(login.statusCode, username).toBe(401);
      expect(login.json().code).toBe("invalid_credentials");
    }
    // No earlier mail of the person stays linked to the row.
    expect(await db().select().from(mailMessages).where(eq(mailMessages.userId, p.id))).toEqual([]);
  });

  it("keeps the ledger and the payment orders under the same id; the balance is forfeited with a row", async () => {
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, p.orderId));
    expect(order).toMatchObject({ userId: p.id, status: "completed" });
    const ledger = await db().select().from(transactions).where(eq(transactions.userId, p.id));
    expect(ledger.map((r) => r.type).sort()).toEqual(["adjustment", "purchase", "usage"]);
    const forfeit = ledger.find((r) => r.type === "adjustment")!;
    expect(forfeit.description).toBe("Forfeited: the account was deleted");
    expect(forfeit.amount).toBeLessThan(0);
    expect(ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(0);
  });

  it("sends the goodbye mail to the address it had", async () => {
    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(p.email);
    expect(mail.subject).toBe("Your Veo Studio account was deleted");
    expect(mail.text).toContain(p.username);
    expect(mail.headers).not.toHaveProperty("list-unsubscribe");
  });

  it("is in the admin's audit log with the person (by the row's new name) as the one who acted", async () => {
    const res = await admin.get(`/api/admin/audit-log?action=account.delete&targetId=${p.id}`);
    expect(res.statusCode).toBe(200);
    const [entry] = res.json<{ data: Record<string, unknown>[] }>().data;
    const anonymous = `deleted-${p.id.replaceAll("-", "").slice(0, 12)}`;
    expect(entry).toMatchObject({
      action: "account.delete",
      adminId: p.id,
      adminUsername: anonymous,
      targetType: "user",
      targetLabel: anonymous,
      details: expect.objectContaining({ proof: "password", videos: 1, uploads: 1, apiTokens: 1, webhookEndpoints: 1 }),
    });
    expect(JSON.stringify(entry)).not.toContain(p.username);
    expect(JSON.stringify(entry)).not.toContain(p.email);
  });

  it("reads as deleted on the admin's list and page, which cannot bring it back or move its balance", async () => {
    const list = await admin.get("/api/admin/users?status=deleted&limit=200");
    const shown = list.json<{ id: string; deletedAt: string | null }[]>();
    expect(shown.find((u) => u.id === p.id)?.deletedAt).toBe(row(await userRow(p.id)).deletedAt);
    expect(shown.every((u) => u.deletedAt !== null)).toBe(true);
    const disabled = await admin.get("/api/admin/users?status=disabled&limit=200");
    expect(disabled.json<{ id: string }[]>().some((u) => u.id === p.id)).toBe(false);
    expect((await admin.get(`/api/admin/users/${p.id}`)).json()).toMatchObject({ email: null, isActive: false });

    const enable = await admin.put(`/api/admin/users/${p.id}/toggle`, { isActive: true });
    expect(enable.statusCode).toBe(409);
    expect(enable.json().reason).toBe("account_deleted");
    const credits = await admin.put(`/api/admin/users/${p.id}/credits`, {
      change: "add",
      amount: 5,
      reason: "a try",
      expectedCredits: 0,
    });
    expect(credits.statusCode).toBe(409);
    expect(credits.json().reason).toBe("account_deleted");
    expect(await userRow(p.id)).toMatchObject({ isActive: false, credits: 0 });
  });

  it("holds the username, in any letter case, until the hold ends", async () => {
    expect(new Date(answer.usernameHeldUntil).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    for (const username of [p.username, p.username.toUpperCase()]) {
      const res = await new Client(t.app).post("/api/auth/register", { username, password: "password123" });
      expect(res.statusCode, username).toBe(409);
      expect(res.json()).toMatchObject({ reason: "username_held", params: { until: answer.usernameHeldUntil } });
    }
    // Nobody takes the anonymised row's name either.
    const anonymous = (await userRow(p.id)).username;
    const taken = await new Client(t.app).post("/api/auth/register", { username: anonymous, password: "password123" });
    expect(taken.statusCode).toBe(409);

    await db()
      .update(heldUsernames)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(heldUsernames.username, p.username.toLowerCase()));
    const again = await signUp(t.app, { username: p.username.toUpperCase() });
    const [fresh] = await db()
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${p.username})`);
    expect(fresh!.id).not.toBe(p.id);
    expect(await sessionWorks(again.client.sessionCookie!)).toBe(true);
    expect(await db().select().from(heldUsernames).where(eq(heldUsernames.username, p.username.toLowerCase()))).toEqual(
      [],
    );
  });

  it("a second delete with the old session is 401", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/delete",
      headers: { cookie },
      payload: { password: p.password, confirm: p.username },
    });
    expect(res.statusCode).toBe(401);
  });
});

const row = (r: { deletedAt: Date | null }) => ({ deletedAt: r.deletedAt?.toISOString() ?? null });

describe("at the edges", () => {
  it("an unconfirmed address gets no mail: it may be someone else's", async () => {
    const p = await personWithData(t, { confirmed: false });
    expect((await deleteAccount(p.client, { password: p.password, confirm: p.username })).statusCode).toBe(200);
    expect(await db().select().from(mailMessages).where(eq(mailMessages.toAddress, p.email))).toEqual([]);
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "account.delete"), eq(adminAuditLog.targetId, p.id)));
    expect(entry?.details).toMatchObject({ goodbyeMail: false });
  }, 60_000);

  it("two deletes at once: one succeeds, the other is refused, and everything happens once", async () => {
    const p = await personWithData(t);
    const body = { password: p.password, confirm: p.username };
    const [a, b] = await Promise.all([deleteAccount(p.client, body), deleteAccount(p.client, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "account.delete"), eq(adminAuditLog.targetId, p.id)));
    expect(audit).toHaveLength(1);
    const forfeits = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, p.id), eq(transactions.type, "adjustment")));
    expect(forfeits).toHaveLength(1);
    expect(
      await db().select().from(heldUsernames).where(eq(heldUsernames.username, p.username.toLowerCase())),
    ).toHaveLength(1);
    await t.app.jobs.mailSender.runOnce();
    await smtp.waitFor(p.email);
    expect(smtp.to(p.email)).toHaveLength(1);
  }, 60_000);
});

describe("an account made with Google (no password)", () => {
  let n = 0;
  const identity = (): GoogleIdentity => {
    n += 1;
    return {
      sub: `2090000000000${n}${Date.now() % 100000}`,
      email: `${uniqueName("gone")}@gmail.com`,
      email_verified: true,
      name: "Gone Person",
    };
  };

  /** Google's round trip, as the browser makes it: returns the new session's cookie and the username. */
  async function signInWithGoogle(who: GoogleIdentity) {
    google.setIdentity(who);
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google/url" });
    const flow = start.cookies.find((c) => c.name === "google_oauth")!.value;
    const consent = await fetch(start.json<{ authUrl: string }>().authUrl, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const res = await t.app.inject({
      method: "GET",
      url: back.pathname + back.search,
      headers: { cookie: `google_oauth=${flow}` },
    });
    const location = new URL(res.headers.location as string, "http://app");
    expect(location.searchParams.get("auth")).toBe("success");
    const sid = res.cookies.find((c) => c.name === "sid" && c.value)!.value;
    const csrf = res.cookies.find((c) => c.name === "csrf" && c.value)!.value;
    const username = (JSON.parse(location.searchParams.get("user")!) as { username: string }).username;
    return { cookie: `sid=${sid}`, csrf, username };
  }

  const deleteWith = (s: { cookie: string; csrf: string }, confirm: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/user/delete",
      headers: { cookie: s.cookie, "sec-fetch-site": "same-origin", "x-csrf-token": s.csrf },
      payload: { confirm },
    });

  it("needs a Google sign-in of the last 10 minutes; then it goes, and Google signs into a new, empty account", async () => {
    const who = identity();
    const first = await signInWithGoogle(who);
    const [user] = await db().select().from(users).where(eq(users.googleId, who.sub));
    // The session is 11 minutes old: a borrowed session is not enough.
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, user!.id));
    const stale = await deleteWith(first, first.username);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ reason: "google_recheck_needed", params: { minutes: 10 } });
    expect((await userRow(user!.id)).deletedAt).toBeNull();

    const fresh = await signInWithGoogle(who);
    const res = await deleteWith(fresh, fresh.username);
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "account.delete"), eq(adminAuditLog.targetId, user!.id)));
    expect(entry?.details).toMatchObject({ proof: "google" });
    expect(await sessionWorks(fresh.cookie)).toBe(false);

    // The same Google account again: never the deleted row, and not its held name.
    const after = await signInWithGoogle(who);
    const [again] = await db().select().from(users).where(eq(users.googleId, who.sub));
    expect(again!.id).not.toBe(user!.id);
    expect(after.username.toLowerCase()).not.toBe(fresh.username.toLowerCase());
    expect(await sessionWorks(after.cookie)).toBe(true);
    expect(await userRow(user!.id)).toMatchObject({ googleId: null, email: null, isActive: false });
  });
});
