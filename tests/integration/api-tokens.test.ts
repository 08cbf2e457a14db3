/**
 * API tokens on the /api page: create shows the full token once,
 * lists mask it, only the SHA-256 is stored, owners only, the default token, the cap and the
 * creation rate limit. Decision 0017.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "../../src/server/db/schema.js";
import {
  HAS_TOKEN_MESSAGE,
  MAX_TOKENS_PER_USER,
  TOKEN_LIMIT_MESSAGE,
} from "../../src/server/features/api-tokens/service.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { maskToken, TOKEN_NAME_MAX } from "../../src/shared/automation.js";
import type { ApiTokenView, CreatedApiToken } from "../../src/shared/schemas/api-tokens.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

/** Two creations past the cap are allowed (409s), the third is rate-limited. */
const CREATION_LIMIT = MAX_TOKENS_PER_USER + 2;

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ automationRateLimits: { tokenCreation: { max: CREATION_LIMIT, windowMs: 60 * 60_000 } } });
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

const del = (client: Client, url: string) => client.request("DELETE", url);
const TOKEN_SHAPE = /^veo_[A-Za-z0-9_-]{43}$/;

async function create(client: Client, name: string): Promise<CreatedApiToken> {
  const res = await client.post("/api/user-tokens", { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(client: Client): Promise<ApiTokenView[]> {
  const res = await client.get("/api/user-tokens");
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("signed out", () => {
  it.each([
    ["GET", "/api/user-tokens"],
    ["POST", "/api/user-tokens"],
    ["POST", "/api/user-tokens/default"],
    ["DELETE", `/api/user-tokens/${crypto.randomUUID()}`],
  ] as const)("%s %s answers 401", async (method, url) => {
    const res = await new Client(t.app).request(method, url, method === "POST" ? { name: "x" } : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Authentication required", code: "not_signed_in" });
  });
});

describe("creating and listing", () => {
  it("shows the full token once, then only masked (first and last 8 characters), newest first", async () => {
    const { client } = await signUp(t.app);
    expect(await list(client)).toEqual([]);

    const res = await client.post("/api/user-tokens", { name: "  n8n production  " });
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const first: CreatedApiToken = res.json();
    expect(first).toEqual({
      id: expect.any(String),
      name: "n8n production",
      token: expect.stringMatching(TOKEN_SHAPE),
      isActive: true,
      createdAt: expect.any(String),
      lastUsed: null,
    });
    const second = await create(client, "Make");
    expect(second.token).not.toBe(first.token);

    const tokens = await list(client);
    expect(tokens.map((x) => x.name)).toEqual(["Make", "n8n production"]);
    expect(tokens[1]).toEqual({ ...first, token: maskToken(first.token) });
    const masked = tokens[1]!.token;
    expect(masked.slice(0, 8)).toBe(first.token.slice(0, 8));
    expect(masked.slice(-8)).toBe(first.token.slice(-8));
    expect(masked).toContain("••••••••");
    const body = (await client.get("/api/user-tokens")).body;
    expect(body).not.toContain(first.token);
    expect(body).not.toContain(second.token);
  });

  it("stores only the SHA-256 and the masked form: no column holds the full token", async () => {
    const { client } = await signUp(t.app);
    const created = await create(client, "hash check");
    const raw = (await db().execute(sql`select * from api_tokens where id = ${created.id}`)) as {
      rows: Record<string, unknown>[];
    };
    expect(raw.rows).toHaveLength(1);
    const values = Object.values(raw.rows[0]!).map((v) => (v instanceof Date ? v.toISOString() : String(v)));
    for (const v of values) expect(v).not.toContain(created.token.slice(4));
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row).toMatchObject({
      tokenHash: sha256Hex(created.token),
      tokenMasked: maskToken(created.token),
      name: "hash check",
    });
  });

  it.each([
    [{}, "Token name is required"],
    [{ name: "   " }, "Token name is required"],
    [{ name: 42 }, "Token name is required"],
    [{ name: "x".repeat(TOKEN_NAME_MAX + 1) }, `Token name must be at most ${TOKEN_NAME_MAX} characters`],
  ])("rejects %j with %s", async (body, message) => {
    const { client } = await signUp(t.app);
    const res = await client.post("/api/user-tokens", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: "invalid_input" });
    expect(await list(client)).toEqual([]);
  });

  it(`caps a user at ${MAX_TOKENS_PER_USER} tokens, then rate-limits creations`, async () => {
    const { client } = await signUp(t.app);
    for (let i = 0; i < MAX_TOKENS_PER_USER; i++) await create(client, `token ${i}`);
    for (let i = 0; i < CREATION_LIMIT - MAX_TOKENS_PER_USER; i++) {
      const over = await client.post("/api/user-tokens", { name: "one more" });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        message: TOKEN_LIMIT_MESSAGE,
        code: "conflict",
        reason: "token_limit",
        params: { max: MAX_TOKENS_PER_USER },
      });
    }
    const limited = await client.post("/api/user-tokens", { name: "one more" });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many API tokens created\. Please try again in \d+ minutes?\.$/);
    expect(await list(client)).toHaveLength(MAX_TOKENS_PER_USER);
    // Someone else is not affected.
    const other = await signUp(t.app);
    await create(other.client, "mine");
  });
});

describe("deleting", () => {
  it("deletes the owner's token; someone else's or an unknown id is 404, a malformed id 400", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const a1 = await create(alice.client, "a1");
    const a2 = await create(alice.client, "a2");

    const byBob = await del(bob.client, `/api/user-tokens/${a1.id}`);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json()).toEqual({ message: "API token not found", code: "not_found" });
    expect((await list(alice.client)).map((x) => x.id)).toEqual([a2.id, a1.id]);

    const res = await del(alice.client, `/api/user-tokens/${a1.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "API token deleted" });
    expect((await list(alice.client)).map((x) => x.id)).toEqual([a2.id]);
    expect(await db().select().from(apiTokens).where(eq(apiTokens.id, a1.id))).toEqual([]);

    expect((await del(alice.client, `/api/user-tokens/${a1.id}`)).statusCode).toBe(404);
    expect((await del(alice.client, `/api/user-tokens/${crypto.randomUUID()}`)).statusCode).toBe(404);
    for (const bad of ["not-a-uuid", "1", "' or 1=1 --"]) {
      const malformed = await del(alice.client, `/api/user-tokens/${encodeURIComponent(bad)}`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: "Invalid token id", code: "invalid_input" });
    }
  });
});

describe("POST /api/user-tokens/default", () => {
  it("creates a token named Default for a user with none, then answers 409", async () => {
    const { client } = await signUp(t.app);
    const res = await client.post("/api/user-tokens/default");
    expect(res.statusCode).toBe(201);
    const created: CreatedApiToken = res.json();
    expect(created).toMatchObject({
      name: "Default",
      token: expect.stringMatching(TOKEN_SHAPE),
      isActive: true,
      lastUsed: null,
    });

    const again = await client.post("/api/user-tokens/default");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: HAS_TOKEN_MESSAGE, code: "conflict" });
    expect(await list(client)).toHaveLength(1);

    // After deleting it the user has none again.
    await del(client, `/api/user-tokens/${created.id}`);
    expect((await client.post("/api/user-tokens/default")).statusCode).toBe(201);
  });

  it("answers 409 when the user already has a named token", async () => {
    const { client } = await signUp(t.app);
    await create(client, "mine");
    expect((await client.post("/api/user-tokens/default")).statusCode).toBe(409);
  });

  it("creates one token when asked twice at once", async () => {
    const { client } = await signUp(t.app);
    const answers = await Promise.all([
      client.post("/api/user-tokens/default"),
      client.post("/api/user-tokens/default"),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await list(client)).toHaveLength(1);
  });
});

describe("a disabled user", () => {
  it("can no longer reach their tokens (the session ends)", async () => {
    const u = await signUp(t.app);
    await create(u.client, "mine");
    const [row] = await db()
      .execute(sql`select id from users where username = ${u.username}`)
      .then((r) => (r as { rows: { id: string }[] }).rows);
    const admin = await signInAdmin(t);
    expect((await admin.put(`/api/admin/users/${row!.id}/toggle`, { isActive: false })).statusCode).toBe(200);
    expect((await u.client.get("/api/user-tokens")).statusCode).toBe(401);
    expect((await u.client.post("/api/user-tokens", { name: "another" })).statusCode).toBe(401);
  });
});
