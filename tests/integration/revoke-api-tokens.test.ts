/**
 * Issue 18, point 8: a password change can revoke the account's API tokens (the dialog's "Also
 * revoke my API tokens", on by default), in the same transaction; and the /api page's "Revoke
 * all" (DELETE /api/user-tokens) deletes every token of the caller and nobody else's.
 * Decisions 0017 and 0035.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BEARER_MESSAGES } from "../../src/server/http/bearer-auth.js";
import type { ApiTokenView, CreatedApiToken } from "../../src/shared/schemas/api-tokens.js";
import { Client, createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function createToken(client: Client, name: string): Promise<string> {
  const res = await client.post("/api/user-tokens", { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiToken>().token;
}

async function tokenNames(client: Client): Promise<string[]> {
  const res = await client.get("/api/user-tokens");
  expect(res.statusCode).toBe(200);
  return res
    .json<ApiTokenView[]>()
    .map((x) => x.name)
    .sort();
}

/**
 * A bearer call of the automation API: a working token reaches the route (404 for a task that
 * does not exist), a revoked one is refused at the door (401, "does not exist or was deleted").
 */
async function tokenWorks(token: string): Promise<boolean> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/n8n/video-status/no-such-task-${crypto.randomUUID()}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode === 401) {
    expect(res.json()).toEqual({ success: false, message: BEARER_MESSAGES.unknown, code: "invalid_api_token" });
    return false;
  }
  expect(res.statusCode, res.body).toBe(404);
  return true;
}

/** A user with two tokens, and a bystander with one. */
async function setUp() {
  const owner = await signUp(t.app);
  const tokens = [await createToken(owner.client, "n8n"), await createToken(owner.client, "Make")];
  const bystander = await signUp(t.app);
  const bystanderToken = await createToken(bystander.client, "theirs");
  for (const token of [...tokens, bystanderToken]) expect(await tokenWorks(token)).toBe(true);
  return { owner, tokens, bystander, bystanderToken };
}

describe("changing the password", () => {
  it("with revokeApiTokens: the account's tokens stop working, in the same change; nobody else's", async () => {
    const { owner, tokens, bystander, bystanderToken } = await setUp();
    const res = await owner.client.put("/api/user/change-password", {
      currentPassword: owner.password,
      newPassword: "brand-new-pass",
      revokeApiTokens: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Password changed", revokedApiTokens: 2 });
    for (const token of tokens) expect(await tokenWorks(token)).toBe(false);
    expect(await tokenNames(owner.client)).toEqual([]);
    expect(await tokenWorks(bystanderToken)).toBe(true);
    expect(await tokenNames(bystander.client)).toEqual(["theirs"]);
  });

  it("without the flag in the body, tokens are revoked too (the safe default)", async () => {
    const { owner, tokens } = await setUp();
    const res = await owner.client.put("/api/user/change-password", {
      currentPassword: owner.password,
      newPassword: "brand-new-pass",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revokedApiTokens).toBe(2);
    for (const token of tokens) expect(await tokenWorks(token)).toBe(false);
  });

  it("with revokeApiTokens false: the tokens keep working; other sessions still end", async () => {
    const { owner, tokens } = await setUp();
    const otherDevice = new Client(t.app);
    expect(
      (await otherDevice.post("/api/auth/login", { username: owner.username, password: owner.password })).statusCode,
    ).toBe(200);
    const res = await owner.client.put("/api/user/change-password", {
      currentPassword: owner.password,
      newPassword: "brand-new-pass",
      revokeApiTokens: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Password changed", revokedApiTokens: 0 });
    for (const token of tokens) expect(await tokenWorks(token)).toBe(true);
    expect(await tokenNames(owner.client)).toEqual(["Make", "n8n"]);
    expect((await otherDevice.get("/api/auth/current-user")).statusCode).toBe(401);
  });

  it("is one transaction: when revoking fails, the password and the other sessions stay as they were", async () => {
    const { owner, tokens } = await setUp();
    await createToken(owner.client, "undeletable");
    const otherDevice = new Client(t.app);
    expect(
      (await otherDevice.post("/api/auth/login", { username: owner.username, password: owner.password })).statusCode,
    ).toBe(200);
    // A trigger that refuses to delete this one token makes the revocation fail half-way.
    await t.database.db.execute(
      sql`create function refuse_token_delete() returns trigger language plpgsql as $$ begin raise exception 'test: refused'; end $$`,
    );
    await t.database.db.execute(
      sql`create trigger refuse_token_delete before delete on api_tokens for each row when (old.name = 'undeletable') execute function refuse_token_delete()`,
    );
    try {
      const res = await owner.client.put("/api/user/change-password", {
        currentPassword: owner.password,
        newPassword: "brand-new-pass",
        revokeApiTokens: true,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_token_delete on api_tokens`);
      await t.database.db.execute(sql`drop function refuse_token_delete()`);
    }
    for (const token of tokens) expect(await tokenWorks(token)).toBe(true);
    expect((await otherDevice.get("/api/auth/current-user")).statusCode).toBe(200);
    expect(
      (await new Client(t.app).post("/api/auth/login", { username: owner.username, password: owner.password }))
        .statusCode,
    ).toBe(200);
    expect(
      (await new Client(t.app).post("/api/auth/login", { username: owner.username, password: "brand-new-pass" }))
        .statusCode,
    ).toBe(401);
  });

  it("a refused change (wrong current password, bad flag) revokes nothing", async () => {
    const { owner, tokens } = await setUp();
    const wrong = await owner.client.put("/api/user/change-password", {
      currentPassword: "not-my-password",
      newPassword: "brand-new-pass",
      revokeApiTokens: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: "The current password is incorrect.",
      code: "invalid_input",
      reason: "wrong_current_password",
    });
    const badFlag = await owner.client.put("/api/user/change-password", {
      currentPassword: owner.password,
      newPassword: "brand-new-pass",
      revokeApiTokens: "yes",
    });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json()).toEqual({ message: "revokeApiTokens must be true or false", code: "invalid_input" });
    for (const token of tokens) expect(await tokenWorks(token)).toBe(true);
  });
});

describe("DELETE /api/user-tokens (Revoke all)", () => {
  it("deletes every token of the caller and says how many; another user's tokens stay", async () => {
    const { owner, tokens, bystander, bystanderToken } = await setUp();
    const res = await owner.client.request("DELETE", "/api/user-tokens");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "2 API tokens revoked", revoked: 2 });
    for (const token of tokens) expect(await tokenWorks(token)).toBe(false);
    expect(await tokenNames(owner.client)).toEqual([]);
    expect(await tokenWorks(bystanderToken)).toBe(true);
    expect(await tokenNames(bystander.client)).toEqual(["theirs"]);

    // Nothing left: 0, not an error. The session itself is untouched.
    const again = await owner.client.request("DELETE", "/api/user-tokens");
    expect(again.json()).toEqual({ message: "0 API tokens revoked", revoked: 0 });
    expect((await owner.client.get("/api/auth/current-user")).statusCode).toBe(200);
  });

  it("needs a signed-in user; a bearer token cannot revoke", async () => {
    const { tokens } = await setUp();
    const signedOut = await new Client(t.app).request("DELETE", "/api/user-tokens");
    expect(signedOut.statusCode).toBe(401);
    const withToken = await t.app.inject({
      method: "DELETE",
      url: "/api/user-tokens",
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(withToken.statusCode).toBe(401);
    for (const token of tokens) expect(await tokenWorks(token)).toBe(true);
  });
});
