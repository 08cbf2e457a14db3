/**
 * A person's ways into their account besides the password (issue 66 §1, decision 0128): its
 * sessions, and the links sent by mail that are still unused (a reset, a confirmation, a new
 * address). Someone who once held the account may still have either, so whatever ends the one ends
 * the other: a new password, signing out everywhere, a disabled account, a "this was not me".
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/connect.js";
import { accountTokens, type ACCOUNT_TOKEN_PURPOSES } from "../db/schema.js";
import { deleteUserSessions } from "./sessions.js";

/**
 * Ends the account's unused links sent by mail: every one (a second factor added or removed does
 * this alone), or those of `purposes` (a new change of address ends the last one's).
 */
export async function endAccountLinks(
  db: Queryable,
  userId: string,
  purposes?: readonly (typeof ACCOUNT_TOKEN_PURPOSES)[number][],
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        isNull(accountTokens.usedAt),
        purposes ? inArray(accountTokens.purpose, [...purposes]) : undefined,
      ),
    );
}

/**
 * Ends every session of the account but the one whose cookie value is `keepToken`, and every unused
 * link sent by mail; returns how many sessions ended.
 */
export async function endSessionsAndLinks(db: Queryable, userId: string, keepToken?: string): Promise<number> {
  const ended = await deleteUserSessions(db, userId, keepToken);
  await endAccountLinks(db, userId);
  return ended;
}
