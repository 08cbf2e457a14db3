/**
 * "Send a new link" on a reset or confirmation message in the outbox (decision 0130). The outbox
 * hides every link's secret, so an admin helps a person by having a new link sent to the
 * account's own address, never by handing one over. Disabled and deleted accounts get none.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { adminMailApi } from "../../../shared/api/admin-mail.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n.js";
import type { Db } from "../../db/connect.js";
import { mailMessages } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import { isNewLinkKind } from "../mail/kinds.js";
import { chooseMailServer, mailEnvironmentOf } from "../mail/mail-server.js";
import type { Mailer } from "../mail/outbox.js";
import { readSettingsFromDatabase } from "../settings/service.js";
import { sendVerificationLink } from "./email-verification.js";
import { mailResetLink } from "./password-reset.js";
import { findUserById } from "./users.js";

const refused = (message: string, reason: Parameters<typeof reasoned>[0]) =>
  new AppError("conflict", message, reasoned(reason));

export async function adminNewLinkRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    mailer: Mailer;
    secretBox: SecretBox;
    config: { publicUrl: string; mail: { smtpUrl: string | undefined; from: string | undefined } };
  },
): Promise<void> {
  const { db, mailer, secretBox, config } = opts;
  const env = mailEnvironmentOf(config);

  // Reveals nothing and mints nothing: a link goes to the account's own address (0129's allow-list).
  serve(app, adminMailApi.newLink, {}, async (request) => {
    const actor = auditActor(request);
    const [message] = await db
      .select({ userId: mailMessages.userId, kind: mailMessages.kind, locale: mailMessages.locale })
      .from(mailMessages)
      .where(eq(mailMessages.id, request.params.id));
    if (!message) throw notFound("No such message");
    const { userId, kind } = message;
    if (!userId || !isNewLinkKind(kind))
      throw refused(
        "Only a password reset or an address confirmation can be sent as a new link; a new address is asked for again on My Account.",
        "new_link_not_offered",
      );
    const locale = isLocale(message.locale) ? message.locale : DEFAULT_LOCALE;
    const to = await db.transaction(async (tx) => {
      const user = await findUserById(tx, userId);
      if (!user || user.deletedAt || !user.isActive)
        throw refused("This account is disabled or deleted: no new link is sent.", "account_closed");
      if (!user.email) throw refused("This account has no e-mail address. Add one on My Account.", "no_email");
      const email = user.email;
      if (kind === "password_reset") await mailResetLink(tx, mailer, { ...user, email }, locale);
      else if (user.emailVerified) throw refused("This e-mail address is already confirmed.", "email_already_verified");
      else await sendVerificationLink(tx, mailer, user, email, locale);
      await recordAudit(tx, actor, {
        action: "mail.new_link",
        targetType: "user",
        targetId: user.id,
        targetLabel: user.username,
        details: { kind },
      });
      return email;
    });
    const settings = await readSettingsFromDatabase(db, secretBox);
    if (chooseMailServer(settings, env).server === null)
      return {
        outcome: "kept" as const,
        message:
          "No mail server is set: the new link waits in the outbox, hidden too. Set a mail server so it reaches the person.",
      };
    return { outcome: "queued" as const, message: `A new link is on its way to ${to}` };
  });
}
