/**
 * Issue 66 §6, decision 0135: a session alone does not add a second factor. The first factor asks
 * for the password (or, for an account without one, a Google sign-in of the last minutes). Time
 * is moved by rewriting the rows the sessions read.
 */
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, totpCredentials, users } from "../../src/server/db/schema.js";
import { NO_PASSWORD } from "../../src/server/features/auth/service.js";
import { PostgresRateLimitStore } from "../../src/server/http/rate-limit.js";
import { Client, createTestApp, signUp, type TestApp } from "../helpers/test-app.js";
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
