/**
 * Session lifetimes and a person's own "sign out other sessions" (decision 0063): a session ends
 * 90 days after its sign-in however much it is used, and DELETE /api/user/sessions ends every
 * other session of the caller (and their live event streams), keeping the current one.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../../src/server/db/schema.js";
import { createReadCaches } from "../../src/server/events/read-caches.js";
import { loadSessionUser } from "../../src/server/http/session-auth.js";
import { SESSION_MAX_AGE_MS } from "../../src/server/identity/sessions.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { Client, createTestApp, signUp, type TestApp } from "../helpers/test-app.js";
import { SseClient } from "../helpers/sse-client.js";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let base: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const s of streams) s.close();
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

async function openStream(client: Client): Promise<SseClient> {
  const res = await SseClient.open(`${base}/api/events`, { cookie: client.sessionCookie! });
  if (!(res instanceof SseClient)) throw new Error(`stream refused: ${res.status}`);
  streams.push(res);
  await res.next("ready");
  return res;
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

describe("DELETE /api/user/sessions", () => {
  it("ends the caller's other sessions and their live streams, keeping this one; nobody else's", async () => {
    const me = await signUp(t.app);
    const [laptop, phone] = [await signInAgain(me.username, me.password), await signInAgain(me.username, me.password)];
    const someoneElse = await signUp(t.app);
    const [here, onLaptop, onPhone, theirs] = [
      await openStream(me.client),
      await openStream(laptop),
      await openStream(phone),
      await openStream(someoneElse.client),
    ];

    const res = await me.client.delete("/api/user/sessions");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "2 other sessions ended", ended: 2 });

    for (const stream of [onLaptop, onPhone]) {
      await stream.next("signed-out");
      await stream.ended;
    }
    for (const client of [laptop, phone]) expect((await client.get("/api/auth/current-user")).statusCode).toBe(401);
    expect((await me.client.get("/api/auth/current-user")).statusCode).toBe(200);
    expect((await someoneElse.client.get("/api/auth/current-user")).statusCode).toBe(200);

    // This session's stream and the other person's still carry news.
    await t.database.db.update(users).set({ credits: sql`${users.credits} + 3` });
    for (const stream of [here, theirs]) {
      expect(await stream.next("credits")).toEqual({ credits: 3, expiring: [] });
      expect(stream.isEnded).toBe(false);
    }

    const again = await me.client.delete("/api/user/sessions");
    expect(again.json()).toEqual({ message: "0 other sessions ended", ended: 0 });
  });

  it("needs a signed-in session", async () => {
    expect((await new Client(t.app).delete("/api/user/sessions")).statusCode).toBe(401);
  });
});

describe("the sessions cache", () => {
  /** A request as route-access hands it to loadSessionUser: its cookie, nobody signed in yet. */
  const requestWith = (client: Client) =>
    ({
      cookies: { sid: client.sessionCookie!.replace(/^sid=/, "") },
      server: { sessionCookie: "sid" },
      user: null,
    }) as unknown as FastifyRequest;

  it("answers a kept session without a promise, one frozen object shared by its requests", async () => {
    const u = await signUp(t.app);
    const cache = createReadCaches(t.app.liveEvents).sessions;
    const first = requestWith(u.client);
    // Not kept yet: the database is asked.
    const loading = loadSessionUser(first, t.database.db, cache);
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(first.user?.username).toBe(u.username);

    const second = requestWith(u.client);
    expect(loadSessionUser(second, t.database.db, cache)).toBeUndefined();
    expect(second.user).toBe(first.user);
    expect(second.sessionId).toBe(sessionId(u.client));
    expect(second.secondFactor).toEqual({ enrolled: false, verifiedAt: null });
    // Shared between requests, so nobody can change it for the others.
    expect(Object.isFrozen(second.user)).toBe(true);
    expect(Object.isFrozen(second.secondFactor)).toBe(true);
    expect(() => Object.assign(second.user!, { credits: 1_000_000 })).toThrow(TypeError);
  });

  it("still writes the sliding expiry of a kept session when it is due, and refuses a dead one", async () => {
    const u = await signUp(t.app);
    const cache = createReadCaches(t.app.liveEvents).sessions;
    await age(u.client, 1, 1);
    await loadSessionUser(requestWith(u.client), t.database.db, cache);
    // Kept with one day left: extending it is due, so the next request waits for the write.
    const next = requestWith(u.client);
    const touching = loadSessionUser(next, t.database.db, cache);
    expect(touching).toBeInstanceOf(Promise);
    await touching;
    expect(next.user?.username).toBe(u.username);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(u.client)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // A session that died while kept (signed in 91 days ago) is never answered from memory.
    const old = await signUp(t.app);
    await age(old.client, 89, 20);
    await loadSessionUser(requestWith(old.client), t.database.db, cache);
    const kept = requestWith(old.client);
    expect(loadSessionUser(kept, t.database.db, cache)).toBeUndefined();
    expect(kept.user?.username).toBe(old.username);
    vi.useFakeTimers({ now: Date.now() + 2 * DAY, toFake: ["Date"] });
    try {
      const later = requestWith(old.client);
      await loadSessionUser(later, t.database.db, cache);
      expect(later.user).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
