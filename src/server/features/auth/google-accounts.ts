/**
 * Which account a Google identity signs into (decision 0025): the one holding its `sub`; else a
 * local account with the same e-mail when Google says the e-mail is verified (linked now); else
 * a new account with a unique username made from the e-mail or name, and no password yet.
 */
import { eq, sql } from "drizzle-orm";
import { isUniqueViolation, type Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { USERNAME_MAX, USERNAME_MIN } from "../../../shared/schemas/auth.js";
import { GoogleAuthError, type GoogleIdentity } from "../../integrations/google/oidc.js";
import { ACCOUNT_DISABLED, NO_PASSWORD } from "./service.js";
import type { UserRow } from "./users.js";

function usernameBase(identity: GoogleIdentity): string {
  const source = identity.email?.split("@")[0] || identity.name || "user";
  let base = source
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+|[._-]+$/g, "")
    .toLowerCase();
  if (base.length < USERNAME_MIN) base = `${base}_user`.replace(/^_/, "");
  return base.slice(0, USERNAME_MAX - 5);
}

function refuseDisabled(user: UserRow): UserRow {
  if (!user.isActive) throw new GoogleAuthError(ACCOUNT_DISABLED);
  return user;
}

async function createUser(db: Db, identity: GoogleIdentity, email: string | null): Promise<UserRow> {
  const base = usernameBase(identity);
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = attempt === 0 ? "" : attempt < 10 ? String(attempt + 1) : `_${Math.random().toString(36).slice(2, 6)}`;
    try {
      const [row] = await db
        .insert(users)
        .values({ username: `${base}${suffix}`, email, googleId: identity.sub, password: NO_PASSWORD })
        .returning();
      return row!;
    } catch (err) {
      if (isUniqueViolation(err, "users_username_lower_key")) continue;
      // The same Google account signing in twice at once: the other request created it.
      if (isUniqueViolation(err, "users_google_id_unique")) {
        const [existing] = await db.select().from(users).where(eq(users.googleId, identity.sub));
        if (existing) return refuseDisabled(existing);
      }
      // Someone registered this e-mail meanwhile: keep the account without it.
      if (isUniqueViolation(err, "users_email_lower_key") && email) return createUser(db, identity, null);
      throw err;
    }
  }
  throw new GoogleAuthError("Could not choose a username for this account. Please try again.");
}

export async function googleAccount(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  const [known] = await db.select().from(users).where(eq(users.googleId, identity.sub));
  if (known) return refuseDisabled(known);

  if (identity.email && identity.emailVerified) {
    const [sameEmail] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${identity.email})`);
    if (sameEmail && !sameEmail.googleId) {
      refuseDisabled(sameEmail);
      const [linked] = await db.update(users).set({ googleId: identity.sub }).where(eq(users.id, sameEmail.id)).returning();
      return linked!;
    }
    if (!sameEmail) return createUser(db, identity, identity.email);
  }
  // Unverified (or already claimed) e-mail: a separate account that does not take the address.
  return createUser(db, identity, null);
}
