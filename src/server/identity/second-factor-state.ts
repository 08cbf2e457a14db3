/**
 * Where a session stands with the second factor (decision 0092): does its user have one (a
 * confirmed authenticator app or a passkey), and when did this session last pass it. A session of
 * a user with a factor and no check yet is "pending": it signed in with the password (or Google)
 * only. Read fresh on each session request, beside the cached session row: a check passed in
 * one process counts in every other at once.
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/connect.js";
import { sessionSecondFactors, users } from "../db/schema.js";
import { sha256Hex } from "../lib/tokens.js";
import { preparedPerDatabase } from "../db/prepared.js";

export interface SecondFactorState {
  enrolled: boolean;
  verifiedAt: Date | null;
}

const stateLookup = preparedPerDatabase((db: Queryable) =>
  db
    .select({
      // Spelled out: drizzle leaves a column in a template unqualified, and inside these subqueries
      // an unqualified "id" would be the inner table's own.
      enrolled: sql<boolean>`exists (select 1 from totp_credentials t where t.user_id = users.id and t.confirmed_at is not null)
        or exists (select 1 from passkeys p where p.user_id = users.id)`,
      verifiedAt: sql<
        string | Date | null
      >`(select s.verified_at from session_second_factors s where s.session_id = ${sql.placeholder("sessionId")})`,
    })
    .from(users)
    .where(sql`${users.id} = ${sql.placeholder("userId")}`)
    .prepare("second_factor_state"),
);

/** The state of the session whose cookie value is `sessionToken`, for its user `userId`. */
export async function secondFactorState(
  db: Queryable,
  userId: string,
  sessionToken: string | undefined,
): Promise<SecondFactorState> {
  const sessionId = sessionToken ? sha256Hex(sessionToken) : "";
  const [row] = await stateLookup(db).execute({ userId, sessionId });
  if (!row) return { enrolled: false, verifiedAt: null };
  return { enrolled: Boolean(row.enrolled), verifiedAt: row.verifiedAt === null ? null : new Date(row.verifiedAt) };
}

/** Signed in with the first factor only. */
export const isPending = (state: SecondFactorState): boolean => state.enrolled && state.verifiedAt === null;

/** This session passed a second factor now (sign-in's second step, or a fresh check). */
export async function markSessionVerified(db: Queryable, sessionToken: string): Promise<void> {
  await db
    .insert(sessionSecondFactors)
    .values({ sessionId: sha256Hex(sessionToken) })
    .onConflictDoUpdate({ target: sessionSecondFactors.sessionId, set: { verifiedAt: sql`now()` } });
}
