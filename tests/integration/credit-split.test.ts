/**
 * The split shown beside a balance (issue 69, decision 0151): which of a person's credits expire
 * when, read from their lots in one statement, by the UTC day they expire, soonest first, at most
 * three days; and the same balance with the same split wherever a person or a program reads it
 * (GET /api/auth/current-user, GET /api/user/stats, GET /api/n8n/balance, GET /api/events).
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { transactions, users } from "../../src/server/db/schema.js";
import { creditSplit } from "../../src/server/features/credits/credit-split.js";
import { CreditExpiry } from "../../src/server/jobs/credit-expiry.js";
import { currentUserSchema } from "../../src/shared/schemas/auth.js";
import { userStatsSchema } from "../../src/shared/schemas/account.js";
import { automationBalanceSchema } from "../../src/shared/schemas/automation.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { SseClient } from "../helpers/sse-client.js";
import { createTestApp, signUp, type Client, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
/** Midnight UTC, `days` from today: a day's boundaries are UTC's. */
const utcDay = (days: number) => {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + days * DAY;
};
const at = (ms: number) => new Date(ms);
const iso = (ms: number) => new Date(ms).toISOString();

/** A person who signed up, with their id. */
async function person(): Promise<{ id: string; client: Client }> {
  const { client, username } = await signUp(t.app);
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.username, username));
  return { id: row!.id, client };
}

/** Credits granted as the ledger grants them: the balance and its row in one transaction. */
async function grant(userId: string, amount: number, expiresAt: Date | null = null): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${amount}` })
      .where(eq(users.id, userId));
    await tx.insert(transactions).values({ userId, type: "adjustment", amount, description: "granted", expiresAt });
  });
}

/** Credits taken as the ledger takes them: the lots that expire soonest go first. */
async function take(userId: string, amount: number): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${amount}` })
      .where(eq(users.id, userId));
    await tx.insert(transactions).values({ userId, type: "adjustment", amount: -amount, description: "taken" });
  });
}

async function bearerOf(client: Client): Promise<string> {
  const res = await client.post("/api/user-tokens", { name: "balance" });
  expect(res.statusCode, res.body).toBe(201);
  return `Bearer ${res.json<{ token: string }>().token}`;
}

async function asToken(app: FastifyInstance, url: string, authorization?: string) {
  await app.liveEvents.settle();
  return app.inject({ method: "GET", url, headers: authorization ? { authorization } : {} });
}

describe("creditSplit", () => {
  it("says which credits expire, by UTC day, soonest first; bought credits are not among them", async () => {
    const { id } = await person();
    await grant(id, 40); // bought: never expires
    await grant(id, 30, at(utcDay(20) + 15 * 60 * 60 * 1000));
    await grant(id, 50, at(utcDay(20) + 9 * 60 * 60 * 1000)); // the same day, earlier
    await grant(id, 7, at(utcDay(3) + 60 * 1000));
    expect(await creditSplit(db(), id)).toEqual({
      credits: 127,
      expiring: [
        { credits: 7, expiresAt: iso(utcDay(3) + 60 * 1000) },
        { credits: 80, expiresAt: iso(utcDay(20) + 9 * 60 * 60 * 1000) },
      ],
    });
  });

  it("follows spending (soonest first) and lists at most three days", async () => {
    const { id } = await person();
    await grant(id, 10);
    for (const days of [40, 10, 30, 20]) await grant(id, 5, at(utcDay(days) + 12 * 60 * 60 * 1000));
    const first = await creditSplit(db(), id);
    expect(first.expiring.map((d) => [d.credits, d.expiresAt])).toEqual(
      [10, 20, 30].map((days) => [5, iso(utcDay(days) + 12 * 60 * 60 * 1000)]),
    );
    await take(id, 7);
    const after = await creditSplit(db(), id);
    expect(after.credits).toBe(23);
    expect(after.expiring).toEqual([
      { credits: 3, expiresAt: iso(utcDay(20) + 12 * 60 * 60 * 1000) },
      { credits: 5, expiresAt: iso(utcDay(30) + 12 * 60 * 60 * 1000) },
      { credits: 5, expiresAt: iso(utcDay(40) + 12 * 60 * 60 * 1000) },
    ]);
  });

  it("keeps a lot whose time is up until it is taken out, then never again", async () => {
    const { id } = await person();
    await grant(id, 6, at(Date.now() - 60 * 1000));
    await grant(id, 4);
    expect((await creditSplit(db(), id)).expiring).toEqual([{ credits: 6, expiresAt: expect.any(String) }]);
    await new CreditExpiry({ db: db() }).runOnce();
    expect(await creditSplit(db(), id)).toEqual({ credits: 4, expiring: [] });
  });

  it("reads only the owner's lots; an unknown person has nothing", async () => {
    const a = await person();
    const b = await person();
    await grant(a.id, 9, at(utcDay(5)));
    await grant(b.id, 2);
    expect(await creditSplit(db(), b.id)).toEqual({ credits: 2, expiring: [] });
    expect(await creditSplit(db(), "00000000-0000-0000-0000-000000000000")).toEqual({ credits: 0, expiring: [] });
  });
});

describe("the balance wherever it is read", () => {
  it("is the same number with the same split on the web's reads and the API's", async () => {
    const { id, client } = await person();
    await grant(id, 40);
    await grant(id, 80, at(utcDay(30)));
    const expected = { credits: 120, expiring: [{ credits: 80, expiresAt: iso(utcDay(30)) }] };

    const me = currentUserSchema.parse((await client.get("/api/auth/current-user")).json());
    expect(me).toMatchObject(expected);
    const stats = userStatsSchema.parse((await client.get("/api/user/stats")).json());
    expect(stats).toMatchObject(expected);

    const bearer = await bearerOf(client);
    const res = await asToken(t.app, "/api/n8n/balance", bearer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(automationBalanceSchema.parse(res.json())).toEqual({ success: true, ...expected });

    // A spend takes the expiring credits first: every read says so at once.
    await take(id, 30);
    const after = { credits: 90, expiring: [{ credits: 50, expiresAt: iso(utcDay(30)) }] };
    expect((await client.get("/api/auth/current-user")).json()).toMatchObject(after);
    expect((await client.get("/api/user/stats")).json()).toMatchObject(after);
    expect((await asToken(t.app, "/api/n8n/balance", bearer)).json()).toEqual({ success: true, ...after });
  });

  it("comes with its split on the live stream, when it opens and when it changes", async () => {
    const { id, client } = await person();
    await grant(id, 5);
    await grant(id, 12, at(utcDay(9)));
    await t.app.liveEvents.settle();
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await SseClient.open(`${base}/api/events`, { authorization: await bearerOf(client) });
    if (!(stream instanceof SseClient)) throw new Error(`stream refused: ${stream.status}`);
    try {
      expect(await stream.next("ready")).toEqual({
        credits: 17,
        expiring: [{ credits: 12, expiresAt: iso(utcDay(9)) }],
      });
      await take(id, 10);
      expect(await stream.next("credits", (d) => d.credits === 7)).toEqual({
        credits: 7,
        expiring: [{ credits: 2, expiresAt: iso(utcDay(9)) }],
      });
    } finally {
      stream.close();
    }
  });

  it("answers the API's balance only to a valid token, in the API's error shape", async () => {
    const { client } = await person();
    const none = await asToken(t.app, "/api/n8n/balance");
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false });
    const unknown = await asToken(t.app, "/api/n8n/balance", "Bearer veo_not-a-token");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, code: "invalid_api_token" });
    // A session cookie is not a token.
    const cookie = client.sessionCookie!;
    const withCookie = await t.app.inject({ method: "GET", url: "/api/n8n/balance", headers: { cookie } });
    expect(withCookie.statusCode).toBe(401);
  });
});
