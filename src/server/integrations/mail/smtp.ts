/**
 * Sends one message over SMTP with nodemailer (decision 0085). The server's answer decides what
 * happens next: a 4xx or a connection that failed may work later (retryable); a 5xx refusal
 * (bad address, refused sender, failed login) will not.
 */
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { SmtpSecurity } from "../../../shared/schemas/mail-fields.js";

/** Where to send: SMTP_URL as given, or the admin's fields. */
export type SmtpServer =
  | { url: string }
  | { host: string; port: number | null; security: SmtpSecurity; user: string | null; password: string | null };

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export class SmtpError extends Error {
  override name = "SmtpError";
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const DEFAULT_PORT: Record<SmtpSecurity, number> = { starttls: 587, tls: 465, none: 25 };

function transportOptions(server: SmtpServer, timeoutMs: number): SMTPTransport.Options {
  const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
  if ("url" in server) {
    const url = new URL(server.url);
    return {
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
      secure: url.protocol === "smtps:",
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      ...timeouts,
    };
  }
  return {
    host: server.host,
    port: server.port ?? DEFAULT_PORT[server.security],
    secure: server.security === "tls",
    requireTLS: server.security === "starttls",
    ignoreTLS: server.security === "none",
    auth: server.user ? { user: server.user, pass: server.password ?? "" } : undefined,
    ...timeouts,
  };
}

/** nodemailer's error, as retryable or not. */
function classify(err: unknown): SmtpError {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const message = (e.message ?? String(err)).slice(0, 500);
  if (typeof e.responseCode === "number") return new SmtpError(message, e.responseCode < 500);
  // EAUTH: the login was refused; EENVELOPE: an address was refused; neither mends itself.
  return new SmtpError(message, e.code !== "EAUTH" && e.code !== "EENVELOPE");
}

export async function sendSmtp(server: SmtpServer, mail: OutgoingMail, timeoutMs = 20_000): Promise<void> {
  const transport = nodemailer.createTransport(transportOptions(server, timeoutMs));
  try {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    });
  } catch (err) {
    throw classify(err);
  } finally {
    transport.close();
  }
}
