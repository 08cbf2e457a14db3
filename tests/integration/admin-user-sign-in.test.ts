/**
 * A user's admin page (decision 0146): "Send password-reset link" writes one reset link to the
 * account's own address (read back from the outbox and the SMTP server), audited, never in the
 * answer; and the page says why the person cannot sign in, from the conditions the sign-in checks.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountTokens, adminAuditLog, mailMessages, users } from "../../src/server/db/schema.js";
import { signInStanding } from "../../src/server/features/admin/sign-in-standing.js";
import { ensureAdminAccount } from "../../src/server/features/auth/service.js";
import { failedSignInLimiter } from "../../src/server/features/auth/sign-in-conditions.js";
import { DEFAULT_AUTH_RATE_LIMITS } from "../../src/server/features/auth/routes.js";
import { MemoryRateLimitStore } from "../../src/server/http/rate-limit.js";
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import type { SignInStanding } from "../../src/shared/schemas/sign-in-standing.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { mailingApp, personWithAddress, receive, tokenIn } from "../helpers/mail-links.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

const RESET_SUBJECT = "Reset your Veo Studio password";

let smtp: SmtpFake;
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  smtp = await startSmtpFake();
  ({ t } = await mailingApp(smtp));
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

const db = () => t.database.db;
const sendReset = (client: Client, id: string) => client.post(`/api/admin/users/${id}/password-reset`);
const resetsTo = (id: string) =>
  db()
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, id), eq(mailMessages.kind, "password_reset")));
const auditedFor = (id: string) => db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
const standingOf = async (id: string) => {
  const res = await admin.get(`/api/admin/users/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ signIn: SignInStanding }>().signIn;
};
/** The sign-in's limiter over a store of its own: no failures counted. */
const noFailures = () =>
  failedSignInLimiter(DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerUsername, new MemoryRateLimitStore());
const codes = (s: SignInStanding) => s.reasons.map((r) => `${r.code}:${r.effect}`);

/** A request with the path exactly as written (no client tidies it), with this session's cookie. */
function rawPost(path: string, cookie: string): Promise<{ status: number; body: string }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path, headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("POST /api/admin/users/:userId/password-reset", () => {
  it("sends one link to the account's own address, audited, never in the answer; a second click sends nothing", async () => {
    const person = await personWithAddress(t, true);
    const res = await sendReset(admin, person.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      outcome: "queued",
      message: `A password-reset link is on its way to ${person.email}`,
    });
    const written = await resetsTo(person.id);
    expect(written.map((m) => m.toAddress)).toEqual([person.email]);

    const mail = await receive(t, smtp, person.email, RESET_SUBJECT);
    const token = tokenIn(mail, "/reset-password");
    expect(res.body).not.toContain(token);
    expect(res.headers["set-cookie"]).toBeUndefined();

    const audit = await auditedFor(person.id);
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ["mail.new_link", { kind: "password_reset", from: "user_page" }],
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);

    const again = await sendReset(admin, person.id);
    expect(again.statusCode, again.body).toBe(429);
    expect(again.headers["retry-after"]).toBeDefined();
    expect(await resetsTo(person.id)).toHaveLength(1);
    expect(await auditedFor(person.id)).toHaveLength(1);

    // The link is the person's own way back in.
    const reset = await new Client(t.app).post("/api/auth/password-reset/confirm", {
      token,
      password: "a-new-password-1",
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it("says the link waits in the outbox, hidden, while no mail server is set", async () => {
    const offline = await createTestApp();
    try {
      const person = await personWithAddress(offline, true);
      const res = await sendReset(await signInAdmin(offline), person.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ outcome: string }>().outcome).toBe("kept");
      const kept = await offline.database.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.userId, person.id), eq(mailMessages.kind, "password_reset")));
      expect(kept.map((m) => m.toAddress)).toEqual([person.email]);
    } finally {
      await offline.close();
    }
  });

  it("refuses a person who is not an admin, and every other spelling of the path, sending nothing", async () => {
    const person = await personWithAddress(t, true);
    const { client: user } = await signUp(t.app);
    expect((await sendReset(user, person.id)).statusCode).toBe(403);
    expect((await sendReset(new Client(t.app), person.id)).statusCode).toBe(401);
    const path = `/api/admin/users/${person.id}/password-reset`;
    const spellings = [
      path.toUpperCase(),
      path.replace("/admin/", "/%61dmin/"),
      path.replace("/admin/", "//admin/"),
      path.replace("/admin/", "/./admin/"),
      `${path}/`,
      path.replace("password-reset", "Password-Reset"),
    ];
    for (const spelling of spellings) {
      const res = await rawPost(spelling, user.sessionCookie!);
      expect([401, 403, 404], `${spelling}: ${res.status} ${res.body}`).toContain(res.status);
    }
    // An admin's own misspelling does not reach the route either.
    const misspelt = await rawPost(path.replace("password-reset", "Password-Reset"), admin.sessionCookie!);
    expect(misspelt.status).toBe(404);
    expect(await resetsTo(person.id)).toEqual([]);
    expect(await auditedFor(person.id)).toEqual([]);
  });

  it("refuses, saying why, an account without an address, a disabled one and a deleted one", async () => {
    const { username } = await signUp(t.app);
    const [bare] = await db().select().from(users).where(eq(users.username, username));
    const disabled = await personWithAddress(t, true);
    const deleted = await personWithAddress(t, true);
    await db().update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const refusal = async (id: string) => {
      const res = await sendReset(admin, id);
      expect(res.statusCode, res.body).toBe(409);
      return res.json<{ reason: string; message: string }>();
    };
    expect(await refusal(bare!.id)).toMatchObject({
      reason: "no_email",
      message: expect.stringContaining("no e-mail"),
    });
    expect(await refusal(disabled.id)).toMatchObject({
      reason: "account_closed",
      message: expect.stringContaining("Enable"),
    });
    expect((await refusal(deleted.id)).reason).toBe("account_deleted");
    expect((await sendReset(admin, crypto.randomUUID())).statusCode).toBe(404);
    for (const id of [bare!.id, disabled.id, deleted.id]) {
      expect(await resetsTo(id)).toEqual([]);
      expect(await auditedFor(id)).toEqual([]);
      const links = and(eq(accountTokens.userId, id), eq(accountTokens.purpose, "password_reset"));
      expect(await db().select().from(accountTokens).where(links)).toEqual([]);
    }
    // Refusals cost nothing: once enabled, the disabled person's link goes at once.
    await db().update(users).set({ isActive: true }).where(eq(users.id, disabled.id));
    expect((await sendReset(admin, disabled.id)).statusCode).toBe(200);
  });
});

describe("why a person cannot sign in", () => {
  it("is nothing for an active account with a confirmed address", async () => {
    const person = await personWithAddress(t, true);
    expect(await standingOf(person.id)).toEqual({ canSignIn: true, reasons: [] });
  });

  it("says disabled, and deleted alone for a deleted account", async () => {
    const disabled = await personWithAddress(t, true);
    const deleted = await personWithAddress(t, false);
    await db().update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    expect(await standingOf(disabled.id)).toEqual({
      canSignIn: false,
      reasons: [{ code: "disabled", effect: "refuses", until: null }],
    });
    // The sign-in agrees.
    const login = await new Client(t.app).post("/api/auth/login", {
      username: disabled.username,
      password: "password123",
    });
    expect(login.json()).toMatchObject({ code: "account_disabled" });
    expect(await standingOf(deleted.id)).toEqual({
      canSignIn: false,
      reasons: [{ code: "account_deleted", effect: "refuses", until: null }],
    });
  });

  it("says a payment hold stops spending only, and an unconfirmed address mail only", async () => {
    const person = await personWithAddress(t, false);
    await db().update(users).set({ creditsOwed: 5 }).where(eq(users.id, person.id));
    const standing = await standingOf(person.id);
    expect(standing.canSignIn).toBe(true);
    expect(codes(standing)).toEqual(["payment_hold:spending", "email_unconfirmed:mail"]);
  });

  it("says a second factor is asked once one is confirmed, not while it is only started", async () => {
    const person = await personWithAddress(t, true);
    const setup = await person.client.post("/api/auth/second-factor/totp/setup");
    expect(setup.statusCode, setup.body).toBe(200);
    expect(codes(await standingOf(person.id))).toEqual([]);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json<{ secret: string }>().secret) });
    const confirm = await person.client.post("/api/auth/second-factor/totp/confirm", {
      code: totp.generate(),
      password: person.password,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await standingOf(person.id)).toEqual({
      canSignIn: true,
      reasons: [{ code: "second_factor_asked", effect: "limits", until: null }],
    });
  });

  it("says a password sign-in is paused after too many wrong passwords, until when, as the sign-in does", async () => {
    const person = await personWithAddress(t, true);
    const max = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerUsername.max;
    for (let i = 0; i < max; i++)
      await new Client(t.app).post("/api/auth/login", { username: person.username, password: "wrong-password" });
    const standing = await standingOf(person.id);
    expect(standing.canSignIn).toBe(false);
    expect(codes(standing)).toEqual(["sign_in_paused:refuses"]);
    expect(Date.parse(standing.reasons[0]!.until!)).toBeGreaterThan(Date.now());
    const right = await new Client(t.app).post("/api/auth/login", {
      username: person.username,
      password: "password123",
    });
    expect(right.statusCode).toBe(429);
  });

  it("says an account without a password has no way in, or only Google's while it is on", async () => {
    const noWay = await personWithAddress(t, true);
    const googleOnly = await personWithAddress(t, true);
    await db().update(users).set({ password: "" }).where(eq(users.id, noWay.id));
    await db().update(users).set({ password: "", googleId: "google-sub-0146" }).where(eq(users.id, googleOnly.id));
    expect(codes(await standingOf(noWay.id))).toEqual(["no_sign_in_method:refuses"]);
    expect(codes(await standingOf(googleOnly.id))).toEqual(["google_sign_in_off:refuses"]);
    const settings = await readSettingsFromDatabase(db(), t.secretBox);
    const withGoogle = {
      readSettings: async () => ({
        ...settings,
        googleAuthEnabled: true,
        googleClientId: "client-0146",
        googleClientSecret: "secret-0146",
      }),
      failedSignIns: noFailures(),
    };
    expect(await signInStanding(db(), googleOnly.id, withGoogle)).toEqual({ canSignIn: true, reasons: [] });
    // A reset link gives either of them a password: it is sent.
    expect((await sendReset(admin, noWay.id)).statusCode).toBe(200);
  });

  it("says an admin without a second factor must add one while every admin needs one", async () => {
    await ensureAdminAccount(db(), { username: "second_admin_0146", password: "second-admin-pass" });
    const [other] = await db().select().from(users).where(eq(users.username, "second_admin_0146"));
    expect(codes(await standingOf(other!.id))).toEqual([]);
    const settings = await readSettingsFromDatabase(db(), t.secretBox);
    const required = {
      readSettings: async () => ({ ...settings, requireAdminSecondFactor: true }),
      failedSignIns: noFailures(),
    };
    expect(await signInStanding(db(), other!.id, required)).toEqual({
      canSignIn: true,
      reasons: [{ code: "second_factor_enrolment_pending", effect: "limits", until: null }],
    });
  });
});
