/**
 * Confirming an account's address (decision 0088): a link sent to the address at registration (or
 * again on request) sets emailVerified, only while the account still has that address. Opening it
 * signs nobody in or out: it may be opened in a browser signed in as someone else.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import type { Locale } from "../../../shared/i18n.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Mailer } from "../mail/outbox.js";
import { issueAccountLink, useAccountToken } from "./account-tokens.js";
import { LINK_EXPIRED_MESSAGE } from "./password-reset.js";
import { findUserById } from "./users.js";

/** Writes a confirmation link for `email` and its message to that address, in the caller's transaction. */
export async function sendVerificationLink(
  db: Queryable,
  mailer: Mailer,
  user: { id: string; username: string },
  email: string,
  locale: Locale,
): Promise<void> {
  const link = await issueAccountLink(db, mailer.publicUrl, { userId: user.id, purpose: "verify_email", email });
  await mailer.toAddress(
    db,
    { address: email, locale, userId: user.id },
    { kind: "verify_email", username: user.username, link, email },
  );
}

/**
 * Uses a confirmation link; answers whose address it confirmed. `confirmed` runs in the same
 * transaction once it is (the welcome grant, decision 0155).
 */
export async function verifyEmail(
  db: Db,
  token: string,
  confirmed?: (tx: Tx, user: { id: string; email: string }) => Promise<void>,
): Promise<{ username: string; email: string }> {
  return db.transaction(async (tx) => {
    const link = await useAccountToken(tx, token, "verify_email");
    if (!link?.email) throw new AppError("invalid_input", LINK_EXPIRED_MESSAGE, reasoned("link_expired"));
    const [user] = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, link.userId), isNull(users.deletedAt), sql`lower(${users.email}) = lower(${link.email})`))
      .returning({ id: users.id, username: users.username, email: users.email });
    if (!user?.email)
      throw new AppError(
        "invalid_input",
        "This link confirms an address the account no longer uses.",
        reasoned("link_address_changed"),
      );
    await confirmed?.(tx, { id: user.id, email: user.email });
    return { username: user.username, email: user.email };
  });
}

/** "Send the link again": a new link to the signed-in account's unconfirmed address (older ones keep working). */
export async function resendVerification(db: Db, mailer: Mailer, userId: string, locale: Locale): Promise<string> {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user?.email)
      throw new AppError(
        "conflict",
        "This account has no e-mail address. Add one on My Account.",
        reasoned("no_email"),
      );
    if (user.emailVerified)
      throw new AppError("conflict", "This e-mail address is already confirmed.", reasoned("email_already_verified"));
    await sendVerificationLink(tx, mailer, user, user.email, locale);
    return user.email;
  });
}
