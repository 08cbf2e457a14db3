/**
 * A second factor (decision 0092): authenticator apps and recovery codes, the second step of
 * signing in, the admin's requirement and the fresh check before sensitive actions. Codes are
 * computed here by an implementation of RFC 6238 of this test's own (node:crypto), not by the
 * library the server uses.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, passkeys, sessionSecondFactors, totpCredentials, users } from "../../src/server/db/schema.js";
import { removeSecondFactorsOf } from "../../src/server/features/second-factor/recovery.js";
import { Client, createTestApp, signInAdmin, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of text.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238: HMAC-SHA1 over the 30-second step, dynamic truncation, 6 digits. */
function totpCode(secretBase32: string, step = Math.floor(Date.now() / 1000 / 30)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac("sha1", base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}
const nowStep = () => Math.floor(Date.now() / 1000 / 30);

/** Lets the next code be used as if time had passed since the last one (the replay guard keeps the step). */
async function forgetLastStep(userId: string) {
  await t.database.db.update(totpCredentials).set({ lastUsedStep: null }).where(eq(totpCredentials.userId, userId));
}

async function userIdOf(username: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/** Adds an authenticator app, the first factor (with `password`); its secret and recovery codes. */
async function enrolTotp(client: Client, password: string) {
  const setup = await client.post("/api/auth/second-factor/totp/setup");
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.json<{ secret: string; otpauthUrl: string; qrCode: string }>();
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  // The step the code was made for: a slow machine may cross into the next one before a test reads the clock again.
  const usedStep = nowStep();
  const confirm = await client.post("/api/auth/second-factor/totp/confirm", {
    code: totpCode(secret, usedStep),
    password,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const recoveryCodes = confirm.json<{ recoveryCodes: string[] }>().recoveryCodes;
  return { secret, recoveryCodes, usedStep };
}

async function newAdmin() {
  const username = uniqueName("adm");
  const client = await signInAdmin(t, username, "admin-pass");
  return { username, client, id: await userIdOf(username) };
}

describe("authenticator app", () => {
  it("enrols with a code the app computes, makes ten single-use recovery codes, and audits it", async () => {
    const admin = await newAdmin();
    const setup = await admin.client.post("/api/auth/second-factor/totp/setup");
    const { secret } = setup.json<{ secret: string }>();
    const wrong = await admin.client.post("/api/auth/second-factor/totp/confirm", {
      code: totpCode(secret, nowStep() + 5),
      password: "admin-pass",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("invalid_second_factor");
    const confirm = await admin.client.post("/api/auth/second-factor/totp/confirm", {
      code: totpCode(secret),
      password: "admin-pass",
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // The secret is sealed, never stored as it is.
    const [row] = await t.database.db.select().from(totpCredentials).where(eq(totpCredentials.userId, admin.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.confirmedAt).not.toBeNull();
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.id), eq(adminAuditLog.action, "second_factor.enrol")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ method: "totp" });
    const status = await admin.client.get("/api/auth/second-factor");
    expect(status.json()).toMatchObject({ totp: true, recoveryCodesLeft: 10, pending: false, recentlyVerified: true });
  });

  it("keeps a signed-in password alone away from every route until the second step", async () => {
    const admin = await newAdmin();
    const { secret, usedStep } = await enrolTotp(admin.client, "admin-pass");
    const tab = new Client(t.app);
    const login = await tab.post("/api/auth/login", { username: admin.username, password: "admin-pass" });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.secondFactorPending).toBe(true);
    for (const url of ["/api/admin/overview", "/api/admin/users", "/api/user/stats"]) {
      const res = await tab.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe("second_factor_pending");
    }
    // It cannot add a factor of its own either.
    expect((await tab.post("/api/auth/second-factor/totp/setup")).json().code).toBe("second_factor_pending");
    expect((await tab.get("/api/auth/current-user")).json()).toMatchObject({ secondFactorPending: true });

    // The code used to enrol is refused again (same step), as is a wrong one.
    const replay = await tab.post("/api/auth/second-factor/verify", {
      method: "totp",
      code: totpCode(secret, usedStep),
    });
    expect(replay.statusCode).toBe(401);
    const wrong = await tab.post("/api/auth/second-factor/verify", { method: "totp", code: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect((await tab.get("/api/admin/overview")).statusCode).toBe(403);

    const next = totpCode(secret, usedStep + 1);
    const ok = await tab.post("/api/auth/second-factor/verify", { method: "totp", code: next });
    expect(ok.statusCode).toBe(200);
    expect((await tab.get("/api/admin/overview")).statusCode).toBe(200);
    expect((await tab.get("/api/auth/current-user")).json().secondFactorPending).toBeUndefined();

    // The same code in another new session: a replay.
    const other = new Client(t.app);
    await other.post("/api/auth/login", { username: admin.username, password: "admin-pass" });
    const again = await other.post("/api/auth/second-factor/verify", { method: "totp", code: next });
    expect(again.statusCode).toBe(401);
    expect((await other.get("/api/admin/overview")).statusCode).toBe(403);
  });

  it("limits the code attempts", async () => {
    const { client, username } = await signUp(t.app);
    await enrolTotp(client, "password123");
    const tab = new Client(t.app);
    await tab.post("/api/auth/login", { username, password: "password123" });
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1)
      answers.push((await tab.post("/api/auth/second-factor/verify", { method: "totp", code: "123456" })).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe("recovery codes", () => {
  it("work once, even when two requests bring the same code at once", async () => {
    const { client, username } = await signUp(t.app);
    const { recoveryCodes } = await enrolTotp(client, "password123");
    const tabs = [new Client(t.app), new Client(t.app), new Client(t.app)];
    for (const tab of tabs) await tab.post("/api/auth/login", { username, password: "password123" });
    const code = recoveryCodes[0]!;
    const both = await Promise.all(
      tabs.slice(0, 2).map((tab) => tab.post("/api/auth/second-factor/verify", { method: "recovery", code })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const third = await tabs[2]!.post("/api/auth/second-factor/verify", { method: "recovery", code });
    expect(third.statusCode).toBe(401);
    // Typed with capitals and without the dash, another code works.
    const other = recoveryCodes[1]!.replace("-", "").toUpperCase();
    const ok = await tabs[2]!.post("/api/auth/second-factor/verify", { method: "recovery", code: other });
    expect(ok.statusCode).toBe(200);
    expect((await tabs[2]!.get("/api/user/stats")).statusCode).toBe(200);
    expect((await tabs[2]!.get("/api/auth/second-factor")).json().recoveryCodesLeft).toBe(8);
  });
});

describe("the admin's requirement", () => {
  it("sends an admin without a second factor to its enrolment only", async () => {
    const owner = await newAdmin();
    // Not before the admin who turns it on has one.
    const early = await owner.client.put("/api/admin/settings/second-factor", { required: true });
    expect(early.statusCode).toBe(409);
    await enrolTotp(owner.client, "admin-pass");
    const on = await owner.client.put("/api/admin/settings/second-factor", { required: true });
    expect(on.statusCode).toBe(200);
    try {
      const other = await newAdmin();
      const denied = await other.client.get("/api/admin/overview");
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe("second_factor_enrolment_required");
      expect((await other.client.get("/api/user/stats")).json().code).toBe("second_factor_enrolment_required");
      expect((await other.client.get("/api/auth/current-user")).json()).toMatchObject({
        secondFactorEnrolmentRequired: true,
      });
      expect((await other.client.get("/api/auth/second-factor")).json()).toMatchObject({ enrolmentRequired: true });
      await enrolTotp(other.client, "admin-pass");
      expect((await other.client.get("/api/admin/overview")).statusCode).toBe(200);
      // An ordinary user is not asked.
      const { client: person } = await signUp(t.app);
      expect((await person.get("/api/user/stats")).statusCode).toBe(200);
      const audit = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.adminId, owner.id), eq(adminAuditLog.action, "second_factor.require")));
      expect(audit.map((a) => a.details)).toEqual([{ required: true }]);
    } finally {
      await owner.client.put("/api/admin/settings/second-factor", { required: false });
    }
  });
});

describe("the fresh check before sensitive actions", () => {
  it("asks for the second factor again after the window", async () => {
    const admin = await newAdmin();
    const { secret } = await enrolTotp(admin.client, "admin-pass");
    expect((await admin.client.get("/api/admin/exports/users.csv")).statusCode).toBe(200);
    // Twenty minutes later.
    await t.database.db
      .update(sessionSecondFactors)
      .set({ verifiedAt: sql`now() - interval '20 minutes'` })
      .where(sql`${sessionSecondFactors.sessionId} in (select id from sessions where user_id = ${admin.id})`);
    const stale = await admin.client.get("/api/admin/exports/users.csv");
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: "second_factor_required",
      reason: "second_factor_required",
      params: { minutes: 15 },
    });
    const credits = await admin.client.put(`/api/admin/users/${admin.id}/credits`, {
      change: "add",
      amount: 5,
      reason: "test",
      expectedCredits: 0,
    });
    expect(credits.json().code).toBe("second_factor_required");
    // Ordinary admin pages stay open.
    expect((await admin.client.get("/api/admin/overview")).statusCode).toBe(200);
    // Removing the factor is sensitive too.
    expect((await admin.client.delete("/api/auth/second-factor/totp")).json().code).toBe("second_factor_required");

    await forgetLastStep(admin.id);
    const check = await admin.client.post("/api/auth/second-factor/verify", { method: "totp", code: totpCode(secret) });
    expect(check.statusCode).toBe(200);
    expect((await admin.client.get("/api/admin/exports/users.csv")).statusCode).toBe(200);

    const removed = await admin.client.delete("/api/auth/second-factor/totp");
    expect(removed.statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.id), eq(adminAuditLog.action, "second_factor.remove")));
    expect(audit.map((a) => a.details)).toEqual([{ method: "totp" }]);
    expect((await admin.client.get("/api/auth/second-factor")).json()).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe("an admin removes the factors of someone who lost them", () => {
  it("removes them, ends their sessions and audits it", async () => {
    const admin = await newAdmin();
    const { client, username } = await signUp(t.app);
    await enrolTotp(client, "password123");
    const id = await userIdOf(username);
    const res = await admin.client.delete(`/api/admin/users/${id}/second-factor`);
    expect(res.statusCode).toBe(200);
    expect((await client.get("/api/user/stats")).statusCode).toBe(401);
    const again = new Client(t.app);
    const login = await again.post("/api/auth/login", { username, password: "password123" });
    expect(login.json().user.secondFactorPending).toBeUndefined();
    expect((await again.get("/api/user/stats")).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.id), eq(adminAuditLog.action, "user.second_factor_remove")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.targetId).toBe(id);
  });
});

describe("passkeys", () => {
  it("make a password sign-in pending as an authenticator app does", async () => {
    const { username } = await signUp(t.app);
    const id = await userIdOf(username);
    await t.database.db.insert(passkeys).values({
      userId: id,
      credentialId: crypto.randomBytes(16).toString("base64url"),
      publicKey: crypto.randomBytes(32).toString("base64url"),
      name: "Laptop",
    });
    const tab = new Client(t.app);
    const login = await tab.post("/api/auth/login", { username, password: "password123" });
    expect(login.json().user.secondFactorPending).toBe(true);
    expect((await tab.get("/api/user/stats")).json().code).toBe("second_factor_pending");
    // A passkey answer that does not verify is refused.
    const options = await tab.post("/api/auth/second-factor/passkey/options");
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ rpId: "localhost", allowCredentials: [expect.any(Object)] });
    const forged = await tab.post("/api/auth/second-factor/passkey/verify", { response: { id: "nope" } });
    expect(forged.statusCode).toBe(401);
    expect((await tab.get("/api/user/stats")).statusCode).toBe(403);
  });
});

describe("the start-up's escape hatch (ADMIN_REMOVE_SECOND_FACTOR)", () => {
  it("removes every factor of the named admin and ends their sessions", async () => {
    const admin = await newAdmin();
    await enrolTotp(admin.client, "admin-pass");
    expect(await removeSecondFactorsOf(t.database.db, admin.username.toUpperCase())).toEqual({
      totp: true,
      passkeys: 0,
    });
    expect((await admin.client.get("/api/admin/overview")).statusCode).toBe(401);
    const again = await signInAdmin(t, admin.username, "admin-pass");
    expect((await again.get("/api/admin/overview")).statusCode).toBe(200);
    expect(await removeSecondFactorsOf(t.database.db, "nobody-here")).toBeUndefined();
  });
});

describe("another process (each session's second factor is cached with it, decision 0107)", () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ database: t.database, secretBox: t.secretBox });
  });
  afterAll(() => other.close());

  /** A read in the other process, straight through inject: the test Client's wait is not there to hide a stale cache. */
  const statsThere = async (cookie: string) => {
    await other.app.liveEvents.settle();
    return (await other.app.inject({ method: "GET", url: "/api/user/stats", headers: { cookie } })).statusCode;
  };

  it("a second step passed here lets the session in there", async () => {
    const { client, username } = await signUp(t.app);
    const { secret, usedStep } = await enrolTotp(client, "password123");
    const tab = new Client(t.app);
    await tab.post("/api/auth/login", { username, password: "password123" });
    // The other process reads the session while it is pending, and keeps it.
    expect(await statsThere(tab.sessionCookie!)).toBe(403);
    const ok = await tab.post("/api/auth/second-factor/verify", {
      method: "totp",
      code: totpCode(secret, usedStep + 1),
    });
    expect(ok.statusCode).toBe(200);
    expect(await statsThere(tab.sessionCookie!)).toBe(200);
  });

  it("a factor added here makes the user's other sessions there wait for their second step", async () => {
    const { client, username } = await signUp(t.app);
    const elsewhere = new Client(t.app);
    await elsewhere.post("/api/auth/login", { username, password: "password123" });
    expect(await statsThere(elsewhere.sessionCookie!)).toBe(200);
    await enrolTotp(client, "password123");
    expect(await statsThere(elsewhere.sessionCookie!)).toBe(403);
    // Removed again (as an admin does for someone who lost it): the session is let in once more.
    await t.database.db.delete(totpCredentials).where(eq(totpCredentials.userId, await userIdOf(username)));
    expect(await statsThere(elsewhere.sessionCookie!)).toBe(200);
  });
});
