/**
 * The usernames nobody may take (decision 0087): a deleted account's name, held for a while in
 * held_usernames so nobody can pose as the person who just left, and the `deleted-` names the
 * anonymised rows themselves carry.
 */
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { heldUsernames } from "../../db/schema.js";

const DELETED_PREFIX = "deleted-";

/** The name a deleted account's row keeps: `deleted-` and the first 12 hex digits of its id (all 32 in `long`). */
export function anonymousUsername(userId: string, long = false): string {
  const hex = userId.replaceAll("-", "");
  return `${DELETED_PREFIX}${long ? hex : hex.slice(0, 12)}`;
}

/** Names of the `deleted-` kind belong to deleted accounts only. */
export const isReservedUsername = (username: string): boolean => username.toLowerCase().startsWith(DELETED_PREFIX);

/**
 * Until when `username` (any letter case) is held, or undefined when it is free. An expired hold
 * is removed on the way: the name is free again and nothing of it is kept.
 */
export async function usernameHeldUntil(db: Queryable, username: string): Promise<Date | undefined> {
  const key = username.toLowerCase();
  await db.delete(heldUsernames).where(and(eq(heldUsernames.username, key), lte(heldUsernames.heldUntil, sql`now()`)));
  const [row] = await db
    .select({ heldUntil: heldUsernames.heldUntil })
    .from(heldUsernames)
    .where(and(eq(heldUsernames.username, key), gt(heldUsernames.heldUntil, sql`now()`)));
  return row?.heldUntil;
}

/** Holds `username` until `until` (a name held again keeps the later end). */
export async function holdUsername(db: Queryable, username: string, until: Date): Promise<void> {
  await db
    .insert(heldUsernames)
    .values({ username: username.toLowerCase(), heldUntil: until })
    .onConflictDoUpdate({
      target: heldUsernames.username,
      set: { heldUntil: sql`greatest(${heldUsernames.heldUntil}, excluded.held_until)` },
    });
}

/** Forgets every hold that has ended. */
export async function releaseEndedHolds(db: Queryable): Promise<void> {
  await db.delete(heldUsernames).where(lte(heldUsernames.heldUntil, sql`now()`));
}
