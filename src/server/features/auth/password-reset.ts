/**
 * A forgotten password (decision 0088): a link by mail to the account's address, valid for one
 * hour, used once; using it sets the new password, ends every session, signs this browser in and
 * tells the account's address.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { passwordResetRequests, users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import type { RateLimiter } from "../../http/rate-limit.js";
import { createSession, type SessionOrigin } from "../../identity/sessions.js";
import { endSessionsAndLinks } from "../../identity/ways-in.js";
import type { Locale } from "../../../shared/i18n.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Mailer } from "../mail/outbox.js";
import { issueAccountLink, useAccountToken } from "./account-tokens.js";
import { hashPassword } from "./passwords.js";
import type { UserRow } from "./users.js";

export const LINK_EXPIRED_MESSAGE = "This link has expired or was already used. Ask for a new one.";

/** Where a person asks for a reset link (the "your password was changed" notice links there). */
export const forgotPasswordUrl = (publicUrl: string) => `${publicUrl}/forgot-password`;

/** An address has an @; a username never does (its characters are letters, digits, . _ -). */
async function accountFor(db: Queryable, login: string): Promise<UserRow | undefined> {
  const column = login.includes("@") ? users.email : users.username;
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${column}) = lower(${login})`)
    .limit(1);
  return row;
}

export type ResetRequestOutcome = "sent" | "no_account" | "limited";

/**
 * Queues a reset request (decision 0132): the same one row whoever `login` names, so the request
 * costs the same either way; the reset job does the rest a few seconds later.
 */
export async function queuePasswordReset(db: Queryable, login: string, locale: Locale): Promise<void> {
  await db.insert(passwordResetRequests).values({ login, locale });
}

/**
 * Writes a reset link and its message when `login` names an active account with an address.
 * Called by the reset job (jobs/password-reset-requests.ts), apart from the request: its caller
 * cannot tell the outcomes apart (decision 0132). Older links stay valid until they expire or one
 * of them is used. `perAccount` limits the mail one person can be sent, whoever asks.
 */
export async function requestPasswordReset(
  deps: { db: Queryable; mailer: Mailer; perAccount: RateLimiter },
  login: string,
  locale: Locale,
): Promise<ResetRequestOutcome> {
  const { db, mailer } = deps;
  const user = await accountFor(db, login);
  if (!user?.email || user.deletedAt || !user.isActive) return "no_account";
  if (await deps.perAccount.hit(user.id)) return "limited";
  const email = user.email;
  await db.transaction((tx) => mailResetLink(tx, mailer, { ...user, email }, locale));
  return "sent";
}

/** Writes a reset link and its message to the account's address, in the caller's transaction. */
export async function mailResetLink(
  db: Queryable,
  mailer: Mailer,
  user: { id: string; username: string; email: string },
  locale: Locale,
): Promise<void> {
  const link = await issueAccountLink(db, mailer.publicUrl, {
    userId: user.id,
    purpose: "password_reset",
    email: user.email,
  });
  // The account's address even unconfirmed: using the link proves the mailbox.
  await mailer.toUser(
    db,
    user.id,
    { kind: "password_reset", username: user.username, link },
    { evenUnconfirmed: true, locale },
  );
}

/**
 * Uses a reset link: the new password, every session and every other unused link ended (decision
 * 0128), a new session for this browser, the address confirmed when it is still the one the link
 * went to, and the "password changed" notice. One transaction: a link that fails changes nothing.
 */
export async function resetPassword(
  deps: { db: Db; mailer: Mailer },
  token: string,
  password: string,
  origin: SessionOrigin,
  locale: Locale,
): Promise<{ user: UserRow; sessionToken: string }> {
  const { db, mailer } = deps;
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const link = await useAccountToken(tx, token, "password_reset");
    if (!link) throw new AppError("invalid_input", LINK_EXPIRED_MESSAGE, reasoned("link_expired"));
    const sameAddress = link.email ? sql`coalesce(lower(${users.email}) = lower(${link.email}), false)` : sql`false`;
    const [user] = await tx
      .update(users)
      .set({
        password: hash,
        passwordChangedAt: sql`now()`,
        emailVerified: sql`${users.emailVerified} or ${sameAddress}`,
      })
      .where(and(eq(users.id, link.userId), eq(users.isActive, true), isNull(users.deletedAt)))
      .returning();
    // Disabled or deleted since the link was sent: it does nothing (and stays unused, for nothing).
    if (!user) throw new AppError("invalid_input", LINK_EXPIRED_MESSAGE, reasoned("link_expired"));
    await endSessionsAndLinks(tx, user.id);
    const sessionToken = await createSession(tx, user.id, origin);
    await mailer.toUser(
      tx,
      user.id,
      {
        kind: "password_changed",
        username: user.username,
        when: new Date(),
        resetLink: forgotPasswordUrl(mailer.publicUrl),
      },
      { locale },
    );
    return { user, sessionToken };
  });
}
