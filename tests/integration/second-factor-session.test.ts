/**
 * What sign-in's second step does to the session (decision 0136) and how often a passkey's
 * challenge counts (decision 0137): the step ends the half-signed-in session and gives the browser
 * a new one, so a cookie planted in that browser never becomes signed in; a passkey's assertion is
 * accepted once, even when it comes twice at once. Passkeys are software ones
 * (tests/helpers/software-passkey.ts), factors are written as rows: the enrolment routes are not
 * what these tests are about.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoveryCodes, sessions, usedPasskeyChallenges, users } from "../../src/server/db/schema.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { addSoftwarePasskey, type SoftwarePasskey } from "../helpers/software-passkey.js";
import { Client, createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userIdOf(app: TestApp, username: string): Promise<string> {
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/** A request with exactly these cookies (`name=value; ...`), as a browser holding them sends it. */
function send(app: FastifyInstance, method: "GET" | "POST", url: string, cookie: string, body?: object) {
  return app.liveEvents
    .settle()
    .then(() => app.inject({ method, url, headers: { cookie }, ...(body ? { payload: body } : {}) }));
}

/** The value a response set for cookie `name` (not one it cleared). */
const setCookie = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name && c.value && (c.maxAge ?? 1) > 0);

/** Passkey options for the session `cookie`; the cookies to send the answer with (the session's and the sealed challenge's). */
async function passkeyOptions(app: TestApp, cookie: string) {
  const res = await send(app.app, "POST", "/api/auth/second-factor/passkey/options", cookie);
  expect(res.statusCode).toBe(200);
  const challengeCookie = setCookie(res, "webauthn")!;
  return {
    options: res.json<{ challenge: string; rpId: string }>(),
    cookie: `${cookie}; webauthn=${challengeCookie.value}`,
  };
}

/** The passkey's answer to fresh options, sent once; the answer and the request, to send again. */
async function passkeyStep(app: TestApp, cookie: string, passkey: SoftwarePasskey) {
  const { options, cookie: withChallenge } = await passkeyOptions(app, cookie);
  const body = { response: passkey.assert(options, new URL(app.config.publicUrl).origin) };
  const again = () => send(app.app, "POST", "/api/auth/second-factor/passkey/verify", withChallenge, body);
  return { res: await again(), again };
}

/** A person with a passkey, and a browser that signed in with the password only (pending). */
async function pendingSignIn(app: TestApp = t) {
  const { username, password } = await signUp(app.app);
  const userId = await userIdOf(app, username);
  const passkey = await addSoftwarePasskey(app.database.db, userId);
  const tab = new Client(app.app);
  const login = await tab.post("/api/auth/login", { username, password });
  expect(login.json().user.secondFactorPending).toBe(true);
  return { username, password, userId, passkey, tab, cookie: tab.sessionCookie! };
}

const sessionRow = async (cookie: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sha256Hex(cookie.slice(cookie.indexOf("=") + 1))));
  return row;
};

describe("sign-in's second step (decision 0136)", () => {
  it("ends the half-signed-in session and sets a new cookie, signed in, that keeps the sign-in's time", async () => {
    const { passkey, cookie } = await pendingSignIn();
    const before = (await sessionRow(cookie))!;
    const { res } = await passkeyStep(t, cookie, passkey);
    expect(res.statusCode).toBe(200);
    const renewed = setCookie(res, "sid")!;
    expect(renewed.value).not.toBe(cookie.slice("sid=".length));
    expect(renewed).toMatchObject({ path: "/", httpOnly: true });
    // The web app's token of the new session comes with it.
    expect(setCookie(res, "csrf")).toBeDefined();

    expect((await send(t.app, "GET", "/api/auth/current-user", cookie)).statusCode).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
    const fresh = `sid=${renewed.value}`;
    expect((await send(t.app, "GET", "/api/user/stats", fresh)).statusCode).toBe(200);
    const after = (await sessionRow(fresh))!;
    expect(after).toMatchObject({
      userId: before.userId,
      createdAt: before.createdAt,
      expiresAt: before.expiresAt,
      ip: before.ip,
      userAgent: before.userAgent,
    });
  });

  it("does the same with a recovery code", async () => {
    const { userId, tab, cookie } = await pendingSignIn();
    await t.database.db.insert(recoveryCodes).values({ userId, codeHash: sha256Hex("abcdefghjk") });
    const res = await tab.post("/api/auth/second-factor/verify", { method: "recovery", code: "abcde-fghjk" });
    expect(res.statusCode).toBe(200);
    expect(tab.sessionCookie).not.toBe(cookie);
    expect((await tab.get("/api/user/stats")).statusCode).toBe(200);
    expect((await send(t.app, "GET", "/api/user/stats", cookie)).statusCode).toBe(401);
  });

  it("leaves a half-signed-in cookie planted in the victim's browser ended, never signed in", async () => {
    // Someone with the password but not the passkey signs in, and plants the cookie in the
    // owner's browser (a subdomain, or a plain-http answer); the owner passes the second step.
    const { passkey, cookie: planted } = await pendingSignIn();
    const victim = new Client(t.app);
    victim.sessionCookie = planted;
    const { res } = await passkeyStep(t, planted, passkey);
    expect(res.statusCode).toBe(200);
    const attacker = await send(t.app, "GET", "/api/user/stats", planted);
    expect(attacker.statusCode).toBe(401);
    expect((await send(t.app, "GET", "/api/auth/current-user", planted)).statusCode).toBe(401);
  });

  it("renews once when two second steps of one session come at once", async () => {
    const { userId, cookie } = await pendingSignIn();
    const sessionsOf = () =>
      t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    const before = await sessionsOf();
    await t.database.db.insert(recoveryCodes).values([
      { userId, codeHash: sha256Hex("aaaaabbbbb") },
      { userId, codeHash: sha256Hex("cccccddddd") },
    ]);
    const both = await Promise.all(
      ["aaaaa-bbbbb", "ccccc-ddddd"].map((code) =>
        send(t.app, "POST", "/api/auth/second-factor/verify", cookie, { method: "recovery", code }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // The pending session became one new session, not two.
    const after = await sessionsOf();
    expect(after).toHaveLength(before.length);
    expect(after.map((s) => s.id)).not.toContain(sha256Hex(cookie.slice("sid=".length)));
  });

  it("keeps the id of a signed-in session on a fresh check, marking it checked", async () => {
    const { passkey, cookie } = await pendingSignIn();
    const signedIn = `sid=${setCookie((await passkeyStep(t, cookie, passkey)).res, "sid")!.value}`;
    const check = await passkeyStep(t, signedIn, passkey);
    expect(check.res.statusCode).toBe(200);
    expect(setCookie(check.res, "sid")).toBeUndefined();
    expect((await send(t.app, "GET", "/api/user/stats", signedIn)).statusCode).toBe(200);
  });
});

describe("under an https PUBLIC_URL", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: "https://veo.example.com" } });
  });
  afterAll(() => secure.close());

  it("the second step sets a new __Host-sid cookie, Secure, for /", async () => {
    const { passkey, cookie } = await pendingSignIn(secure);
    expect(cookie).toMatch(/^__Host-sid=/);
    const { res } = await passkeyStep(secure, cookie, passkey);
    expect(res.statusCode).toBe(200);
    expect(setCookie(res, "sid")).toBeUndefined();
    const renewed = setCookie(res, "__Host-sid")!;
    expect(renewed).toMatchObject({ secure: true, path: "/", httpOnly: true });
    expect(renewed.domain).toBeUndefined();
    expect((await send(secure.app, "GET", "/api/user/stats", cookie)).statusCode).toBe(401);
    expect((await send(secure.app, "GET", "/api/user/stats", `__Host-sid=${renewed.value}`)).statusCode).toBe(200);
  });
});

describe("a passkey's challenge (decision 0137)", () => {
  /** A signed-in session (its second step passed) of a person with a software passkey. */
  async function signedIn() {
    const { passkey, cookie, userId } = await pendingSignIn();
    const { res } = await passkeyStep(t, cookie, passkey);
    expect(res.statusCode).toBe(200);
    return { passkey, userId, cookie: `sid=${setCookie(res, "sid")!.value}` };
  }

  it("is accepted once: the same assertion sent again, or twice at once, is refused", async () => {
    const { passkey, cookie } = await signedIn();
    // An authenticator without a counter (0 each time): the counter cannot tell a replay.
    const { res, again } = await passkeyStep(t, cookie, passkey);
    expect(res.statusCode).toBe(200);
    const replay = await again();
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("invalid_second_factor");

    const { options, cookie: withChallenge } = await passkeyOptions(t, cookie);
    const body = { response: passkey.assert(options, new URL(t.config.publicUrl).origin) };
    const both = await Promise.all(
      [1, 2].map(() => send(t.app, "POST", "/api/auth/second-factor/passkey/verify", withChallenge, body)),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await send(t.app, "POST", "/api/auth/second-factor/passkey/verify", withChallenge, body)).statusCode).toBe(
      401,
    );
  });

  it("is remembered until it would have expired, then swept with the Idempotency-Keys", async () => {
    const { passkey, cookie } = await signedIn();
    const { options } = await passkeyOptions(t, cookie);
    expect((await passkeyStep(t, cookie, passkey)).res.statusCode).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(usedPasskeyChallenges)
      .where(sql`${usedPasskeyChallenges.expiresAt} > now()`)
      .limit(1);
    expect(kept).toBeDefined();
    // The challenge is kept as its hash only.
    expect(kept!.challengeHash).not.toBe(options.challenge);

    const old = sha256Hex(`expired-${Date.now()}`);
    await t.database.db
      .insert(usedPasskeyChallenges)
      .values({ challengeHash: old, expiresAt: new Date(Date.now() - 60_000) });
    await t.app.jobs.idempotencyKeySweep.runOnce();
    const left = await t.database.db
      .select({ hash: usedPasskeyChallenges.challengeHash })
      .from(usedPasskeyChallenges)
      .where(eq(usedPasskeyChallenges.challengeHash, old));
    expect(left).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(usedPasskeyChallenges)
        .where(eq(usedPasskeyChallenges.challengeHash, kept!.challengeHash)),
    ).toHaveLength(1);
  });
});
