import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

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
    expect(login.json()).toEqual({ message: "This account has been disabled", code: "account_disabled" });

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
  it("sets the balance and records each difference as an adjustment, so the balance equals the ledger", async () => {
    const { client, username } = await signUp(t.app);
    const id = await userId(username);
    for (const credits of [100, 40, 40, 250]) {
      const res = await admin.put(`/api/admin/users/${id}/credits`, { credits });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: "Credits updated", user: { id, credits } });
    }
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.userId, id));
    expect(rows.map((r) => [r.type, r.amount])).toEqual(
      expect.arrayContaining([
        ["adjustment", 100],
        ["adjustment", -60],
        ["adjustment", 210],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.amount === -60)!.description).toBe("Credits set to 40 by admin admin (was 100)");
    const [{ sum } = { sum: 0 }] = await t.database.db
      .select({ sum: sql<number>`coalesce(sum(${transactions.amount}), 0)::int` })
      .from(transactions)
      .where(eq(transactions.userId, id));
    expect(sum).toBe(250);
    expect((await client.get("/api/auth/current-user")).json().credits).toBe(250);
  });

  it.each([[-1], [1.5], ["abc"], [null], [2_000_000_000]])("rejects %j and changes nothing", async (credits) => {
    const { username } = await signUp(t.app);
    const id = await userId(username);
    const res = await admin.put(`/api/admin/users/${id}/credits`, { credits });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Credits must be/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.credits).toBe(0);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.userId, id))).toHaveLength(0);
  });

  it("accepts a digit string, as a form sends it", async () => {
    const { username } = await signUp(t.app);
    const res = await admin.put(`/api/admin/users/${await userId(username)}/credits`, { credits: "15" });
    expect(res.json().user.credits).toBe(15);
  });

  it("answers 404 for an unknown user", async () => {
    const res = await admin.put("/api/admin/users/00000000-0000-0000-0000-000000000000/credits", { credits: 5 });
    expect(res.statusCode).toBe(404);
  });
});
