/**
 * Where a session stands with the second factor (decision 0092): does its user have one (a
 * confirmed authenticator app or a passkey), and when did this session last pass it. A session of
 * a user with a factor and no check yet is "pending": it signed in with the password (or Google)
 * only. Session requests read it with the session row, through the sessions cache: a change of
 * a factor or a check is announced as the user's "session" change (veo_notify_second_factor), so
 * a check passed in one process counts in every other as soon as the announcement reaches it.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/connect.js";
import { sessionSecondFactors, users } from "../db/schema.js";
import { sha256Hex } from "../lib/tokens.js";
import { preparedPerDatabase } from "../db/prepared.js";

export interface SecondFactorState {
  enrolled: boolean;
  verifiedAt: Date | null;
}

/**
 * Has the user in the query's "users" row a factor? Spelled out: drizzle leaves a column in a
 * template unqualified, and inside these subqueries an unqualified "id" would be the inner table's own.
 */
export const enrolledSql = sql<boolean>`(exists (select 1 from totp_credentials t where t.user_id = users.id and t.confirmed_at is not null)
  or exists (select 1 from passkeys p where p.user_id = users.id))`;

/** When the session `sessionId` last passed its factor, or null. */
export const verifiedAtSql = (sessionId: SQL | Placeholder) =>
  sql<
    string | Date | null
  >`(select ssf.verified_at from session_second_factors ssf where ssf.session_id = ${sessionId})`;

/** The row's two columns as a state (a subquery's timestamp may come back as text). */
export function toSecondFactorState(enrolled: unknown, verifiedAt: string | Date | null): SecondFactorState {
  return { enrolled: Boolean(enrolled), verifiedAt: verifiedAt === null ? null : new Date(verifiedAt) };
}

const stateLookup = preparedPerDatabase((db: Queryable) =>
  db
    .select({ enrolled: enrolledSql, verifiedAt: verifiedAtSql(sql.placeholder("sessionId")) })
    .from(users)
    .where(sql`${users.id} = ${sql.placeholder("userId")}`)
    .prepare("second_factor_state"),
);

/** The state of the session whose cookie value is `sessionToken`, for its user `userId`, read now. */
export async function secondFactorState(
  db: Queryable,
  userId: string,
  sessionToken: string | undefined,
): Promise<SecondFactorState> {
  const sessionId = sessionToken ? sha256Hex(sessionToken) : "";
  const [row] = await stateLookup(db).execute({ userId, sessionId });
  if (!row) return { enrolled: false, verifiedAt: null };
  return toSecondFactorState(row.enrolled, row.verifiedAt);
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
