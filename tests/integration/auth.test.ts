import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../src/server/db/schema.js";
import { SseClient } from "../helpers/sse-client.js";
import { Client, createTestApp, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("registration", () => {
  it("creates a user, signs them in and never takes an admin flag from the body", async () => {
    const client = new Client(t.app);
    const username = uniqueName();
    const res = await client.post("/api/auth/register", {
      username,
      email: "Someone@Example.com",
      password: "secret1",
      isAdmin: true,
      credits: 500,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: "Registration successful",
      user: {
        username,
        email: "Someone@Example.com",
        credits: 0,
        isAdmin: false,
        hasPassword: true,
        emailVerified: false,
        language: null,
      },
    });
    // Signed in as a login signs in (decision 0167): the same cookie, and the current user is the new person.
    const cookie = res.cookies.find((c) => c.name === "sid")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
    expect(res.cookies.find((c) => c.name === "csrf")?.value).toBe(client.webToken);
    const me = await client.get("/api/auth/current-user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username, credits: 0, isAdmin: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
    const own = await t.database.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(own).toHaveLength(1);
    expect(row!.isAdmin).toBe(false);
    expect(row!.credits).toBe(0);
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(row!.password).not.toContain("secret1");
  });

  it.each([
    [{ password: "secret1" }, "Username is required"],
    [{ username: "ab", password: "secret1" }, "Username must be at least 3 characters"],
    [
      { username: "has space", password: "secret1" },
      "Username may only contain letters, numbers, dots, dashes and underscores",
    ],
    [{ username: "valid_name", password: "12345" }, "Password must be at least 6 characters"],
    [{ username: "valid_name" }, "Password is required"],
    [{ username: "valid_name", password: "secret1", email: "not-an-email" }, "Invalid email address"],
    [{ username: 42, password: "secret1" }, "Username is required"],
  ])("rejects %j with a clear message", async (body, message) => {
    const res = await new Client(t.app).post("/api/auth/register", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: "invalid_input" });
  });

  it("gives the new account a fresh session and ends the one the browser had", async () => {
    const { client, username: before } = await signUp(t.app);
    const old = client.sessionCookie!;
    const username = uniqueName();
    const res = await client.post("/api/auth/register", { username, password: "secret1" });
    expect(res.statusCode).toBe(201);
    expect(client.sessionCookie).toBeDefined();
    expect(client.sessionCookie).not.toBe(old);
    expect((await client.get("/api/auth/current-user")).json()).toMatchObject({ username });
    // The earlier session is over: its cookie, kept by someone, names nobody now.
    const stale = new Client(t.app);
    stale.sessionCookie = old;
    expect((await stale.get("/api/auth/current-user")).statusCode).toBe(401);
    expect(before).not.toBe(username);
  });

  it("signs nobody in when the account is refused", async () => {
    const username = uniqueName();
    expect((await new Client(t.app).post("/api/auth/register", { username, password: "secret1" })).statusCode).toBe(
      201,
    );
    const client = new Client(t.app);
    const taken = await client.post("/api/auth/register", { username, password: "secret1" });
    expect(taken.statusCode).toBe(409);
    expect(taken.cookies.find((c) => c.name === "sid")).toBeUndefined();
    const invalid = await client.post("/api/auth/register", { username: "ab", password: "secret1" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(401);
  });

  it("refuses a registration posted from another website: no account, and nobody signed in", async () => {
    // Otherwise a page elsewhere could sign a visitor into an account its author controls.
    const { client } = await signUp(t.app);
    const username = uniqueName("csrf");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { cookie: client.sessionCookie!, origin: "https://evil.example" },
      payload: { username, password: "secret1" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("cross_site_request");
    expect(res.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    // The visitor's own session goes on.
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(200);
  });

  it("accepts an empty e-mail as none", async () => {
    const res = await new Client(t.app).post("/api/auth/register", {
      username: uniqueName(),
      email: "",
      password: "secret1",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBeNull();
  });

  it("answers 409 for a taken username in any case, and for a taken e-mail", async () => {
    const username = uniqueName("Taken");
    const email = `${username}@example.com`;
    expect(
      (await new Client(t.app).post("/api/auth/register", { username, email, password: "secret1" })).statusCode,
    ).toBe(201);
    const again = await new Client(t.app).post("/api/auth/register", {
      username: username.toUpperCase(),
      password: "secret1",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Username already exists.", code: "conflict", reason: "username_taken" });
    const sameEmail = await new Client(t.app).post("/api/auth/register", {
      username: uniqueName(),
      email: email.toUpperCase(),
      password: "secret1",
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      message: "An account with this email already exists.",
      code: "conflict",
      reason: "email_taken",
    });
  });
});

describe("login, session and logout", () => {
  it("signs in with an httpOnly SameSite=Lax cookie and serves the current user", async () => {
    const client = new Client(t.app);
    const username = uniqueName();
    await client.post("/api/auth/register", { username, password: "secret1" });
    const res = await client.post("/api/auth/login", { username: username.toUpperCase(), password: "secret1" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Login successful",
      user: {
        username,
        email: null,
        credits: 0,
        isAdmin: false,
        hasPassword: true,
        emailVerified: false,
        language: null,
      },
    });
    const cookie = res.cookies.find((c) => c.name === "sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe("/");
    const me = await client.get("/api/auth/current-user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      username,
      email: null,
      credits: 0,
      expiring: [],
      isAdmin: false,
      hasPassword: true,
      emailVerified: false,
      language: null,
    });
  });

  it("stores only a hash of the session cookie", async () => {
    const { client } = await signUp(t.app);
    const value = client.sessionCookie!.slice("sid=".length);
    const rows = await t.database.db.select({ id: sessions.id }).from(sessions);
    expect(rows.some((r) => r.id === value)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it("answers 401 with a message when signed out", async () => {
    const res = await new Client(t.app).get("/api/auth/current-user");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Authentication required", code: "not_signed_in" });
  });

  it("gives one message for an unknown user and for a wrong password", async () => {
    const { username } = await signUp(t.app);
    const wrongPassword = await new Client(t.app).post("/api/auth/login", { username, password: "wrong-password" });
    const unknownUser = await new Client(t.app).post("/api/auth/login", {
      username: uniqueName("ghost"),
      password: "wrong-password",
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: "Invalid username or password.", code: "invalid_credentials" });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it("validates login input", async () => {
    expect((await new Client(t.app).post("/api/auth/login", { password: "x" })).json()).toEqual({
      message: "Username is required",
      code: "invalid_input",
    });
    expect((await new Client(t.app).post("/api/auth/login", { username: "someone" })).json()).toEqual({
      message: "Password is required",
      code: "invalid_input",
    });
  });

  it("issues a new session id at every login and ends the previous one", async () => {
    const { client, username, password } = await signUp(t.app);
    const first = client.sessionCookie!;
    await client.post("/api/auth/login", { username, password });
    const second = client.sessionCookie!;
    expect(second).not.toBe(first);
    const old = new Client(t.app);
    old.sessionCookie = first;
    expect((await old.get("/api/auth/current-user")).statusCode).toBe(401);
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(200);
  });

  it("logout deletes the session server-side, accepting a JSON content type without a body", async () => {
    const { client } = await signUp(t.app);
    const cookie = client.sessionCookie;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: cookie!, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Logged out" });
    const replay = new Client(t.app);
    replay.sessionCookie = cookie;
    expect((await replay.get("/api/auth/current-user")).statusCode).toBe(401);
  });

  it("expires a session after inactivity", async () => {
    const { client, username } = await signUp(t.app);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user!.id));
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(401);
  });

  it("extends a session that is used", async () => {
    const { client, username } = await signUp(t.app);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.userId, user!.id));
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(200);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it("answers malformed JSON with a 400 message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Request body is not valid JSON", code: "invalid_input" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Not found/);
  });
});

describe("change password", () => {
  it("requires a session", async () => {
    const res = await new Client(t.app).put("/api/user/change-password", {
      currentPassword: "a",
      newPassword: "bbbbbb",
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    // The server's English message, and a reason where the web app words it itself (decision 0056).
    [{ newPassword: "newpass1" }, "Please fill in all fields.", "fields_required"],
    [{ currentPassword: "password123", newPassword: "" }, "Please fill in all fields.", undefined],
    [
      { currentPassword: "password123", newPassword: "12345" },
      "The new password must be at least 6 characters",
      undefined,
    ],
    [
      { currentPassword: "wrong-current", newPassword: "newpass1" },
      "The current password is incorrect.",
      "wrong_current_password",
    ],
  ])("rejects %j", async (body, message, reason) => {
    const { client } = await signUp(t.app);
    const res = await client.put("/api/user/change-password", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: "invalid_input", ...(reason ? { reason } : {}) });
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const { client, username, password } = await signUp(t.app);
    const otherTab = new Client(t.app);
    await otherTab.post("/api/auth/login", { username, password });
    const res = await client.put("/api/user/change-password", {
      currentPassword: password,
      newPassword: "brand-new-pass",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Password changed", revokedApiTokens: 0 });
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(200);
    expect((await otherTab.get("/api/auth/current-user")).statusCode).toBe(401);
    expect((await new Client(t.app).post("/api/auth/login", { username, password })).statusCode).toBe(401);
    expect((await new Client(t.app).post("/api/auth/login", { username, password: "brand-new-pass" })).statusCode).toBe(
      200,
    );
  });
});

describe("guessing the current password with a borrowed session", () => {
  it("gets 10 tries in 15 minutes, counted even in parallel; then not even the right one passes", async () => {
    const { client, username, password } = await signUp(t.app);
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        client.put("/api/user/change-password", { currentPassword: `guess-${i}`, newPassword: "taken-over-1" }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(10);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(4);
    const right = await client.put("/api/user/change-password", {
      currentPassword: password,
      newPassword: "taken-over-1",
    });
    expect(right.statusCode).toBe(429);
    expect((await new Client(t.app).post("/api/auth/login", { username, password })).statusCode).toBe(200);
  });
});

describe("secure cookies", () => {
  it("names the session cookie __Host-sid, Secure, for / and without Domain when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: "https://veo.example.com" } });
    const streams: SseClient[] = [];
    try {
      const base = await secure.app.listen({ port: 0, host: "127.0.0.1" });
      const { username, password, client: registered } = await signUp(secure.app);
      // Registering signs in under the same rules (decision 0167): the __Host- name, Secure.
      expect(registered.sessionCookie).toMatch(/^__Host-sid=/);
      const login = await secure.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password },
      });
      expect(login.headers["strict-transport-security"]).toBeDefined();
      // A browser keeps a __Host- cookie only with Secure and Path=/ and without Domain.
      expect(login.cookies.find((c) => c.name === "sid")).toBeUndefined();
      const cookie = login.cookies.find((c) => c.name === "__Host-sid")!;
      expect(cookie).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "Lax" });
      expect(cookie.domain).toBeUndefined();
      const setCookie = [login.headers["set-cookie"]].flat().find((h) => h?.startsWith("__Host-sid="))!;
      expect(setCookie).not.toMatch(/domain=/i);

      // Every reader takes that name: the session routes, the live stream, signing out.
      const as = (name: string) => ({ cookie: `${name}=${cookie.value}` });
      const me = await secure.app.inject({ method: "GET", url: "/api/auth/current-user", headers: as("__Host-sid") });
      expect(me.statusCode).toBe(200);
      expect(me.json().username).toBe(username);
      const stream = await SseClient.open(`${base}/api/events`, as("__Host-sid"));
      if (!(stream instanceof SseClient)) throw new Error(`stream refused: ${stream.status}`);
      streams.push(stream);
      await stream.next("ready");
      // The plain name is not read under https: a cookie planted over http or by a subdomain is nobody.
      const planted = await secure.app.inject({ method: "GET", url: "/api/auth/current-user", headers: as("sid") });
      expect(planted.statusCode).toBe(401);
      expect(await SseClient.open(`${base}/api/events`, as("sid"))).toMatchObject({ status: 401 });

      const logout = await secure.app.inject({ method: "POST", url: "/api/auth/logout", headers: as("__Host-sid") });
      expect(logout.statusCode).toBe(200);
      const cleared = logout.cookies.find((c) => c.name === "__Host-sid")!;
      expect(cleared).toMatchObject({ value: "", secure: true, path: "/" });
      await stream.next("signed-out");
      const after = await secure.app.inject({
        method: "GET",
        url: "/api/auth/current-user",
        headers: as("__Host-sid"),
      });
      expect(after.statusCode).toBe(401);
    } finally {
      for (const s of streams) s.close();
      await secure.close();
    }
  });
});
