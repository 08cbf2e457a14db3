/**
 * The admin's mail (decision 0085), under /api/admin: the mail server card (settings and a test
 * message sent at once, so the admin sees the server's answer), and the Mail page (the outbox).
 */
import type { FastifyInstance } from "fastify";
import { adminMailApi } from "../../../shared/api/admin-mail.js";
import type { ContactConfig } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { mailMessages } from "../../db/schema.js";
import { AppError, conflict, notFound } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { requireAdmin } from "../../http/session-auth.js";
import { sendSmtp, SmtpError } from "../../integrations/mail/smtp.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import { readSettingsFromDatabase, toAdminView, updateSettingsAudited } from "../settings/service.js";
import { mailMessage, mailPage, mailStatus, retryMail } from "./admin-service.js";
import { chooseMailServer, mailEnvironmentOf } from "./mail-server.js";
import { renderMail } from "./render.js";

const TEST_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };

export async function adminMailRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    secretBox: SecretBox;
    rateLimitStore: RateLimitStore;
    config: {
      contact: ContactConfig;
      publicUrl: string;
      mail: { smtpUrl: string | undefined; from: string | undefined };
    };
  },
): Promise<void> {
  const { db, secretBox, config } = opts;
  const env = mailEnvironmentOf(config);
  const testLimiter = new RateLimiter("mail-test", TEST_RATE_LIMIT, opts.rateLimitStore);

  serve(app, adminMailApi.setServer, STEP_UP, async (request) => {
    await updateSettingsAudited(db, secretBox, request.body, auditActor(request), "mail.update");
    return {
      message: "Mail settings updated",
      settings: toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
    };
  });

  serve(app, adminMailApi.status, {}, async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return mailStatus(db, await readSettingsFromDatabase(db, secretBox), env);
  });

  serve(app, adminMailApi.test, {}, async (request) => {
    const admin = requireAdmin(request);
    const wait = await testLimiter.hit(admin.id);
    if (wait > 0) throw tooManyRequests(wait, "test messages");
    const { to } = request.body;
    const locale = isLocale(admin.language) ? admin.language : DEFAULT_LOCALE;
    const rendered = await renderMail({ kind: "test" }, { locale, publicUrl: config.publicUrl });
    const { server, from } = chooseMailServer(await readSettingsFromDatabase(db, secretBox), env);
    const row = { userId: admin.id, toAddress: to, kind: "test", locale, subject: rendered.subject };
    if (!server) {
      await db.insert(mailMessages).values({ ...row, html: rendered.html, textBody: rendered.text, status: "kept" });
      return { message: "No mail server is set: the message is in the local outbox", outcome: "kept" as const };
    }
    try {
      await sendSmtp(server, {
        from,
        to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: {},
      });
    } catch (err) {
      const reason = err instanceof SmtpError ? err.message : "the mail server could not be reached";
      request.log.warn({ err }, "mail test failed");
      await db.insert(mailMessages).values({
        ...row,
        html: rendered.html,
        textBody: rendered.text,
        status: "failed",
        attempts: 1,
        lastError: reason,
      });
      throw new AppError("upstream_error", `The mail server did not take the message: ${reason}`);
    }
    await db.insert(mailMessages).values({ ...row, status: "sent", attempts: 1, sentAt: new Date() });
    await recordAudit(db, auditActor(request), { action: "mail.test", targetType: "settings", details: { to } });
    return { message: `Test message sent to ${to}`, outcome: "sent" as const };
  });

  serve(app, adminMailApi.list, {}, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return mailPage(db, request.query);
  });

  // A kept message may hold someone's sign-in link: reading one asks for a recent second factor (0129).
  serve(app, adminMailApi.get, STEP_UP, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    const message = await mailMessage(db, request.params.id);
    if (!message) throw notFound("No such message");
    return message;
  });

  serve(app, adminMailApi.retry, {}, async (request) => {
    const outcome = await retryMail(db, request.params.id);
    if (outcome === "missing") throw notFound("No such message");
    if (outcome === "not_failed") throw conflict("Only a message that failed can be sent again");
    return { message: "The message will be sent again" };
  });
}
