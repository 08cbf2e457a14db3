import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

async function balanceOf(id: string): Promise<{ credits: number; ledger: number }> {
  const [row] = await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, id));
  const [{ sum } = { sum: 0 }] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${transactions.amount}), 0)::int` })
    .from(transactions)
    .where(eq(transactions.userId, id));
  return { credits: row!.credits, ledger: sum };
}

async function userId(username: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe("admin guard", () => {
  const routes: [method: "GET" | "PUT", url: string][] = [
    ["GET", "/api/admin/users"],
    ["PUT", "/api/admin/users/00000000-0000-0000-0000-000000000000/toggle"],
    ["PUT", "/api/admin/users/00000000-0000-0000-0000-000000000000/credits"],
    ["GET", "/api/admin/settings"],
    ["PUT", "/api/admin/settings"],
    ["GET", "/api/admin/not-yet-a-route"],
  ];

  it.each(routes)("%s %s answers 401 signed out and 403 to a non-admin", async (method, url) => {
    const anonymous = await new Client(t.app).request(method, url, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Authentication required", code: "not_signed_in" });
    const { client } = await signUp(t.app);
    const user = await client.request(method, url, {});
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: "Admin access required", code: "admin_required" });
  });
});

describe("GET /api/admin/users", () => {
  it("lists users with their video counts and no password hashes", async () => {
    const { username } = await signUp(t.app);
    const id = await userId(username);
    for (const n of [1, 2, 3]) {
      await t.database.db
        .insert(videoTasks)
        .values({ userId: id, taskId: `task-${id}-${n}`, prompt: "p", model: "veo3_fast", aspectRatio: "16:9" });
    }
    const res = await admin.get("/api/admin/users");
    expect(res.statusCode).toBe(200);
    const rows = res.json<Record<string, unknown>[]>();
    const row = rows.find((r) => r.username === username)!;
    expect(row).toMatchObject({ id, username, credits: 0, isAdmin: false, isActive: true, videoCount: 3 });
    expect(rows.find((r) => r.username === "admin")).toMatchObject({ isAdmin: true, videoCount: 0 });
    expect(res.body).not.toContain("argon2");
    expect(rows.every((r) => !("password" in r))).toBe(true);
  });
});

describe("PUT /api/admin/users/:userId/toggle", () => {
  it("disabling ends the user's sessions at once and refuses their login; enabling lets them back", async () => {
    const { client, username, password } = await signUp(t.app);
    const id = await userId(username);
    const res = await admin.put(`/api/admin/users/${id}/toggle`, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "User updated", user: { id, isActive: false } });
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(401);
    const login = await new Client(t.app).post("/api/auth/login", { username, password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: "This account has been disabled.", code: "account_disabled" });

    expect((await admin.put(`/api/admin/users/${id}/toggle`, { isActive: true })).statusCode).toBe(200);
    expect((await new Client(t.app).post("/api/auth/login", { username, password })).statusCode).toBe(200);
  });

  it("a session stops working as soon as the user row is disabled, even without the admin API", async () => {
    const { client, username } = await signUp(t.app);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, username));
    expect((await client.get("/api/auth/current-user")).statusCode).toBe(401);
  });

  it("an admin cannot disable themselves", async () => {
    const res = await admin.put(`/api/admin/users/${await userId("admin")}/toggle`, { isActive: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "You cannot disable your own account", code: "invalid_input" });
    expect((await admin.get("/api/auth/current-user")).statusCode).toBe(200);
  });

  it("validates the body and the user", async () => {
    const { username } = await signUp(t.app);
    const id = await userId(username);
    expect((await admin.put(`/api/admin/users/${id}/toggle`, { isActive: "no" })).json()).toEqual({
      message: "isActive must be true or false",
      code: "invalid_input",
    });
    const missing = await admin.put("/api/admin/users/00000000-0000-0000-0000-000000000000/toggle", {
      isActive: false,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "User not found", code: "not_found" });
    expect((await admin.put("/api/admin/users/not-a-uuid/toggle", { isActive: false })).statusCode).toBe(404);
  });
});

describe("PUT /api/admin/users/:userId/credits", () => {
  const put = (id: string, body: object) => admin.put(`/api/admin/users/${id}/credits`, body);
  const rowsOf = (id: string) =>
    t.database.db.select().from(transactions).where(eq(transactions.userId, id)).orderBy(transactions.createdAt);
  const auditOf = (id: string) =>
    t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id)).orderBy(adminAuditLog.createdAt);
  async function newUser(): Promise<{ id: string; client: Client; username: string }> {
    const { client, username } = await signUp(t.app);
    return { id: await userId(username), client, username };
  }

  it("adds, takes away and sets, each one adjustment row of the difference that says what it is and why", async () => {
    const { id, client } = await newUser();
    const steps = [
      { change: "add", amount: 50, reason: "goodwill", expectedCredits: 0, now: 50 },
      { change: "subtract", amount: 20, reason: "chargeback", expectedCredits: 50, now: 30 },
      { change: "set", amount: 100, reason: "promised in support", expectedCredits: 30, now: 100 },
      { change: "set", amount: 100, reason: "already there", expectedCredits: 100, now: 100 },
    ];
    for (const { now, ...body } of steps) {
      const res = await put(id, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: "Credits updated", user: { id, credits: now } });
    }
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.type, r.amount, r.description])).toEqual([
      ["adjustment", 50, "Credits added by admin: goodwill"],
      ["adjustment", -20, "Credits taken away by admin: chargeback"],
      ["adjustment", 70, "Credits set to 100 by admin (was 30): promised in support"],
    ]);
    expect(await balanceOf(id)).toEqual({ credits: 100, ledger: 100 });
    expect((await client.get("/api/auth/current-user")).json().credits).toBe(100);
    // The audit log keeps each change with its reason; setting the balance it had is no change.
    expect((await auditOf(id)).map((r) => r.details)).toEqual([
      { before: { credits: 0 }, after: { credits: 50 }, change: "add", amount: 50, reason: "goodwill" },
      { before: { credits: 50 }, after: { credits: 30 }, change: "subtract", amount: 20, reason: "chargeback" },
      { before: { credits: 30 }, after: { credits: 100 }, change: "set", amount: 100, reason: "promised in support" },
    ]);
  });

  it("refuses a balance that changed since the dialog opened: 409 with the balance now, nothing written", async () => {
    const { id, username } = await newUser();
    expect((await put(id, { change: "add", amount: 10, reason: "first", expectedCredits: 0 })).statusCode).toBe(200);
    // Another admin (or a payment, or a video) moved it to 10; this admin still sees 0.
    for (const change of ["add", "subtract", "set"]) {
      const res = await put(id, { change, amount: 3, reason: "stale view", expectedCredits: 0 });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: "conflict",
        reason: "balance_changed",
        params: { credits: 10, seen: 0 },
      });
      expect(res.json().message).toBe(
        `The balance of ${username} changed since you opened this: it is now 10. Check the new balance and confirm again.`,
      );
    }
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
    expect(await balanceOf(id)).toEqual({ credits: 10, ledger: 10 });
  });

  it("lets one of several changes made from the same balance at the same moment through", async () => {
    const { id } = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        put(id, { change: "add", amount: i + 1, reason: "race", expectedCredits: 0 }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await rowsOf(id)).toHaveLength(1);
    const { credits, ledger } = await balanceOf(id);
    expect(credits).toBe(ledger);
  });

  it("refuses to take the balance below zero (400), writing nothing", async () => {
    const { id, username } = await newUser();
    await put(id, { change: "add", amount: 5, reason: "start", expectedCredits: 0 });
    const res = await put(id, { change: "subtract", amount: 6, reason: "too much", expectedCredits: 5 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ reason: "credits_below_zero", params: { credits: 5, amount: 6 } });
    expect(res.json().message).toBe(
      `The balance of ${username} is 5: taking away 6 would leave it below zero. Take away at most 5.`,
    );
    expect(await balanceOf(id)).toEqual({ credits: 5, ledger: 5 });
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it("requires a reason, and keeps a hostile one as one plain line", async () => {
    const { id } = await newUser();
    for (const reason of [undefined, "", "   ", "ab", "\n\t a \n", "x".repeat(201)]) {
      const res = await put(id, { change: "add", amount: 5, reason, expectedCredits: 0 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/reason/i);
    }
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await auditOf(id)).toHaveLength(0);

    const hostile = "<img src=x onerror=alert(1)>\n\u202Egnp.exe\u202C\r\n'; drop table users; --";
    const res = await put(id, { change: "add", amount: 5, reason: hostile, expectedCredits: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const tidy = "<img src=x onerror=alert(1)> gnp.exe '; drop table users; --";
    expect((await rowsOf(id))[0]!.description).toBe(`Credits added by admin: ${tidy}`);
    expect((await auditOf(id))[0]!.details).toMatchObject({ reason: tidy });
    // NUL is refused before anything runs.
    expect((await put(id, { change: "add", amount: 1, reason: "a\u0000b c", expectedCredits: 5 })).statusCode).toBe(
      400,
    );
  });

  it.each([
    [{ change: "add", amount: -1 }, /amount must be a whole number/],
    [{ change: "add", amount: 1.5 }, /amount must be a whole number/],
    [{ change: "add", amount: "abc" }, /amount must be a whole number/],
    [{ change: "set", amount: null }, /amount must be a whole number/],
    [{ change: "set", amount: 2_000_000_000 }, /amount must be a whole number/],
    [{ change: "add", amount: 0 }, /at least 1 credit/],
    [{ change: "subtract", amount: 0 }, /at least 1 credit/],
    [{ change: "double", amount: 5 }, /change must be one of: add, subtract, set/],
    [{ credits: 5 }, /change must be one of/],
  ])("rejects %j and changes nothing", async (body, message) => {
    const { id } = await newUser();
    const res = await put(id, { reason: "a reason", expectedCredits: 0, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it("refuses a balance above 1,000,000,000", async () => {
    const { id } = await newUser();
    await put(id, { change: "set", amount: 999_999_999, reason: "near the top", expectedCredits: 0 });
    const res = await put(id, { change: "add", amount: 5, reason: "over", expectedCredits: 999_999_999 });
    expect(res.statusCode, res.body).toBe(400);
    expect(await balanceOf(id)).toEqual({ credits: 999_999_999, ledger: 999_999_999 });
  });

  it("accepts digit strings, as a form sends them", async () => {
    const { id } = await newUser();
    const res = await put(id, { change: "set", amount: "15", reason: "form", expectedCredits: "0" });
    expect(res.json().user.credits).toBe(15);
  });

  it("answers 404 for an unknown user", async () => {
    const res = await put("00000000-0000-0000-0000-000000000000", {
      change: "add",
      amount: 5,
      reason: "nobody",
      expectedCredits: 0,
    });
    expect(res.statusCode).toBe(404);
  });
});
