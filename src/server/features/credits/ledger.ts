/**
 * The credit ledger. A user's balance changes only here, in the same database transaction as
 * the `transactions` row that explains it, so `users.credits` always equals the sum of amounts.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { transactions, users, videoTasks } from "../../db/schema.js";
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

/**
 * Takes `cost` credits for a video in one guarded statement: never below zero, never for a
 * disabled user, whatever runs concurrently. Returns the new balance, or undefined when the
 * user cannot pay.
 */
export async function spendCredits(tx: Tx, userId: string, cost: number): Promise<number | undefined> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${cost}` })
    .where(and(eq(users.id, userId), gte(users.credits, cost), eq(users.isActive, true)))
    .returning({ credits: users.credits });
  return row?.credits;
}

/**
 * Gives a task's credits back, exactly once: the conditional update on `refunded` lets one
 * caller through, whoever else tries at the same moment. Returns the amount (0 if it was
 * already refunded or unknown).
 */
export async function refundTask(tx: Tx, videoTaskId: string, description: string): Promise<number> {
  const [task] = await tx
    .update(videoTasks)
    .set({ refunded: true, refundedAt: new Date() })
    .where(and(eq(videoTasks.id, videoTaskId), eq(videoTasks.refunded, false)))
    .returning({ userId: videoTasks.userId, creditsUsed: videoTasks.creditsUsed, taskId: videoTasks.taskId });
  if (!task || task.creditsUsed <= 0) return 0;
  await tx.update(users).set({ credits: sql`${users.credits} + ${task.creditsUsed}` }).where(eq(users.id, task.userId));
  await tx.insert(transactions).values({
    userId: task.userId,
    type: "refund",
    amount: task.creditsUsed,
    description,
    videoTaskId,
    kieTaskId: task.taskId,
  });
  return task.creditsUsed;
}
