/**
 * Session lifetimes (decision 0063): a session ends 90 days after its sign-in however much it is used.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema.js";
import { SESSION_MAX_AGE_MS } from "../../src/server/identity/sessions.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { Client, createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The session row behind a client's cookie. */
const sessionId = (client: Client) => sha256Hex(client.sessionCookie!.replace(/^sid=/, ""));

/** Moves a session's sign-in back `ageDays` and its sliding expiry to `expiresInDays` from now. */
async function age(client: Client, ageDays: number, expiresInDays: number): Promise<void> {
  const now = Date.now();
  await t.database.db
    .update(sessions)
    .set({ createdAt: new Date(now - ageDays * DAY), expiresAt: new Date(now + expiresInDays * DAY) })
    .where(eq(sessions.id, sessionId(client)));
}

async function signInAgain(username: string, password: string): Promise<Client> {
  const client = new Client(t.app);
  const res = await client.post("/api/auth/login", { username, password });
  expect(res.statusCode).toBe(200);
  return client;
}

describe("a session's absolute lifetime", () => {
  it("ends 90 days after sign-in even when its sliding expiry is still ahead", async () => {
    const old = await signUp(t.app);
    await age(old.client, 91, 20);
    const res = await old.client.get("/api/auth/current-user");
    expect(res.statusCode).toBe(401);

    // A younger one still works, and the next sign-in sweeps the dead row away.
    const young = await signUp(t.app);
    await age(young.client, 89, 20);
    expect((await young.client.get("/api/auth/current-user")).statusCode).toBe(200);
    await signInAgain(old.username, old.password);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionId(old.client))),
    ).toEqual([]);
  });

  it("slides with use, but never past the end of its 90 days", async () => {
    const u = await signUp(t.app);
    await age(u.client, 80, 1);
    expect((await u.client.get("/api/auth/current-user")).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(u.client)));
    // Extended from 1 day left to the absolute end (10 days), not to a fresh 30.
    expect(row!.expiresAt.getTime()).toBe(row!.createdAt.getTime() + SESSION_MAX_AGE_MS);
  });
});
