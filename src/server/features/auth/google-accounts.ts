/**
 * Which account a Google identity signs into (decisions 0025 and 0033):
 * - the one holding its `sub`;
 * - else, when Google says the e-mail is verified, a local account with that e-mail, but only if
 *   that account's e-mail was itself verified and it has no password (linked now; decision 0131).
 *   An account with a password, or whose e-mail was merely typed in at registration, is never
 *   signed into: anyone can register someone else's address and set the password. The person then
 *   signs in with its password and connects Google on My Account, or asks for a new account
 *   (createGoogleAccount), which takes the e-mail from an unverified account;
 * - else a new account with a unique username made from the e-mail or name, and no password yet.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { isUniqueViolation, type Queryable } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { USERNAME_MAX, USERNAME_MIN } from "../../../shared/schemas/auth.js";
import { trimChars } from "../../../shared/trim.js";
import { GoogleAuthError, type GoogleIdentity } from "../../integrations/google/oidc.js";
import { NO_PASSWORD } from "./service.js";
import { isReservedUsername, usernameHeldUntil } from "./held-usernames.js";
import type { UserRow } from "./users.js";

/** The username a Google account starts from (exported for the backtracking test). */
export function usernameBase(identity: GoogleIdentity): string {
  const source = identity.email?.split("@")[0] || identity.name || "user";
  let base = source
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_");
  base = trimChars(base, "._-").toLowerCase();
  // `deleted-...` names belong to deleted accounts (decision 0087).
  if (isReservedUsername(base)) base = `user_${base}`;
  if (base.length < USERNAME_MIN) base = `${base}_user`.replace(/^_/, "");
  return base.slice(0, USERNAME_MAX - 5);
}

function refuseDisabled(user: UserRow): UserRow {
  if (!user.isActive) throw new GoogleAuthError("account_disabled");
  return user;
}

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

async function userBySub(db: Queryable, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleId, sub));
  return row;
}

/**
 * A new account for this identity; it takes `email` (a Google-verified address, so it is stored
 * as verified) unless someone holds it by then. Each attempt runs in its own savepoint, so this
 * also works inside a caller's transaction. When the same identity's account appears meanwhile
 * (two sign-ins at once), that account is the answer, unless `onlyNew`.
 */
async function createUser(
  db: Queryable,
  identity: GoogleIdentity,
  email: string | null,
  onlyNew = false,
): Promise<UserRow> {
  const base = usernameBase(identity);
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix =
      attempt === 0 ? "" : attempt < 10 ? String(attempt + 1) : `_${Math.random().toString(36).slice(2, 6)}`;
    // The name of an account deleted recently is held for a while (decision 0087): the next one.
    if (await usernameHeldUntil(db, `${base}${suffix}`)) continue;
    try {
      return await db.transaction(async (sp) => {
        const [row] = await sp
          .insert(users)
          .values({
            username: `${base}${suffix}`,
            email,
            emailVerified: email !== null,
            googleId: identity.sub,
            password: NO_PASSWORD,
            signupMethod: "google",
          })
          .returning();
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err, "users_username_lower_key")) continue;
      // The same Google account signing in twice at once: the other request created it.
      if (isUniqueViolation(err, "users_google_id_unique")) {
        if (onlyNew) throw new GoogleAuthError("already_has_account");
        const existing = await userBySub(db, identity.sub);
        if (existing) return refuseDisabled(existing);
      }
      // Someone registered this e-mail meanwhile: keep the account without it.
      if (isUniqueViolation(err, "users_email_lower_key") && email) return createUser(db, identity, null, onlyNew);
      throw err;
    }
  }
  throw new GoogleAuthError("no_username");
}

/** What a Google sign-in comes to. */
export type GoogleSignIn =
  | { kind: "signed-in"; user: UserRow }
  /**
   * An account with a password, or whose e-mail nobody verified, holds Google's verified e-mail:
   * nobody is signed in.
   */
  | { kind: "email-taken" };

/**
 * A returning Google sign-in confirms the account's address when Google vouches for that same
 * address (decision 0088): as the confirmation link would, and as connecting Google does.
 */
async function confirmedByGoogle(db: Queryable, user: UserRow, identity: GoogleIdentity): Promise<UserRow> {
  if (user.emailVerified || !identity.emailVerified || !identity.email || !user.email) return user;
  if (user.email.toLowerCase() !== identity.email.toLowerCase()) return user;
  const [confirmed] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, user.id), byEmail(identity.email)))
    .returning();
  return confirmed ?? user;
}

export async function googleSignIn(db: Queryable, identity: GoogleIdentity): Promise<GoogleSignIn> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const known = await userBySub(db, identity.sub);
    if (known) return { kind: "signed-in", user: await confirmedByGoogle(db, refuseDisabled(known), identity) };

    if (!identity.email || !identity.emailVerified) {
      // Unverified (or no) e-mail: a separate account that does not take the address.
      return { kind: "signed-in", user: await createUser(db, identity, null) };
    }
    const [sameEmail] = await db.select().from(users).where(byEmail(identity.email));
    if (!sameEmail) return { kind: "signed-in", user: await createUser(db, identity, identity.email) };
    // Never linked on the address alone to an account with a password (decision 0131): whoever set
    // that password may not be this person, even with the address confirmed (an attacker can plant
    // an account with someone's address, and its owner confirm it). They prove the password.
    if (!sameEmail.emailVerified || sameEmail.password !== NO_PASSWORD) return { kind: "email-taken" };
    // Held by an account connected to another Google identity: a separate account without it.
    if (sameEmail.googleId) return { kind: "signed-in", user: await createUser(db, identity, null) };

    refuseDisabled(sameEmail);
    const [linked] = await db
      .update(users)
      .set({ googleId: identity.sub })
      .where(
        and(eq(users.id, sameEmail.id), isNull(users.googleId), eq(users.emailVerified, true), byEmail(identity.email)),
      )
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err, "users_google_id_unique")) return [];
        throw err;
      });
    if (linked) return { kind: "signed-in", user: linked };
    // The account or this identity changed meanwhile: decide again on what is there now.
  }
  throw new GoogleAuthError("failed");
}

/**
 * The person chose "Create a new account with Google" after googleSignIn said "email-taken".
 * `identity` is the one Google verified moments ago (sealed in a cookie). Google proved this
 * person owns the e-mail, so the new account takes it, and the account that merely claimed it
 * (unverified) loses it, in one transaction. It only ever creates: an identity that already has
 * an account is refused, so the sealed identity cannot be replayed to sign in.
 */
export async function createGoogleAccount(db: Queryable, identity: GoogleIdentity): Promise<UserRow> {
  return db.transaction(async (tx) => {
    if (await userBySub(tx, identity.sub)) throw new GoogleAuthError("already_has_account");
    const email = identity.email && identity.emailVerified ? identity.email : null;
    if (email) {
      await tx
        .update(users)
        .set({ email: null })
        .where(and(byEmail(email), eq(users.emailVerified, false)));
    }
    return createUser(tx, identity, email, true);
  });
}

/**
 * Connects a Google identity to the signed-in account `userId` (My Account, "Connect Google").
 * The account's e-mail becomes verified when it is the Google-verified e-mail.
 */
export async function linkGoogle(db: Queryable, userId: string, identity: GoogleIdentity): Promise<UserRow> {
  const holder = await userBySub(db, identity.sub);
  if (holder && holder.id !== userId) throw new GoogleAuthError("google_taken");
  const sameEmail =
    identity.email && identity.emailVerified
      ? sql`coalesce(lower(${users.email}) = lower(${identity.email}), false)`
      : sql`false`;
  const [linked] = await db
    .update(users)
    .set({ googleId: identity.sub, emailVerified: sql`${users.emailVerified} or ${sameEmail}` })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isActive, true),
        sql`(${users.googleId} is null or ${users.googleId} = ${identity.sub})`,
      ),
    )
    .returning()
    .catch((err: unknown) => {
      if (isUniqueViolation(err, "users_google_id_unique")) throw new GoogleAuthError("google_taken");
      throw err;
    });
  if (linked) return linked;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !user.isActive) throw new GoogleAuthError("account_disabled");
  throw new GoogleAuthError("other_google_connected");
}
