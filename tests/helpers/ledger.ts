/**
 * The ledger invariants: every user's balance equals the sum of their transactions, and the
 * credits left in their unexpired lots (decision 0150).
 */
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/connect.js";
import { transactions, users } from "../../src/server/db/schema.js";

/** Users whose balance, ledger and lots disagree (empty when the books balance). */
async function unbalancedUsers(db: Db): Promise<{ username: string; credits: number; ledger: number; lots: number }[]> {
  const ledger = sql<number>`coalesce(sum(${transactions.amount}), 0)::int`;
  const lots = sql<number>`(select coalesce(sum(l.remaining), 0)::int from credit_lots l
    where l.user_id = ${users.id} and l.expired_at is null)`;
  const rows = await db
    .select({ username: users.username, credits: users.credits, ledger, lots })
    .from(users)
    .leftJoin(transactions, eq(transactions.userId, users.id))
    .groupBy(users.id)
    .having(sql`${users.credits} <> ${ledger} or ${users.credits} <> ${lots}`);
  return rows.map((r) => ({
    username: r.username,
    credits: r.credits,
    ledger: Number(r.ledger),
    lots: Number(r.lots),
  }));
}

/** Call in afterEach: fails the test when any balance drifted from its transactions or its lots. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  expect(await unbalancedUsers(db)).toEqual([]);
}
