/**
 * Credits as lots that know when they expire (issue 69, decision 0150): the database keeps each
 * user's lots from the ledger's own rows. A spend draws from the lots that expire soonest,
 * never-expiring last (checked against a small model of lots by fast-check); a failed video's
 * refund goes back to the lots its usage drew from, or, where they expired meanwhile, into a lot
 * of 30 days; a lot whose time is up is taken out once, as an expiry row, however many sweeps
 * race; the migration makes every balance before lots one opening lot. After every test a user's
 * unexpired lots hold exactly their balance (tests/helpers/ledger.ts).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/connect.js";
import { creditLots, transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { refundTask } from "../../src/server/features/credits/ledger.js";
import { CreditExpiry } from "../../src/server/jobs/credit-expiry.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestDatabase, createUnmigratedDatabase } from "../helpers/test-db.js";

let database: Database;
const db = () => database.db;
let serial = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => database?.close());

const DAY = 24 * 60 * 60 * 1000;

async function newUser(): Promise<string> {
  const [user] = await db()
    .insert(users)
    .values({ username: `lots_${Date.now().toString(36)}_${serial++}`, password: "x" })
    .returning({ id: users.id });
  return user!.id;
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

/** Credits taken as the ledger takes them: never below zero. */
async function take(userId: string, amount: number): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [done] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${amount}` })
      .where(and(eq(users.id, userId), sql`${users.credits} >= ${amount}`))
      .returning({ id: users.id });
    if (done)
      await tx.insert(transactions).values({ userId, type: "adjustment", amount: -amount, description: "taken" });
    return Boolean(done);
  });
}

/** A video charged as generation charges it: its task, its usage row and the balance together. */
async function spendOnVideo(userId: string, cost: number): Promise<string> {
  return db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${cost}` })
      .where(eq(users.id, userId));
    const [task] = await tx
      .insert(videoTasks)
      .values({
        userId,
        taskId: `lots_task_${serial++}`,
        prompt: "a lot",
        model: "veo3_fast",
        aspectRatio: "16:9",
        status: "failed",
        creditsUsed: cost,
      })
      .returning({ id: videoTasks.id });
    await tx
      .insert(transactions)
      .values({ userId, type: "usage", amount: -cost, description: "video", videoTaskId: task!.id });
    return task!.id;
  });
}

async function lotsOf(userId: string) {
  return db()
    .select({
      id: creditLots.id,
      kind: creditLots.kind,
      amount: creditLots.amount,
      remaining: creditLots.remaining,
      expiresAt: creditLots.expiresAt,
    })
    .from(creditLots)
    .where(eq(creditLots.userId, userId))
    .orderBy(asc(creditLots.createdAt), asc(creditLots.id));
}

describe("credit lots", () => {
  it("draws a spend from the lots that expire soonest, never-expiring last", async () => {
    const userId = await newUser();
    await grant(userId, 10);
    await grant(userId, 5, new Date(Date.now() + 30 * DAY));
    await grant(userId, 4, new Date(Date.now() + 2 * DAY));
    expect(await take(userId, 6)).toBe(true);
    expect((await lotsOf(userId)).map((l) => [l.amount, l.remaining])).toEqual([
      [10, 10],
      [5, 3],
      [4, 0],
    ]);
    expect(await take(userId, 13)).toBe(true);
    expect((await lotsOf(userId)).map((l) => l.remaining)).toEqual([0, 0, 0]);
    expect(await take(userId, 1)).toBe(false);
  });

  it("spends in the order a model of lots says, whatever the grants and spends", async () => {
    type Step = { grant: number; days: number | null } | { take: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ grant: fc.integer({ min: 1, max: 20 }), days: fc.option(fc.integer({ min: 1, max: 90 })) }),
      fc.record({ take: fc.integer({ min: 1, max: 30 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const userId = await newUser();
        const model: { days: number | null; remaining: number; order: number }[] = [];
        for (const s of steps) {
          if ("grant" in s) {
            await grant(userId, s.grant, s.days === null ? null : new Date(Date.now() + s.days * DAY));
            model.push({ days: s.days, remaining: s.grant, order: model.length });
            continue;
          }
          const balance = model.reduce((sum, lot) => sum + lot.remaining, 0);
          expect(await take(userId, s.take)).toBe(s.take <= balance);
          if (s.take > balance) continue;
          let left = s.take;
          const soonestFirst = [...model].sort(
            (a, b) => (a.days ?? Infinity) - (b.days ?? Infinity) || a.order - b.order,
          );
          for (const lot of soonestFirst) {
            const drawn = Math.min(lot.remaining, left);
            lot.remaining -= drawn;
            left -= drawn;
          }
        }
        expect((await lotsOf(userId)).map((l) => l.remaining)).toEqual(model.map((l) => l.remaining));
      }),
      { numRuns: 30 },
    );
  });

  it("gives a failed video's credits back to the lots its usage drew from", async () => {
    const userId = await newUser();
    await grant(userId, 10);
    await grant(userId, 5, new Date(Date.now() + 7 * DAY));
    const videoTaskId = await spendOnVideo(userId, 8);
    expect((await lotsOf(userId)).map((l) => l.remaining)).toEqual([7, 0]);
    await db().transaction((tx) => refundTask(tx, videoTaskId, "Refund: failed"));
    const lots = await lotsOf(userId);
    expect(lots.map((l) => [l.amount, l.remaining])).toEqual([
      [10, 10],
      [5, 5],
    ]);
  });

  it("puts a refund whose lot expired meanwhile into a lot of 30 days", async () => {
    const userId = await newUser();
    await grant(userId, 6, new Date(Date.now() + DAY));
    const videoTaskId = await spendOnVideo(userId, 6);
    // The emptied lot expires: nothing is left in it, so the balance does not change.
    await db().update(creditLots).set({ expiredAt: new Date() }).where(eq(creditLots.userId, userId));
    await db().transaction((tx) => refundTask(tx, videoTaskId, "Refund: failed"));
    const [, refund] = await lotsOf(userId);
    expect(refund).toMatchObject({ kind: "refund", amount: 6, remaining: 6 });
    const days = (refund!.expiresAt!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("keeps the lots whole when spends race on one balance", async () => {
    const userId = await newUser();
    await grant(userId, 9, new Date(Date.now() + DAY));
    await grant(userId, 9);
    const results = await Promise.all(Array.from({ length: 8 }, () => take(userId, 3)));
    expect(results.filter(Boolean)).toHaveLength(6);
    expect((await lotsOf(userId)).map((l) => l.remaining)).toEqual([0, 0]);
  });
});

describe("expiry", () => {
  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]!.credits;
  const expiryRows = (userId: string) =>
    db()
      .select({ amount: transactions.amount, description: transactions.description })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.type, "expiry")));

  it("takes out what is left of a lot whose time is up, once, as a row of its own", async () => {
    const userId = await newUser();
    await grant(userId, 10);
    await grant(userId, 8, new Date(Date.now() + 60_000));
    expect(await take(userId, 3)).toBe(true);
    // The grant's time passes.
    await db()
      .update(creditLots)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(creditLots.userId, userId), eq(creditLots.amount, 8)));
    const sweep = new CreditExpiry({ db: db() });
    expect(await sweep.runOnce()).toBeGreaterThanOrEqual(5);
    expect(await balanceOf(userId)).toBe(10);
    expect(await expiryRows(userId)).toEqual([{ amount: -5, description: "Expired: 5 credits" }]);
    expect((await lotsOf(userId)).map((l) => l.remaining)).toEqual([10, 0]);
    await sweep.runOnce();
    expect(await expiryRows(userId)).toHaveLength(1);
    // What is left is spent from the lot that never expires.
    expect(await take(userId, 10)).toBe(true);
    expect(await take(userId, 1)).toBe(false);
  });

  it("expires a lot once when several sweeps race, and leaves lots not yet due", async () => {
    const userId = await newUser();
    await grant(userId, 7, new Date(Date.now() - 1_000));
    await grant(userId, 4, new Date(Date.now() + 60 * 60_000));
    const sweeps = Array.from({ length: 4 }, () => new CreditExpiry({ db: db() }));
    await Promise.all(sweeps.map((sweep) => sweep.runOnce()));
    expect(await expiryRows(userId)).toEqual([{ amount: -7, description: "Expired: 7 credits" }]);
    expect(await balanceOf(userId)).toBe(4);
    expect((await lotsOf(userId)).map((l) => l.remaining)).toEqual([0, 4]);
  });

  it("writes no row for a lot spent before its time was up", async () => {
    const userId = await newUser();
    await grant(userId, 5, new Date(Date.now() + 60_000));
    expect(await take(userId, 5)).toBe(true);
    await db()
      .update(creditLots)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(creditLots.userId, userId));
    await new CreditExpiry({ db: db() }).runOnce();
    expect(await expiryRows(userId)).toEqual([]);
    const [lot] = await db().select().from(creditLots).where(eq(creditLots.userId, userId));
    expect(lot!.expiredAt).not.toBeNull();
  });
});

describe("the migration to lots", () => {
  it("turns every balance before lots into one opening lot, and spends from it after", async () => {
    const old = await createUnmigratedDatabase();
    try {
      await old.migrate("0060_credit_lots");
      const id = "00000000-0000-4000-8000-000000000601";
      await old.db.execute(sql`insert into users (id, username, password, credits) values
        (${id}, 'had_credits', 'x', 40), ('00000000-0000-4000-8000-000000000602', 'had_none', 'x', 0)`);
      await old.db.execute(sql`insert into transactions (user_id, type, amount, description)
        values (${id}, 'purchase', 50, 'bought'), (${id}, 'usage', -10, 'spent')`);
      await old.migrate();
      const lots = (await old.db.execute(sql`select u.username, l.kind, l.amount, l.remaining, l.expires_at
        from credit_lots l join users u on u.id = l.user_id order by u.username`)) as { rows: unknown[] };
      expect(lots.rows).toEqual([
        { username: "had_credits", kind: "opening", amount: 40, remaining: 40, expires_at: null },
      ]);
      await old.db.execute(sql`update users set credits = credits - 15 where id = ${id}`);
      await old.db.execute(
        sql`insert into transactions (user_id, type, amount, description) values (${id}, 'usage', -15, 'spent')`,
      );
      const after = (await old.db.execute(sql`select remaining from credit_lots where user_id = ${id}`)) as {
        rows: unknown[];
      };
      expect(after.rows).toEqual([{ remaining: 25 }]);
    } finally {
      await old.close();
    }
  });
});
