/**
 * Writes mail into the outbox (decision 0085), in the caller's transaction: a message and what
 * caused it are written together or not at all; the mail sender (jobs/mail-sender.ts) sends it.
 *
 * Who gets what (decision 0086): a reset link goes to the account's address, confirmed or not (using
 * it proves the mailbox); a confirmation link goes to the address it confirms; everything else goes
 * only to a confirmed address, and a notice only while its person has not turned it off.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { mailMessages, users } from "../../db/schema.js";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/i18n.js";
import { isOptionalMailKind, NOTICE_COLUMN } from "./kinds.js";
import type { MailMessage } from "./messages.js";
import { renderMail } from "./render.js";
import { unsubscribeQuery } from "./unsubscribe.js";

export interface MailerOptions {
  /** PUBLIC_URL: links in messages point there. */
  publicUrl: string;
  /** The unsubscribe links' key (unsubscribe.ts). */
  unsubscribeKey: string;
  /** Called after a message is written (the sender runs now rather than at its next tick). */
  onQueued?: () => void;
}

export interface Recipient {
  address: string;
  locale: Locale;
  userId: string | null;
}

export class Mailer {
  constructor(private readonly opts: MailerOptions) {}

  get publicUrl(): string {
    return this.opts.publicUrl;
  }

  /** To an address given by the caller (a confirmation link to the address it confirms). */
  async toAddress(db: Queryable, to: Recipient, message: MailMessage): Promise<void> {
    const rendered = await renderMail(message, { locale: to.locale, publicUrl: this.opts.publicUrl });
    await db.insert(mailMessages).values({
      userId: to.userId,
      toAddress: to.address,
      kind: message.kind,
      locale: to.locale,
      subject: rendered.subject,
      html: rendered.html,
      textBody: rendered.text,
    });
    this.opts.onQueued?.();
  }

  /**
   * To the account's own address, under the rules above. `locale`: the language of the request
   * that caused it, used when the person never chose one. Whether a message was written.
   */
  async toUser(
    db: Queryable,
    userId: string,
    message: MailMessage,
    options: { locale?: Locale; evenUnconfirmed?: boolean } = {},
  ): Promise<boolean> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user?.email || user.deletedAt) return false;
    if (!user.emailVerified && !options.evenUnconfirmed) return false;
    const optional = isOptionalMailKind(message.kind) ? message.kind : null;
    if (optional && !user[NOTICE_COLUMN[optional]]) return false;
    const locale = isLocale(user.language) ? user.language : (options.locale ?? DEFAULT_LOCALE);
    const query = optional ? unsubscribeQuery(this.opts.unsubscribeKey, userId, optional) : null;
    const rendered = await renderMail(message, {
      locale,
      publicUrl: this.opts.publicUrl,
      unsubscribeUrl: query ? `${this.opts.publicUrl}/unsubscribe?${query}` : undefined,
    });
    await db.insert(mailMessages).values({
      userId,
      toAddress: user.email,
      kind: message.kind,
      locale,
      subject: rendered.subject,
      html: rendered.html,
      textBody: rendered.text,
      // RFC 8058: mail clients offer "Unsubscribe" and POST to this address, without a sign-in.
      headers: query
        ? {
            "List-Unsubscribe": `<${this.opts.publicUrl}/api/mail/unsubscribe?${query}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {},
    });
    this.opts.onQueued?.();
    return true;
  }
}
