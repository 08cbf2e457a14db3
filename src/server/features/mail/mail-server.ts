/**
 * Which mail server sends, and from which address (decision 0085): the admin's settings when they
 * name a host, else SMTP_URL, else none: mail then stays in the local outbox (/admin/mail).
 */
import type { SmtpServer } from "../../integrations/mail/smtp.js";
import type { SmtpSecurity } from "../../../shared/schemas/mail-fields.js";
import { BRAND } from "../../../shared/brand.js";
import type { Settings } from "../settings/service.js";

export interface MailEnvironment {
  smtpUrl: string | undefined;
  from: string | undefined;
  publicUrl: string;
}

/** The environment's part of the choice, from the server's config. */
export const mailEnvironmentOf = (config: {
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string | undefined };
}): MailEnvironment => ({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, publicUrl: config.publicUrl });

export interface MailServerChoice {
  /** null: no server; mail is kept in the local outbox. */
  server: SmtpServer | null;
  /** Where the server came from, for the admin's settings page. */
  source: "settings" | "environment" | "none";
  from: string;
}

export function chooseMailServer(settings: Settings, env: MailEnvironment): MailServerChoice {
  const host = new URL(env.publicUrl).hostname;
  const from =
    settings.mailFrom ?? env.from ?? `${BRAND} <no-reply@${host.includes(".") ? host : `${host}.localdomain`}>`;
  if (settings.smtpHost)
    return {
      server: {
        host: settings.smtpHost,
        port: settings.smtpPort,
        security: settings.smtpSecurity as SmtpSecurity,
        user: settings.smtpUser,
        password: settings.smtpPassword,
      },
      source: "settings",
      from,
    };
  if (env.smtpUrl) return { server: { url: env.smtpUrl }, source: "environment", from };
  return { server: null, source: "none", from };
}
