/**
 * Taking away every second factor of an account (decision 0092): an admin does it for someone who
 * lost theirs (audited, in the admin's transaction); ADMIN_REMOVE_SECOND_FACTOR=true does it at
 * start-up for ADMIN_USERNAME, the way back in when no admin has a factor left.
 */
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { endSessionsAndLinks } from "../../identity/ways-in.js";
import { removeAllPasskeys } from "./passkeys.js";
import { deleteRecoveryCodes } from "./recovery-codes.js";
import { removeTotp } from "./totp.js";

/** Removes the user's authenticator app, passkeys and recovery codes, and ends their sessions and links. */
export async function removeSecondFactors(db: Queryable, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const totp = await removeTotp(db, userId);
  const passkeys = await removeAllPasskeys(db, userId);
  await deleteRecoveryCodes(db, userId);
  // Whoever holds their sessions signs in again, with the password only.
  await endSessionsAndLinks(db, userId);
  return { totp, passkeys };
}

/** The start-up's escape hatch: by username; what was removed, or undefined when there is no such account. */
export async function removeSecondFactorsOf(db: Db, username: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) return undefined;
  return db.transaction((tx) => removeSecondFactors(tx, user.id));
}
