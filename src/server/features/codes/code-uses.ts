/**
 * A code's `uses` only moves here (decision 0156). One more use is a conditional update that
 * holds only while the code may still be used (not disabled, inside its window, below its
 * maximum), so of any number of redemptions at once exactly as many pass as the code has uses
 * left; the row lock it takes makes the others wait and then re-check. A use given back (a
 * discount's order never paid) is one less, never below zero.
 */
import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { promoCodes } from "../../db/schema.js";
import type { PromoCode } from "./code-checks.js";

/**
 * Takes the code's row lock first, before any redemption row is touched: every writer of a code's
 * redemptions (a reservation that gives back the person's earlier one, a release, a late payment)
 * then locks in the same order, code before redemption, so none waits on another in a circle.
 */
export async function lockCodes(tx: Tx, codeIds: string[]): Promise<void> {
  const ids = [...new Set(codeIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(inArray(promoCodes.id, ids))
    .orderBy(promoCodes.id)
    .for("update");
}

/** One more use of the code if it may still be used now; the updated row, or undefined. */
export async function takeUse(tx: Tx, codeId: string): Promise<PromoCode | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: now })
    .where(
      and(
        eq(promoCodes.id, codeId),
        or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses)),
        isNull(promoCodes.disabledAt),
        or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, now)),
        or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** One use given back. */
export async function giveBackUse(tx: Tx, codeId: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)`, updatedAt: new Date() })
    .where(eq(promoCodes.id, codeId));
}

/** A use counted without the conditions: a payment made at a discount whose reservation had been given back. */
export async function countUse(tx: Tx, codeId: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: new Date() })
    .where(eq(promoCodes.id, codeId));
}
