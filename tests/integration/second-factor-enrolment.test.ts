/**
 * Issue 66 §6, decision 0135: a session alone does not add a second factor, and the owner hears
 * of every change. The first factor asks for the password (or, for an account without one, a
 * Google sign-in of the last minutes); a factor added or removed and new recovery codes are
 * mailed; wrong codes typed again and again are mailed once; wrong codes are capped per day
 * besides the 15-minute limit. Time is moved by rewriting the rows the limits and sessions read.
 */
import { and, eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages, rateLimitWindows, sessions, totpCredentials, users } from "../../src/server/db/schema.js";
import { NO_PASSWORD } from "../../src/server/features/auth/service.js";
import { PostgresRateLimitStore } from "../../src/server/http/rate-limit.js";
import { Client, createTestApp, signInAdmin, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";
import { createTestDatabase } from "../helpers/test-db.js";

let t: TestApp;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  // The limits count in rate_limit_windows (as on PostgreSQL), so a test can move their windows.
  t = await createTestApp({ database, rateLimitStore: new PostgresRateLimitStore(database.db) });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});
const db = () => t.database.db;

/** A signed-up person with a confirmed address (the security notices go to confirmed ones only). */
async function person() {
  const signedUp = await signUp(t.app);
  const email = `${signedUp.username.toLowerCase()}@people.example`;
  const [row] = await db()
    .update(users)
    .set({ email, emailVerified: true })
    .where(eq(users.username, signedUp.username))
    .returning();
  return { ...signedUp, id: row!.id, email };
}

const mailOf = (userId: string, kind: string) =>
  db()
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, kind)));

/** Starts an authenticator app; its code generator. */
async function startTotp(client: Client) {
  const setup = await client.post("/api/auth/second-factor/totp/setup");
  expect(setup.statusCode, setup.body).toBe(200);
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json<{ secret: string }>().secret) });
}

const confirmTotp = (client: Client, totp: OTPAuth.TOTP, extra: Record<string, unknown> = {}) =>
  client.post("/api/auth/second-factor/totp/confirm", { code: totp.generate(), ...extra });

async function confirmedAt(userId: string) {
  const [row] = await db().select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  return row?.confirmedAt ?? null;
}

/** Lets the app's next code be used as if its 30 seconds had passed (the replay guard keeps the step). */
const forgetLastStep = (userId: string) =>
  db().update(totpCredentials).set({ lastUsedStep: null }).where(eq(totpCredentials.userId, userId));

/** A person with an authenticator app, and a new tab signed in with the password only (the second step to come). */
async function enrolledWithPendingTab() {
  const p = await person();
  const totp = await startTotp(p.client);
  expect((await confirmTotp(p.client, totp, { password: p.password })).statusCode).toBe(200);
  const tab = new Client(t.app);
  const login = await tab.post("/api/auth/login", { username: p.username, password: p.password });
  expect(login.json().user.secondFactorPending).toBe(true);
  const codes = await p.client.post("/api/auth/second-factor/recovery-codes");
  expect(codes.statusCode, codes.body).toBe(200);
  return { ...p, totp, tab, recoveryCodes: codes.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const wrongCode = (tab: Client) => tab.post("/api/auth/second-factor/verify", { method: "totp", code: "000000" });

/** The 15-minute window of code attempts ends, as if a quarter of an hour had passed. */
const endQuarterHour = (userId: string) =>
  db()
    .update(rateLimitWindows)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimitWindows.key, `second-factor:${userId}`));

describe("the first factor asks for the password", () => {
  it("refuses an authenticator app without the password or with a wrong one, and adds it with the right one", async () => {
    const p = await person();
    const totp = await startTotp(p.client);
    const without = await confirmTotp(p.client, totp);
    expect(without.statusCode, without.body).toBe(400);
    expect(without.json()).toMatchObject({ code: "invalid_input", reason: "fields_required" });
    const wrong = await confirmTotp(p.client, totp, { password: "not-the-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "invalid_input", reason: "wrong_current_password" });
    expect(await confirmedAt(p.id)).toBeNull();
    expect(await mailOf(p.id, "second_factor_added")).toEqual([]);
    // Other sessions of the person are not asked for a second step either.
    expect((await p.client.get("/api/auth/second-factor")).json()).toMatchObject({ totp: false });

    const right = await confirmTotp(p.client, totp, { password: p.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect(await confirmedAt(p.id)).not.toBeNull();
  });

  it("refuses a passkey's ceremony and its keeping without the password", async () => {
    const p = await person();
    const options = await p.client.post("/api/auth/second-factor/passkeys/options", {});
    expect(options.statusCode, options.body).toBe(400);
    expect(options.json().reason).toBe("fields_required");
    const wrong = await p.client.post("/api/auth/second-factor/passkeys/options", { password: "nope-nope" });
    expect(wrong.json().reason).toBe("wrong_current_password");
    const keep = await p.client.post("/api/auth/second-factor/passkeys", { name: "Laptop", response: {} });
    expect(keep.statusCode).toBe(400);
    expect(keep.json().reason).toBe("fields_required");
    // With the password the ceremony starts (a browser's answer would be checked next).
    const right = await p.client.post("/api/auth/second-factor/passkeys/options", { password: p.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ rp: { id: "localhost" } });
  });

  it("limits the password tries", async () => {
    const p = await person();
    const totp = await startTotp(p.client);
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1)
      answers.push((await confirmTotp(p.client, totp, { password: `guess-${i}` })).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await confirmTotp(p.client, totp, { password: p.password })).statusCode).toBe(429);
  });

  it("asks an account without a password for a recent Google sign-in instead", async () => {
    const p = await person();
    await db().update(users).set({ password: NO_PASSWORD }).where(eq(users.id, p.id));
    const signedInAgo = (minutes: number) =>
      db()
        .update(sessions)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(sessions.userId, p.id));
    const totp = await startTotp(p.client);
    await signedInAgo(11);
    const stale = await confirmTotp(p.client, totp);
    expect(stale.statusCode, stale.body).toBe(403);
    expect(stale.json()).toMatchObject({ reason: "google_recheck_needed", params: { minutes: 10 } });
    // A password typed by whoever holds the session is no proof either.
    expect((await confirmTotp(p.client, totp, { password: "anything-at-all" })).statusCode).toBe(403);
    expect(await confirmedAt(p.id)).toBeNull();

    await signedInAgo(2);
    const fresh = await confirmTotp(p.client, totp);
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it("does not ask again once a factor exists: the fresh check of that factor is the proof", async () => {
    const p = await person();
    const totp = await startTotp(p.client);
    expect((await confirmTotp(p.client, totp, { password: p.password })).statusCode).toBe(200);
    const options = await p.client.post("/api/auth/second-factor/passkeys/options", {});
    expect(options.statusCode, options.body).toBe(200);
  });
});

describe("the owner is told by mail", () => {
  it("of a factor added and removed, and of new recovery codes, in the person's language", async () => {
    const p = await person();
    await db().update(users).set({ language: "vi" }).where(eq(users.id, p.id));
    const totp = await startTotp(p.client);
    expect((await confirmTotp(p.client, totp, { password: p.password })).statusCode).toBe(200);
    const [added] = await mailOf(p.id, "second_factor_added");
    expect(added).toMatchObject({ toAddress: p.email, locale: "vi" });
    expect(added!.textBody).toContain(p.username);

    expect((await p.client.post("/api/auth/second-factor/recovery-codes")).statusCode).toBe(200);
    expect(await mailOf(p.id, "recovery_codes_made")).toHaveLength(1);

    expect((await p.client.delete("/api/auth/second-factor/totp")).statusCode).toBe(200);
    expect(await mailOf(p.id, "second_factor_removed")).toHaveLength(1);
    expect(await mailOf(p.id, "second_factor_added")).toHaveLength(1);
  });

  it("in English by default, naming the authenticator app", async () => {
    const p = await person();
    const totp = await startTotp(p.client);
    expect((await confirmTotp(p.client, totp, { password: p.password })).statusCode).toBe(200);
    const [added] = await mailOf(p.id, "second_factor_added");
    expect(added!.subject).toBe("A second factor was added to your account");
    expect(added!.textBody).toContain("An authenticator app was added to the account");
  });

  it("when an admin removes every factor of the account", async () => {
    const admin = await signInAdmin(t, uniqueName("adm"), "admin-pass");
    const p = await person();
    const totp = await startTotp(p.client);
    expect((await confirmTotp(p.client, totp, { password: p.password })).statusCode).toBe(200);
    // The admin has no factor of their own: nothing to check afresh.
    const removed = await admin.delete(`/api/admin/users/${p.id}/second-factor`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [mail] = await mailOf(p.id, "second_factor_removed");
    expect(mail!.textBody).toContain("An administrator removed every second factor");
  });

  it("once when the second step fails again and again, not once per failure", async () => {
    const p = await enrolledWithPendingTab();
    for (let i = 0; i < 4; i += 1) expect((await wrongCode(p.tab)).statusCode).toBe(401);
    expect(await mailOf(p.id, "second_factor_failures")).toEqual([]);
    expect((await wrongCode(p.tab)).statusCode).toBe(401);
    expect(await mailOf(p.id, "second_factor_failures")).toHaveLength(1);
    // A right code in between, more failures and a new quarter hour: still the one notice today.
    await forgetLastStep(p.id);
    const right = await p.tab.post("/api/auth/second-factor/verify", { method: "totp", code: p.totp.generate() });
    expect(right.statusCode, right.body).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await wrongCode(p.tab)).statusCode).toBe(401);
    await endQuarterHour(p.id);
    for (let i = 0; i < 3; i += 1) expect((await wrongCode(p.tab)).statusCode).toBe(401);
    const [notice] = await mailOf(p.id, "second_factor_failures");
    expect(notice!.subject).toBe("Wrong second-factor codes for your account");
    expect(notice!.textBody).toContain("5 wrong codes or passkeys were tried");
    expect(await mailOf(p.id, "second_factor_failures")).toHaveLength(1);
  });
});

describe("wrong codes per day", () => {
  it("refuse the app's codes past the day's cap even as 15-minute windows pass; a recovery code still works", async () => {
    const p = await enrolledWithPendingTab();
    // Three quarter hours of ten wrong codes each: each window's limit is kept, the day's is reached.
    for (let quarter = 0; quarter < 3; quarter += 1) {
      for (let i = 0; i < 10; i += 1) expect((await wrongCode(p.tab)).statusCode).toBe(401);
      expect((await wrongCode(p.tab)).statusCode).toBe(429);
      await endQuarterHour(p.id);
    }
    await forgetLastStep(p.id);
    const right = await p.tab.post("/api/auth/second-factor/verify", { method: "totp", code: p.totp.generate() });
    expect(right.statusCode, right.body).toBe(429);
    expect(right.json()).toMatchObject({ code: "rate_limited", reason: "second_factor_daily_limit" });
    expect(right.json().params.hours).toBeGreaterThanOrEqual(23);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect((await p.tab.get("/api/user/stats")).statusCode).toBe(403);

    // A recovery code cannot be guessed: it still lets the owner in.
    const recovery = await p.tab.post("/api/auth/second-factor/verify", {
      method: "recovery",
      code: p.recoveryCodes[0],
    });
    expect(recovery.statusCode, recovery.body).toBe(200);
    expect((await p.tab.get("/api/user/stats")).statusCode).toBe(200);

    // The next day the app's codes work again.
    await db()
      .update(rateLimitWindows)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitWindows.key, `second-factor-wrong-day:${p.id}`));
    await forgetLastStep(p.id);
    const other = new Client(t.app);
    await other.post("/api/auth/login", { username: p.username, password: p.password });
    const nextDay = await other.post("/api/auth/second-factor/verify", { method: "totp", code: p.totp.generate() });
    expect(nextDay.statusCode, nextDay.body).toBe(200);
  });
});
