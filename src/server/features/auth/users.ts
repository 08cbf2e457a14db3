/** User rows as the auth and admin features read them. */
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import type { CurrentUser } from "../../../shared/schemas/auth.js";
import { isPending, secondFactorState } from "../../identity/second-factor-state.js";

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export function toCurrentUser(
  u: Pick<UserRow, "username" | "email" | "emailVerified" | "credits" | "isAdmin" | "language"> &
    ({ password: string } | { hasPassword: boolean }),
): CurrentUser {
  const hasPassword = "hasPassword" in u ? Boolean(u.hasPassword) : u.password !== "";
  const language = u.language === "en" || u.language === "vi" ? u.language : null;
  return {
    username: u.username,
    email: u.email,
    credits: u.credits ?? 0,
    isAdmin: u.isAdmin,
    hasPassword,
    emailVerified: u.emailVerified,
    language,
  };
}

/**
 * The user a sign-in answers with (a login, a reset link): `secondFactorPending` while the new
 * session still waits for its second step (decision 0092), so a script knows what comes next.
 */
export async function toSignedInUser(db: Queryable, user: UserRow, sessionToken: string): Promise<CurrentUser> {
  const pending = isPending(await secondFactorState(db, user.id, sessionToken));
  return { ...toCurrentUser(user), ...(pending ? { secondFactorPending: true } : {}) };
}
