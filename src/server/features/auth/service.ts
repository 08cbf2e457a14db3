/** Registration, login, password changes, and the admin account from the environment. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { isUniqueViolation } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { AppError, unauthorized } from "../../http/errors.js";
import type { Locale } from "../../../shared/i18n.js";
import { CHANGE_PASSWORD_MESSAGES, type RegisterInput } from "../../../shared/schemas/auth.js";
import { revokeAllTokens } from "../api-tokens/service.js";
import { revokeAllConnections } from "../oauth/connections.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { recordAudit } from "../audit/audit-log.js";
import { createSession, deleteExpiredSessions, type SessionOrigin } from "../../identity/sessions.js";
import { endAccountLinks, endSessionsAndLinks } from "../../identity/ways-in.js";
import { findUserById, findUserByUsername, type UserRow } from "./users.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { isReservedUsername, usernameHeldUntil } from "./held-usernames.js";
import type { Mailer } from "../mail/outbox.js";
import { sendVerificationLink } from "./email-verification.js";
import { forgotPasswordUrl } from "./password-reset.js";
import { requireRecentSignIn } from "./recent-sign-in.js";

const INVALID_CREDENTIALS = "Invalid username or password.";
const ACCOUNT_DISABLED = "This account has been disabled.";
/** Stored instead of a hash while an account (made by Google sign-in) has no password. */
export const NO_PASSWORD = "";

const USERNAME_TAKEN = "Username already exists.";

/** A name held after its account was deleted (decision 0087) is refused until its hold ends, in any letter case. */
async function refuseHeldUsername(db: Db, username: string): Promise<void> {
  if (isReservedUsername(username)) throw new AppError("conflict", USERNAME_TAKEN, reasoned("username_taken"));
  const until = await usernameHeldUntil(db, username);
  if (until) {
    const day = until.toISOString().slice(0, 10);
    throw new AppError(
      "conflict",
      `This username was used by an account deleted recently. Choose another, or try again after ${day}.`,
      reasoned("username_held", { until: until.toISOString() }),
    );
  }
}

/**
 * Creates the account; with an e-mail address, its confirmation link goes to that address in the
 * same transaction (decision 0088): an account is never made without its link, nor a link without it.
 */
export async function registerUser(
  db: Db,
  input: RegisterInput,
  mail: { mailer: Mailer; locale: Locale },
): Promise<UserRow> {
  await refuseHeldUsername(db, input.username);
  const password = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email ?? null, password, signupMethod: "password" })
        .returning();
      if (row!.email) await sendVerificationLink(tx, mail.mailer, row!, row!.email, mail.locale);
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_username_lower_key"))
      throw new AppError("conflict", USERNAME_TAKEN, reasoned("username_taken"));
    if (isUniqueViolation(err, "users_email_lower_key"))
      throw new AppError("conflict", "An account with this email already exists.", reasoned("email_taken"));
    throw err;
  }
}

/** Checks the credentials; returns the user and a new session token. An admin's sign-in is audited. */
export async function login(
  db: Db,
  username: string,
  password: string,
  origin?: SessionOrigin,
): Promise<{ user: UserRow; token: string }> {
  const user = await findUserByUsername(db, username);
  // A deleted account (decision 0087) is as unknown as one that never existed.
  if (!user || user.deletedAt) {
    await verifyAgainstDummy(password);
    throw unauthorized(INVALID_CREDENTIALS, "invalid_credentials");
  }
  if (!(await verifyPassword(user.password, password))) throw unauthorized(INVALID_CREDENTIALS, "invalid_credentials");
  if (!user.isActive) throw new AppError("account_disabled", ACCOUNT_DISABLED);
  await deleteExpiredSessions(db);
  const token = await createSession(db, user.id, origin);
  if (user.isAdmin) await recordAdminSignIn(db, user, origin, "password");
  return { user, token };
}

/** One audit row per admin sign-in (decision 0052), whichever way they signed in. */
export async function recordAdminSignIn(
  db: Db,
  user: Pick<UserRow, "id" | "username">,
  origin: SessionOrigin | undefined,
  method: "password" | "google",
) {
  await recordAudit(
    db,
    { adminId: user.id, adminUsername: user.username, ip: origin?.ip ?? null },
    { action: "admin.sign_in", details: { method } },
  );
}

/**
 * Changes the password and signs out the user's other sessions; with `revokeApiTokens`, deletes
 * every API token too. Every unused link sent by mail ends (decision 0128), and the account's
 * confirmed address is told (decision 0088). All in one transaction: a password change never half
 * happens. Returns how many tokens were revoked.
 */
export async function changePassword(
  db: Db,
  userId: string,
  currentPassword: string,
  newPassword: string,
  currentToken: string | undefined,
  opts: { revokeApiTokens: boolean; mailer: Mailer; locale: Locale },
): Promise<{ revokedApiTokens: number }> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  // An account made by Google sign-in sets its first password with a recent Google sign-in as proof.
  if (user.password === NO_PASSWORD) await requireRecentSignIn(db, currentToken);
  else {
    if (!currentPassword)
      throw new AppError("invalid_input", CHANGE_PASSWORD_MESSAGES.required, reasoned("fields_required"));
    if (!(await verifyPassword(user.password, currentPassword)))
      throw new AppError("invalid_input", CHANGE_PASSWORD_MESSAGES.wrongCurrent, reasoned("wrong_current_password"));
  }
  const hash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password: hash, passwordChangedAt: sql`now()` })
      .where(eq(users.id, userId));
    await endSessionsAndLinks(tx, userId, currentToken);
    const { mailer } = opts;
    const notice = { username: user.username, when: new Date(), resetLink: forgotPasswordUrl(mailer.publicUrl) };
    await mailer.toUser(tx, userId, { kind: "password_changed", ...notice }, { locale: opts.locale });
    if (!opts.revokeApiTokens) return { revokedApiTokens: 0 };
    // Signing automations out includes the apps connected by OAuth (decision 0169).
    await revokeAllConnections(tx, userId);
    return { revokedApiTokens: await revokeAllTokens(tx, userId) };
  });
}

/**
 * Makes sure the admin named by ADMIN_USERNAME exists, is an active admin and has ADMIN_PASSWORD.
 * Idempotent: the hash is only rewritten when the password actually changed, and then, as any new
 * password, it ends the account's unused links sent by mail.
 */
export async function ensureAdminAccount(
  db: Db,
  admin: { username: string; password: string },
): Promise<"created" | "updated" | "unchanged"> {
  const existing = await findUserByUsername(db, admin.username);
  if (!existing) {
    try {
      await db.insert(users).values({
        username: admin.username,
        password: await hashPassword(admin.password),
        isAdmin: true,
        signupMethod: "admin",
      });
      return "created";
    } catch (err) {
      // Several processes starting at once on one database: another one created it first.
      if (isUniqueViolation(err, "users_username_lower_key")) return ensureAdminAccount(db, admin);
      throw err;
    }
  }
  const passwordOk = await verifyPassword(existing.password, admin.password);
  if (passwordOk && existing.isAdmin && existing.isActive) return "unchanged";
  const newPassword = passwordOk ? {} : { password: await hashPassword(admin.password), passwordChangedAt: sql`now()` };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isAdmin: true, isActive: true, ...newPassword })
      .where(eq(users.id, existing.id));
    if (!passwordOk) await endAccountLinks(tx, existing.id);
  });
  return "updated";
}

/** The person's language (decision 0055); the users trigger tells every process's session cache. */
export async function setLanguage(db: Db, userId: string, language: Locale): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
