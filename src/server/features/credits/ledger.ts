/**
 * The credit ledger. A user's balance changes only here, in the same database transaction as
 * the `transactions` row that explains it, so `users.credits` always equals the sum of amounts.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { transactions, users } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";

/** Sets a balance to an absolute value (admin edit) and records the difference as an adjustment. */
export async function setBalance(
  tx: Tx,
  userId: string,
  credits: number,
  describe: (previous: number) => string,
): Promise<{ previous: number; credits: number }> {
  const [row] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!row) throw notFound("User not found");
  const delta = credits - row.credits;
  if (delta !== 0) {
    await tx.update(users).set({ credits: sql`${users.credits} + ${delta}` }).where(eq(users.id, userId));
    await tx.insert(transactions).values({ userId, type: "adjustment", amount: delta, description: describe(row.credits) });
  }
  return { previous: row.credits, credits };
}
