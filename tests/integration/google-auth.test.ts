/**
 * Sign in with Google against a local fake OpenID provider over real HTTP: the fake signs ID
 * tokens with its own RSA key and checks PKCE. The browser's part (cookies, redirects) is played
 * here step by step.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, mailMessages, users } from "../../src/server/db/schema.js";
import { GOOGLE_PROBLEMS } from "../../src/shared/google-auth.js";
import {
  ACCOUNT_EXISTS_MESSAGE,
  GOOGLE_NEW_ACCOUNT_COOKIE,
  NEW_ACCOUNT_EXPIRED,
} from "../../src/server/features/auth/google-routes.js";
import { createSecretBox } from "../../src/server/lib/secret-box.js";
import { startGoogleFake, type GoogleFake, type GoogleIdentity } from "../fakes/google-fake.mjs";
import { Client, createTestApp, signInAdmin, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";

const CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-fake-google-client-secret";

let fake: GoogleFake;
let t: TestApp;
let admin: Client;
let n = 0;

beforeAll(async () => {
  fake = await startGoogleFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, autoApprove: true });
  t = await createTestApp({
    env: {
      GOOGLE_AUTH_URL: fake.urls.auth,
      GOOGLE_TOKEN_URL: fake.urls.token,
      GOOGLE_USERINFO_URL: fake.urls.userinfo,
      GOOGLE_JWKS_URL: fake.urls.jwks,
    },
  });
  admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    googleAuthEnabled: true,
    googleClientId: CLIENT_ID,
    googleClientSecret: CLIENT_SECRET,
  });
  expect(res.statusCode).toBe(200);
});
beforeEach(() => {
  fake.setDown(false);
  fake.setClaimOverrides({});
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function identity(overrides: Partial<GoogleIdentity> = {}): GoogleIdentity {
  n += 1;
  return {
    sub: `1090000000000000${n}${Date.now() % 1000}`,
    email: `person${n}.${uniqueName("g")}@gmail.com`,
    email_verified: true,
    name: "Person Example",
    ...overrides,
  };
}

interface Flow {
  authUrl: string;
  cookie: string;
}

async function startFlow(next?: string): Promise<Flow> {
  const url =
    next === undefined ? "/api/auth/google/url" : `/api/auth/google/url?${new URLSearchParams({ next }).toString()}`;
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === "google_oauth")!;
  expect(set).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google" });
  return { authUrl: res.json().authUrl, cookie: set.value };
}

/** The consent step at the fake: returns where Google sends the browser back to. */
async function consent(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

/**
 * The browser arriving at our callback (with its session cookie, if `sessionCookie` is given);
 * returns the address it is sent to, the new session cookie and the sealed new-account cookie.
 */
async function callback(back: URL, flowCookie: string | undefined, sessionCookie?: string) {
  await t.app.liveEvents.settle();
  const cookies = [flowCookie ? `google_oauth=${flowCookie}` : "", sessionCookie ?? ""].filter(Boolean);
  const res = await t.app.inject({
    method: "GET",
    url: back.pathname + back.search,
    headers: cookies.length ? { cookie: cookies.join("; ") } : {},
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string, "http://app");
  const sid = res.cookies.find((c) => c.name === "sid" && c.value)?.value;
  const newAccount = res.cookies.find((c) => c.name === GOOGLE_NEW_ACCOUNT_COOKIE && c.value);
  return { location, sid, newAccount, params: Object.fromEntries(location.searchParams) };
}

async function signInWithGoogle(who: GoogleIdentity) {
  fake.setIdentity(who);
  const flow = await startFlow();
  return callback(await consent(flow.authUrl), flow.cookie);
}

async function currentUser(sid: string | undefined) {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/auth/current-user",
    headers: sid ? { cookie: `sid=${sid}` } : {},
  });
  return res.statusCode === 200 ? res.json() : undefined;
}

const userBySub = async (sub: string) => (await t.database.db.select().from(users).where(eq(users.googleId, sub)))[0];
const userByName = async (username: string) =>
  (
    await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
  )[0]!;

/** POST /api/auth/google/new-account with this sealed cookie value ("Create a new account with Google"). */
async function newAccount(sealed: string | undefined) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/google/new-account",
    headers: sealed === undefined ? {} : { cookie: `${GOOGLE_NEW_ACCOUNT_COOKIE}=${sealed}` },
  });
  const sid = res.cookies.find((c) => c.name === "sid" && c.value)?.value;
  const cleared = res.cookies.find((c) => c.name === GOOGLE_NEW_ACCOUNT_COOKIE);
  return { res, sid, cleared };
}

/** My Account's "Connect Google" for a signed-in client, through consent and back to our callback. */
async function connectGoogle(
  client: Client,
  who: GoogleIdentity,
  sessionAtCallback: string | null = client.sessionCookie ?? null,
) {
  fake.setIdentity(who);
  await t.app.liveEvents.settle();
  const start = await t.app.inject({
    method: "POST",
    url: "/api/auth/google/link",
    headers: { cookie: client.sessionCookie! },
  });
  expect(start.statusCode, start.body).toBe(200);
  const flowCookie = start.cookies.find((c) => c.name === "google_oauth")!;
  expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google" });
  return callback(await consent(start.json().authUrl), flowCookie.value, sessionAtCallback ?? undefined);
}

describe("GET /api/auth/google/status and /url", () => {
  it("says enabled, and builds an authorization-code URL with state, nonce and PKCE S256", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/status" })).json()).toEqual({ enabled: true });
    const { authUrl } = await startFlow();
    const url = new URL(authUrl);
    expect(url.origin + url.pathname).toBe(fake.urls.auth);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: "http://localhost:3000/api/auth/google/callback",
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(q.nonce).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authUrl).not.toContain(CLIENT_SECRET);
  });

  it("is off, with a clear 404, until the admin enables it with a client", async () => {
    await admin.put("/api/admin/settings", { googleAuthEnabled: false });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/auth/google/status" })).json()).toEqual({
        enabled: false,
      });
      const res = await t.app.inject({ method: "GET", url: "/api/auth/google/url" });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Google sign-in is not enabled.");
    } finally {
      await admin.put("/api/admin/settings", { googleAuthEnabled: true });
    }
  });
});

describe("the callback", () => {
  it("creates a new user with a unique username from the e-mail and signs them in", async () => {
    const taken = `jane.doe${n + 100}`;
    await signUp(t.app, { username: taken });
    const who = identity({ email: `${taken}@gmail.com`.toUpperCase(), name: "Jane Doe" });
    const { params, sid } = await signInWithGoogle(who);
    expect(params.auth).toBe("success");
    const username = JSON.parse(params.user!).username as string;
    expect(username.toLowerCase()).toBe(`${taken}2`);
    // A Google-verified address is a verified identity: the welcome credits (one Fast video: 1 here).
    expect(await currentUser(sid)).toMatchObject({ username, email: who.email, credits: 1, hasPassword: false });
    // Google verified the address it brought.
    expect(await userBySub(who.sub)).toMatchObject({ username, isAdmin: false, isActive: true, emailVerified: true });
  });

  it("signs a returning user into the same account", async () => {
    const who = identity();
    const first = await signInWithGoogle(who);
    const second = await signInWithGoogle(who);
    expect(second.params.auth).toBe("success");
    expect(second.params.user).toBe(first.params.user);
    expect(second.sid).not.toBe(first.sid);
    expect(await t.database.db.select().from(users).where(eq(users.googleId, who.sub))).toHaveLength(1);
  });

  it("a returning sign-in confirms the account's address only when Google vouches for that address (0088)", async () => {
    const who = identity();
    await signInWithGoogle(who);
    const unconfirm = () =>
      t.database.db.update(users).set({ emailVerified: false }).where(eq(users.googleId, who.sub));
    // Unconfirmed since (an address typed in again, say): Google's verified e-mail is the same one.
    await unconfirm();
    const { sid } = await signInWithGoogle({ ...who, email: who.email.toUpperCase() });
    expect(await currentUser(sid)).toMatchObject({ email: who.email, emailVerified: true });
    // Google does not vouch for it, or vouches for another address: nothing changes.
    await unconfirm();
    await signInWithGoogle({ ...who, email_verified: false });
    expect(await userBySub(who.sub)).toMatchObject({ emailVerified: false });
    await signInWithGoogle({ ...who, email: `other.${uniqueName()}@gmail.com` });
    expect(await userBySub(who.sub)).toMatchObject({ email: who.email, emailVerified: false });
  });

  it("an administrator's Google sign-in is recorded in the audit log; a user's is not (decision 0052)", async () => {
    const who = identity();
    const first = await signInWithGoogle(who);
    const username = JSON.parse(first.params.user!) as { username: string };
    const audited = async () =>
      (await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.adminUsername, username.username))).map(
        (r) => [r.action, r.details],
      );
    expect(await audited()).toEqual([]);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.googleId, who.sub));
    expect((await signInWithGoogle(who)).params.auth).toBe("success");
    expect(await audited()).toEqual([["admin.sign_in", { method: "google" }]]);
  });

  it("never links on the address alone into an account with a password, even a confirmed one (decision 0131)", async () => {
    const email = `linked.${uniqueName()}@example.com`;
    const local = await signUp(t.app, { email, password: "local-pass-1" });
    // An address proven earlier: by its link, which the address's owner may have clicked for an
    // account someone else made with it.
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.username, local.username));
    const who = identity({ email: email.toUpperCase(), email_verified: true });
    const { params, sid } = await signInWithGoogle(who);
    expect(params).toEqual({ auth: "account-exists", message: ACCOUNT_EXISTS_MESSAGE });
    expect(sid).toBeUndefined();
    expect(await userByName(local.username)).toMatchObject({ googleId: null, email, emailVerified: true });
    expect(await userBySub(who.sub)).toBeUndefined();
  });

  it("links an account with the same confirmed e-mail that has no password (made by Google, since unlinked)", async () => {
    const email = `nopass.${uniqueName()}@example.com`;
    const first = identity({ email, email_verified: true });
    const made = JSON.parse((await signInWithGoogle(first)).params.user!) as { username: string };
    await t.database.db.update(users).set({ googleId: null }).where(eq(users.username, made.username));
    const who = identity({ email, email_verified: true });
    const { params, sid } = await signInWithGoogle(who);
    expect(JSON.parse(params.user!)).toEqual({ username: made.username });
    expect(await currentUser(sid)).toMatchObject({ username: made.username, hasPassword: false });
  });

  it("refuses to link a disabled account with a verified e-mail", async () => {
    const email = `disabled.${uniqueName()}@example.com`;
    const local = await signUp(t.app, { email });
    await t.database.db
      .update(users)
      // No password: the one kind of account a Google sign-in links into (decision 0131).
      .set({ emailVerified: true, isActive: false, password: "" })
      .where(eq(users.username, local.username));
    const who = identity({ email });
    const { params, sid } = await signInWithGoogle(who);
    expect(params).toEqual({ auth: "error", problem: "account_disabled", message: "This account has been disabled." });
    expect(sid).toBeUndefined();
    expect((await userByName(local.username)).googleId).toBeNull();
  });

  it("does not link on an unverified e-mail: a separate account without that address", async () => {
    const email = `unverified.${uniqueName()}@example.com`;
    const local = await signUp(t.app, { email, password: "local-pass-2" });
    const who = identity({ email, email_verified: false });
    const { params, sid } = await signInWithGoogle(who);
    expect(params.auth).toBe("success");
    const me = await currentUser(sid);
    expect(me.username).not.toBe(local.username);
    expect(me.email).toBeNull();
  });

  it("refuses a disabled user", async () => {
    const who = identity();
    await signInWithGoogle(who);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.googleId, who.sub));
    const { params, sid } = await signInWithGoogle(who);
    expect(params).toEqual({ auth: "error", problem: "account_disabled", message: "This account has been disabled." });
    expect(sid).toBeUndefined();
  });

  it("refuses a state that does not match this browser's flow, or no flow at all", async () => {
    fake.setIdentity(identity());
    const mine = await startFlow();
    const theirs = await startFlow();
    const back = await consent(theirs.authUrl);
    const swapped = await callback(back, mine.cookie);
    expect(swapped.params.auth).toBe("error");
    expect(swapped.params.message).toMatch(/expired or was opened in another browser/);
    expect(swapped.sid).toBeUndefined();
    const noCookie = await callback(back, undefined);
    expect(noCookie.params.auth).toBe("error");
    expect(fake.tokenCalls.filter((c) => c.code === back.searchParams.get("code"))).toHaveLength(0);
  });

  it("fails when the code was issued for another PKCE challenge", async () => {
    fake.setIdentity(identity());
    const mine = await startFlow();
    const other = await startFlow();
    const tampered = new URL(mine.authUrl);
    tampered.searchParams.set("code_challenge", new URL(other.authUrl).searchParams.get("code_challenge")!);
    const { params, sid } = await callback(await consent(tampered.toString()), mine.cookie);
    expect(params.auth).toBe("error");
    expect(params.message).toMatch(/Google did not accept this sign-in/);
    expect(sid).toBeUndefined();
  });

  it("refuses a code used a second time (a replayed callback)", async () => {
    fake.setIdentity(identity());
    const flow = await startFlow();
    const back = await consent(flow.authUrl);
    expect((await callback(back, flow.cookie)).params.auth).toBe("success");
    const replay = await callback(back, flow.cookie);
    expect(replay.params.auth).toBe("error");
    expect(replay.sid).toBeUndefined();
  });

  it.each([
    ["another audience", { aud: "someone-elses-client.apps.googleusercontent.com" }, false, /could not be verified/],
    ["another issuer", { iss: "https://evil.example.com" }, false, /could not be verified/],
    [
      "an expired token",
      { exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 4200 },
      false,
      /could not be verified/,
    ],
    ["another sign-in's nonce", { nonce: "not-this-flows-nonce" }, false, /does not belong to this sign-in/],
    ["a signature by a key Google does not publish", {}, true, /could not be verified/],
  ])("refuses an ID token with %s", async (_name, claims, otherKey, message) => {
    fake.setClaimOverrides(claims, otherKey);
    const who = identity();
    const { params, sid } = await signInWithGoogle(who);
    expect(params.auth).toBe("error");
    expect(params.message).toMatch(message);
    expect(sid).toBeUndefined();
    expect(await userBySub(who.sub)).toBeUndefined();
  });

  it("accepts the issuer written without https:// as Google sometimes does", async () => {
    fake.setClaimOverrides({ iss: "accounts.google.com" });
    expect((await signInWithGoogle(identity())).params.auth).toBe("success");
  });

  it("says so when the user declines consent, or Google is down", async () => {
    const flow = await startFlow();
    const state = new URL(flow.authUrl).searchParams.get("state")!;
    const denied = await callback(
      new URL(`http://localhost:3000/api/auth/google/callback?error=access_denied&state=${state}`),
      flow.cookie,
    );
    expect(denied.params).toEqual({ auth: "error", problem: "cancelled", message: "Google sign-in was cancelled." });

    fake.setIdentity(identity());
    const again = await startFlow();
    const back = await consent(again.authUrl);
    fake.setDown(true);
    const down = await callback(back, again.cookie);
    expect(down.params).toEqual({
      auth: "error",
      problem: "unreachable",
      message: "Google could not be reached. Please try again in a moment.",
    });
  });
});

describe("a Google-only account", () => {
  it("sets a password without a current one, then signs in with it; afterwards the current one is asked", async () => {
    const { params, sid } = await signInWithGoogle(identity());
    const username = JSON.parse(params.user!).username as string;
    const login = await new Client(t.app).post("/api/auth/login", { username, password: "anything" });
    expect(login.statusCode).toBe(401);
    const client = new Client(t.app);
    client.sessionCookie = `sid=${sid}`;
    const set = await client.put("/api/user/change-password", { newPassword: "first-pass-1" });
    expect(set.statusCode, set.body).toBe(200);
    expect((await new Client(t.app).post("/api/auth/login", { username, password: "first-pass-1" })).statusCode).toBe(
      200,
    );
    const again = await client.put("/api/user/change-password", { newPassword: "second-pass-2" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Please fill in all fields.");
  });
});

describe("an account registered in advance with someone else's e-mail (issue 18)", () => {
  /** The attacker registers with the victim's address (never verified) and keeps a session. */
  async function preRegister() {
    const email = `victim.${uniqueName()}@gmail.com`;
    const attacker = await signUp(t.app, { email, password: "attacker-pass-1" });
    return { email, attacker };
  }

  it("is neither signed into nor linked when the owner of the e-mail signs in with Google", async () => {
    const { email, attacker } = await preRegister();
    const victim = identity({ email: email.toUpperCase(), email_verified: true });
    const { params, sid, newAccount: sealed } = await signInWithGoogle(victim);

    expect(params).toEqual({ auth: "account-exists", message: ACCOUNT_EXISTS_MESSAGE });
    expect(sid).toBeUndefined();
    expect(await userBySub(victim.sub)).toBeUndefined();
    expect(await userByName(attacker.username)).toMatchObject({ googleId: null, email, emailVerified: false });
    // The verified identity waits sealed (not readable, not sent elsewhere) for the person's choice.
    expect(sealed).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google", maxAge: 600 });
    expect(sealed!.value).not.toContain(victim.sub);
    expect(Buffer.from(sealed!.value.replace(/^v1:/, ""), "base64").toString("latin1")).not.toContain(email);
    expect((await attacker.client.get("/api/auth/current-user")).json()).toMatchObject({
      username: attacker.username,
      email,
    });
  });

  it("is not linked either after the owner of the e-mail clicked the planted account's confirmation (issue 66 §4)", async () => {
    const { email, attacker } = await preRegister();
    // The victim receives "please confirm your address" and clicks it.
    const [message] = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, email), eq(mailMessages.kind, "verify_email")));
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(message!.textBody!)![1]!;
    expect((await new Client(t.app).post("/api/auth/verify-email", { token })).statusCode).toBe(200);
    expect(await userByName(attacker.username)).toMatchObject({ email, emailVerified: true });

    const victim = identity({ email, email_verified: true });
    const { params, sid } = await signInWithGoogle(victim);
    expect(params).toEqual({ auth: "account-exists", message: ACCOUNT_EXISTS_MESSAGE });
    expect(sid).toBeUndefined();
    expect(await userByName(attacker.username)).toMatchObject({ googleId: null });
    expect(await userBySub(victim.sub)).toBeUndefined();
  });

  it("makes a separate account on request, which takes the e-mail away from the unverified account", async () => {
    const { email, attacker } = await preRegister();
    const victim = identity({ email, email_verified: true, name: "Victim Person" });
    const { newAccount: sealed } = await signInWithGoogle(victim);

    const { res, sid, cleared } = await newAccount(sealed!.value);
    expect(res.statusCode, res.body).toBe(200);
    expect(sid).toBeDefined();
    expect(cleared).toMatchObject({ value: "", path: "/api/auth/google" });
    const created = res.json().user;
    expect(created).toMatchObject({ email, hasPassword: false, isAdmin: false, credits: 0 });
    expect(created.username.toLowerCase()).not.toBe(attacker.username.toLowerCase());
    expect(await currentUser(sid)).toMatchObject({ username: created.username, email });
    expect(await userBySub(victim.sub)).toMatchObject({ username: created.username, email, emailVerified: true });
    // Released in the same step: the attacker's account has no e-mail any more.
    expect(await userByName(attacker.username)).toMatchObject({ email: null, emailVerified: false, googleId: null });

    // What the victim creates is out of the attacker's reach, by session and by password.
    const victimClient = new Client(t.app);
    victimClient.sessionCookie = `sid=${sid}`;
    const token = await victimClient.post("/api/user-tokens", { name: "victim automation" });
    expect(token.statusCode, token.body).toBe(201);
    const attackerView = await attacker.client.get("/api/user-tokens");
    expect(attackerView.statusCode).toBe(200);
    expect(JSON.stringify(attackerView.json())).not.toContain("victim automation");
    expect((await attacker.client.get("/api/auth/current-user")).json()).toMatchObject({
      username: attacker.username,
      email: null,
    });
    const relogin = new Client(t.app);
    expect(
      (await relogin.post("/api/auth/login", { username: attacker.username, password: "attacker-pass-1" })).json().user,
    ).toMatchObject({
      username: attacker.username,
      email: null,
    });
    expect(JSON.stringify((await relogin.get("/api/user-tokens")).json())).not.toContain("victim automation");

    // The sealed identity only ever creates: replayed, it signs nobody in.
    const replay = await newAccount(sealed!.value);
    expect(replay.res.statusCode).toBe(409);
    expect(replay.res.json().message).toBe(GOOGLE_PROBLEMS.already_has_account);
    expect(replay.sid).toBeUndefined();

    // Google now signs the victim into the new account.
    const again = await signInWithGoogle(victim);
    expect(again.params.auth).toBe("success");
    expect(JSON.parse(again.params.user!)).toEqual({ username: created.username });
  });

  it("refuses an absent, forged, foreign-key, expired or other sealed value with a 4xx and creates nothing", async () => {
    const { email, attacker } = await preRegister();
    const sub = `forged-${crypto.randomBytes(6).toString("hex")}`;
    const body = { kind: "google-new-account", sub, email, name: "Forger" };
    const flowCookie = (await startFlow()).cookie;
    const candidates: Array<[string, string | undefined]> = [
      ["absent", undefined],
      ["empty", ""],
      ["not sealed", JSON.stringify({ ...body, expiresAt: Date.now() + 60_000 })],
      ["tampered", `v1:${Buffer.from(crypto.randomBytes(80)).toString("base64")}`],
      [
        "sealed with another key",
        createSecretBox(crypto.randomBytes(32)).encrypt(JSON.stringify({ ...body, expiresAt: Date.now() + 60_000 })),
      ],
      ["expired", t.secretBox.encrypt(JSON.stringify({ ...body, expiresAt: Date.now() - 1 }))],
      [
        "of another kind",
        t.secretBox.encrypt(JSON.stringify({ ...body, kind: "something-else", expiresAt: Date.now() + 60_000 })),
      ],
      ["a sign-in flow's cookie", flowCookie],
    ];
    for (const [name, sealed] of candidates) {
      const { res, sid } = await newAccount(sealed);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(NEW_ACCOUNT_EXPIRED);
      expect(sid, name).toBeUndefined();
    }
    expect(await userBySub(sub)).toBeUndefined();
    expect(await userByName(attacker.username)).toMatchObject({ email });
    // The same body sealed with this server's key is accepted: the refusals above are about the seal.
    const genuine = await newAccount(t.secretBox.encrypt(JSON.stringify({ ...body, expiresAt: Date.now() + 60_000 })));
    expect(genuine.res.statusCode, genuine.res.body).toBe(200);
  });
});

describe("Connect Google on My Account", () => {
  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/auth/google/link" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/google/connection" })).statusCode).toBe(401);
  });

  it("links the signed-in account and verifies its e-mail when Google's matches; Google then signs into it", async () => {
    const email = `connect.${uniqueName()}@example.com`;
    const local = await signUp(t.app, { email, password: "connect-pass-1" });
    expect((await local.client.get("/api/auth/google/connection")).json()).toEqual({ connected: false });
    const who = identity({ email: email.toUpperCase() });

    const { location, params, sid } = await connectGoogle(local.client, who);
    expect(location.pathname).toBe("/my-account");
    expect(params).toEqual({ google: "connected" });
    expect(sid).toBeUndefined();
    expect(await userByName(local.username)).toMatchObject({ googleId: who.sub, emailVerified: true, email });
    expect((await local.client.get("/api/auth/google/connection")).json()).toEqual({ connected: true });
    const twice = await local.client.post("/api/auth/google/link");
    expect(twice.statusCode).toBe(409);

    const signIn = await signInWithGoogle(who);
    expect(signIn.params.auth).toBe("success");
    expect(JSON.parse(signIn.params.user!)).toEqual({ username: local.username });
  });

  it("links without verifying an e-mail that is not Google's", async () => {
    const email = `other.${uniqueName()}@example.com`;
    const local = await signUp(t.app, { email });
    const who = identity();
    expect((await connectGoogle(local.client, who)).params).toEqual({ google: "connected" });
    expect(await userByName(local.username)).toMatchObject({ googleId: who.sub, emailVerified: false, email });
  });

  it("refuses a Google identity that is already on another account", async () => {
    const who = identity();
    const owner = JSON.parse((await signInWithGoogle(who)).params.user!).username as string;
    const local = await signUp(t.app, {});
    const { location, params } = await connectGoogle(local.client, who);
    expect(location.pathname).toBe("/my-account");
    expect(params).toEqual({ google: "error", problem: "google_taken", message: GOOGLE_PROBLEMS.google_taken });
    expect((await userByName(local.username)).googleId).toBeNull();
    expect((await userBySub(who.sub))!.username).toBe(owner);
  });

  it("refuses when another user, or nobody, is signed in by the time Google answers", async () => {
    const local = await signUp(t.app, {});
    const other = await signUp(t.app, {});
    for (const sessionAtCallback of [other.client.sessionCookie!, null]) {
      const who = identity();
      const { location, params, sid } = await connectGoogle(local.client, who, sessionAtCallback);
      expect(location.pathname).toBe("/my-account");
      expect(params.google).toBe("error");
      expect(params.message).toMatch(/no longer signed in/);
      expect(sid).toBeUndefined();
      expect(await userBySub(who.sub)).toBeUndefined();
    }
    expect((await userByName(local.username)).googleId).toBeNull();
    expect((await userByName(other.username)).googleId).toBeNull();
  });
});

describe("coming back to the page the person was going to (decision 0083)", () => {
  /** What the flow cookie holds, as only the server can read it. */
  const sealedFlow = (cookie: string) => JSON.parse(t.secretBox.decrypt(cookie)) as { next?: string };

  it("carries next through Google's round trip, sealed: the callback ends on /login with it", async () => {
    const who = identity();
    fake.setIdentity(who);
    const next = "/generate?prompt=A%20fox%20in%20the%20snow&model=veo3_fast";
    const flow = await startFlow(next);
    // Google never sees it: only the sealed cookie holds it.
    expect(flow.authUrl).not.toContain("generate");
    expect(flow.cookie).not.toContain("generate");
    expect(sealedFlow(flow.cookie).next).toBe(next);
    const { location, params, sid } = await callback(await consent(flow.authUrl), flow.cookie);
    expect(location.pathname).toBe("/login");
    expect(params).toMatchObject({ auth: "success", next });
    expect(await currentUser(sid)).toMatchObject({ username: expect.any(String) });
  });

  it("keeps next on the other endings of a sign-in too, and never on connecting Google", async () => {
    // A refused state (another browser's flow): the error ending still knows where the person was going.
    const mine = await startFlow("/pricing");
    const other = await startFlow("/my-creations");
    const swapped = await callback(await consent(other.authUrl), mine.cookie);
    expect(swapped.params).toMatchObject({ auth: "error", problem: "link_expired", next: "/pricing" });

    // "An account with this e-mail already exists": the choice is made on /login, then it goes on to next.
    const email = `holder.${uniqueName()}@gmail.com`;
    await signUp(t.app, { email, password: "holder-pass-1" });
    fake.setIdentity(identity({ email, email_verified: true }));
    const exists = await startFlow("/api");
    const outcome = await callback(await consent(exists.authUrl), exists.cookie);
    expect(outcome.params).toMatchObject({ auth: "account-exists", next: "/api" });

    // Connecting Google from My Account ignores any next (it always ends on /my-account).
    const user = await signUp(t.app);
    const link = await user.client.post("/api/auth/google/link?next=/pricing");
    expect(link.statusCode, link.body).toBe(200);
    const linkCookie = link.cookies.find((c) => c.name === "google_oauth")!.value;
    expect(sealedFlow(linkCookie).next).toBeUndefined();
  });

  it("refuses every spelling of another site: nothing is sealed, and the callback ends on /login without it", async () => {
    const attempts = [
      "//evil.example",
      "//evil.example/generate",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "http:evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "/\t/evil.example",
      "/\r\n/evil.example",
      "/generate\r\nSet-Cookie: sid=x",
      "%2F%2Fevil.example",
      " //evil.example",
      "/login?next=//evil.example",
      "/",
    ];
    for (const next of attempts) {
      const flow = await startFlow(next);
      expect(sealedFlow(flow.cookie).next, JSON.stringify(next)).toBeUndefined();
    }
    // One whole round trip with the worst of them.
    fake.setIdentity(identity());
    const flow = await startFlow("//evil.example");
    const { location, params } = await callback(await consent(flow.authUrl), flow.cookie);
    expect(location.pathname).toBe("/login");
    expect(params.auth).toBe("success");
    expect(params).not.toHaveProperty("next");
  });

  it("property: whatever next is asked for, what is sealed is a path of this site or nothing", async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc
        .tuple(
          fc.constantFrom(
            "//",
            "/\\",
            "\\",
            "/\t/",
            "/\n/",
            "/\r/",
            "https://",
            "http:",
            "javascript:",
            " //",
            "/%2F",
            "/./",
          ),
          fc.domain(),
          fc.webPath(),
        )
        .map(([prefix, host, path]) => `${prefix}${host}${path}`),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (next) => {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/auth/google/url?${new URLSearchParams({ next }).toString()}`,
        });
        expect(res.statusCode).toBe(200);
        const sealed = sealedFlow(res.cookies.find((c) => c.name === "google_oauth")!.value).next;
        if (sealed === undefined) return;
        // Kept: one leading slash, no backslash or control character, and it stays on our origin.
        expect(sealed).toMatch(/^\/(?![/\\])/);
        // eslint-disable-next-line no-control-regex -- control characters are what must not be there
        expect(sealed).not.toMatch(/[\\\u0000-\u001f\u007f]/);
        expect(new URL(sealed, "https://ours.example").origin).toBe("https://ours.example");
      }),
      { numRuns: 150 },
    );
  });
});
