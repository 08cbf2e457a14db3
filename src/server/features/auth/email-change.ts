/**
 * Changing (or setting) one's address (decision 0088): nothing changes until the new address opens
 * the link sent to it; the old address, when confirmed, is told when the change is asked for (with
 * a link that cancels it: decision 0128) and when it is made.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { isUniqueViolation, type Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { AppError, unauthorized } from "../../http/errors.js";
import { isLocale, type Locale } from "../../../shared/i18n.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { CHANGE_PASSWORD_MESSAGES } from "../../../shared/schemas/auth.js";
import type { Mailer } from "../mail/outbox.js";
import { endAccountLinks, endSessionsAndLinks } from "../../identity/ways-in.js";
import { issueAccountLink, useAccountToken } from "./account-tokens.js";
import { LINK_EXPIRED_MESSAGE } from "./password-reset.js";
import { requireRecentSignIn } from "./recent-sign-in.js";
import { NO_PASSWORD } from "./service.js";
import { verifyPassword } from "./passwords.js";
import { findUserById, type UserRow } from "./users.js";

const EMAIL_TAKEN = "An account with this email already exists.";

/** Mail to an address the account does not hold (yet, or any more) in the person's language. */
const languageOf = (user: UserRow, fallback: Locale): Locale => (isLocale(user.language) ? user.language : fallback);

/**
 * Sends the link to the new address (ending any earlier request's links: only the latest address
 * asked for can take effect) and tells the old address when it is confirmed, with a link of its
 * own that cancels the change. The password is asked
 * for unless the account has none yet (made by Google sign-in): then a recent Google sign-in is the
 * proof (recent-sign-in.ts). An address another account holds is refused and nothing is sent.
 */
export async function requestEmailChange(
  db: Db,
  mailer: Mailer,
  userId: string,
  input: { email: string; currentPassword: string },
  locale: Locale,
  sessionToken: string | undefined,
): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (user.password === NO_PASSWORD) await requireRecentSignIn(db, sessionToken);
  else {
    if (!input.currentPassword)
      throw new AppError("invalid_input", CHANGE_PASSWORD_MESSAGES.required, reasoned("fields_required"));
    if (!(await verifyPassword(user.password, input.currentPassword)))
      throw new AppError("invalid_input", CHANGE_PASSWORD_MESSAGES.wrongCurrent, reasoned("wrong_current_password"));
  }
  const email = input.email;
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (holder?.id === user.id)
    throw new AppError("conflict", "This is already your e-mail address.", reasoned("email_unchanged"));
  if (holder) throw new AppError("conflict", EMAIL_TAKEN, reasoned("email_taken"));

  await db.transaction(async (tx) => {
    await endAccountLinks(tx, user.id, ["change_email", "cancel_email_change"]);
    const link = await issueAccountLink(tx, mailer.publicUrl, { userId: user.id, purpose: "change_email", email });
    await mailer.toAddress(
      tx,
      { address: email, locale: languageOf(user, locale), userId: user.id },
      { kind: "email_change_confirm", username: user.username, link, email },
    );
    // Only to a confirmed old address (toUser's rule): an unconfirmed one may be anybody's.
    if (user.email && user.emailVerified) {
      const cancelLink = await issueAccountLink(tx, mailer.publicUrl, {
        userId: user.id,
        purpose: "cancel_email_change",
        email: user.email,
      });
      await mailer.toUser(
        tx,
        user.id,
        { kind: "email_changed", username: user.username, newEmail: email, pending: true, cancelLink },
        { locale },
      );
    }
  });
  return email;
}

/**
 * Uses a change link: the account takes the address the link went to, confirmed, in one
 * conditional update (an address taken meanwhile: 409, nothing changes). Every other session (but
 * this browser's, `sessionToken`) and every other link end: those sent to the old address, the
 * cancel link among them (decision 0128). The old address, when it was confirmed, is told.
 */
export async function confirmEmailChange(
  db: Db,
  mailer: Mailer,
  token: string,
  locale: Locale,
  sessionToken: string | undefined,
): Promise<{ username: string; email: string }> {
  return db.transaction(async (tx) => {
    const link = await useAccountToken(tx, token, "change_email");
    const before = link?.email ? await findUserById(tx, link.userId) : undefined;
    if (!link?.email || !before || before.deletedAt)
      throw new AppError("invalid_input", LINK_EXPIRED_MESSAGE, reasoned("link_expired"));
    const email = link.email;
    const [after] = await tx
      .update(users)
      .set({ email, emailVerified: true })
      .where(and(eq(users.id, before.id), isNull(users.deletedAt)))
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err, "users_email_lower_key"))
          throw new AppError("conflict", EMAIL_TAKEN, reasoned("email_taken"));
        throw err;
      });
    if (!after) throw new AppError("invalid_input", LINK_EXPIRED_MESSAGE, reasoned("link_expired"));
    await endSessionsAndLinks(tx, before.id, sessionToken);
    const old = before.email;
    if (old && before.emailVerified && old.toLowerCase() !== email.toLowerCase())
      await mailer.toAddress(
        tx,
        { address: old, locale: languageOf(before, locale), userId: before.id },
        { kind: "email_changed", username: before.username, newEmail: email, pending: false },
      );
    return { username: after.username, email };
  });
}

/**
 * The old address's "this was not me" (decision 0128): uses the cancel link sent with the notice
 * of a change asked for, and ends what an intruder could hold: the pending change's link, every
 * other link, and every session. The password stays: the person is told to change it.
 */
export async function cancelEmailChange(db: Db, token: string): Promise<{ username: string }> {
  return db.transaction(async (tx) => {
    const link = await useAccountToken(tx, token, "cancel_email_change");
    const user = link ? await findUserById(tx, link.userId) : undefined;
    if (!user) throw new AppError("invalid_input", LINK_EXPIRED_MESSAGE, reasoned("link_expired"));
    await endSessionsAndLinks(tx, user.id);
    return { username: user.username };
  });
}
