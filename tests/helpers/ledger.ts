/** The ledger invariant: every user's balance equals the sum of their transactions. */
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/connect.js";
import { transactions, users } from "../../src/server/db/schema.js";

/** Users whose balance and ledger disagree (empty when the books balance). */
async function unbalancedUsers(db: Db): Promise<{ username: string; credits: number; ledger: number }[]> {
  const ledger = sql<number>`coalesce(sum(${transactions.amount}), 0)::int`;
  const rows = await db
    .select({ username: users.username, credits: users.credits, ledger })
    .from(users)
    .leftJoin(transactions, eq(transactions.userId, users.id))
    .groupBy(users.id)
    .having(sql`${users.credits} <> ${ledger}`);
  return rows.map((r) => ({ username: r.username, credits: r.credits, ledger: Number(r.ledger) }));
}

/** Call in afterEach: fails the test when any balance drifted from its transactions. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  expect(await unbalancedUsers(db)).toEqual([]);
}
