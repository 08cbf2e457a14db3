/**
 * "Send password-reset link" on the admin's page of a user (decision 0146): a reset link written
 * and mailed as the person's own request would be (auth/password-reset.ts), to the account's own
 * address, in the transaction of its audit entry. The link never reaches the admin.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { tooManyRequests, type RateLimiter } from "../../http/rate-limit.js";
import { reasoned, type ErrorReason } from "../../../shared/error-reasons.js";
import { DEFAULT_LOCALE } from "../../../shared/i18n.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { mailResetLink } from "../auth/password-reset.js";
import type { Mailer } from "../mail/outbox.js";

export interface ResetLinkLimits {
  /** One a minute per account: a second click, or a second admin, sends nothing more. */
  perMinute: RateLimiter;
  /** The account's reset links, the person's own requests included (resetLinksPerAccountLimiter). */
  perAccount: RateLimiter;
}

const refused = (message: string, reason: ErrorReason) => new AppError("conflict", message, reasoned(reason));

/** Sends the link; resolves to the address it went to. */
export async function sendPasswordResetLink(
  db: Db,
  mailer: Mailer,
  limits: ResetLinkLimits,
  actor: AuditActor,
  userId: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        isActive: users.isActive,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw notFound("User not found");
    if (user.deletedAt)
      throw refused("This account was deleted by its owner: no reset link is sent.", "account_deleted");
    // A reset link does nothing for a disabled account (resetPassword): enabling it comes first.
    if (!user.isActive)
      throw refused("This account is disabled: a reset link would not let them in. Enable it first.", "account_closed");
    if (!user.email)
      throw refused(
        "This account has no e-mail address, so a reset link has nowhere to go. Its owner can add one on My Account.",
        "no_email",
      );
    // Counted only for a link that goes: refusals above cost nothing.
    for (const limiter of [limits.perMinute, limits.perAccount]) {
      const wait = await limiter.hit(user.id);
      if (wait) throw tooManyRequests(wait, "reset links for this account");
    }
    const email = user.email;
    // The person's own language when they chose one (the mailer's rule), else the site's default.
    await mailResetLink(tx, mailer, { ...user, email }, DEFAULT_LOCALE);
    await recordAudit(tx, actor, {
      action: "mail.new_link",
      targetType: "user",
      targetId: user.id,
      targetLabel: user.username,
      details: { kind: "password_reset", from: "user_page" },
    });
    return email;
  });
}
