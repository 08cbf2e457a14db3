/**
 * Sends the mail outbox (decision 0085): oldest first, with backoff retries. Rows are claimed by
 * pushing nextAttemptAt ahead (FOR UPDATE SKIP LOCKED), so two processes never send one message at
 * once, and a message marked sent is never sent again. (A process that dies between the server's
 * acceptance and the mark leaves the claim to expire: that message goes twice. Mail has no way to
 * ask the server whether it took it.)
 *
 * With no mail server configured a due message is `kept`: it stays, rendered, in the local outbox
 * the admin reads on /admin/mail. A sent message keeps its headers but not its body, whose links
 * are secrets.
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { mailMessages } from "../db/schema.js";
import { chooseMailServer, type MailEnvironment } from "../features/mail/mail-server.js";
import { readSettingsFromDatabase } from "../features/settings/service.js";
import { sendSmtp, SmtpError, type SmtpServer } from "../integrations/mail/smtp.js";
import type { SecretBox } from "../lib/secret-box.js";
import { mailSent } from "../metrics/instruments.js";
import { defineJob, dueNow, type JobDeps } from "./define-job.js";

export interface MailSenderOptions {
  intervalMs: number;
  /** Waits before the 2nd, 3rd... attempt (the last one repeats); its length + 1 is the attempt limit. */
  retryScheduleMs: number[];
  /** How long a claim holds: longer than one SMTP exchange with its timeout. */
  leaseMs: number;
  batchSize: number;
  timeoutMs: number;
}

const DEFAULT_MAIL_OPTIONS: MailSenderOptions = {
  intervalMs: 2_000,
  // About a day in all: a mail server down for hours still gets the receipts and resets.
  retryScheduleMs: [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000, 12 * 60 * 60_000],
  leaseMs: 90_000,
  batchSize: 20,
  timeoutMs: 20_000,
};

export interface MailSendSummary {
  sent: number;
  retried: number;
  failed: number;
  kept: number;
}

type Row = typeof mailMessages.$inferSelect;

export class MailSender extends defineJob<
  JobDeps & { db: Db; secretBox: SecretBox; mailEnvironment: MailEnvironment },
  MailSenderOptions,
  Row
>({
  name: "mail",
  failure: "mail scan failed",
  defaults: DEFAULT_MAIL_OPTIONS,
}) {
  /** A message the database's going away cut off: due again within seconds of its return (decision 0057). */
  protected override letGo(row: Row) {
    return this.deps.db
      .update(mailMessages)
      .set({ nextAttemptAt: new Date() })
      .where(
        and(
          eq(mailMessages.id, row.id),
          eq(mailMessages.status, "pending"),
          eq(mailMessages.nextAttemptAt, row.nextAttemptAt),
        ),
      );
  }

  /** Sends (or keeps) everything due now. Tests call this directly. */
  async runOnce(now = dueNow()): Promise<MailSendSummary> {
    const summary: MailSendSummary = { sent: 0, retried: 0, failed: 0, kept: 0 };
    await this.stranded.letGoAll();
    for (;;) {
      const batch = await this.claim(now);
      if (batch.length === 0) return summary;
      const settings = await readSettingsFromDatabase(this.deps.db, this.deps.secretBox);
      const { server, from } = chooseMailServer(settings, this.deps.mailEnvironment);
      for (const row of batch) {
        try {
          if (server) await this.deliver(row, server, from, summary);
          else await this.finish(row, { status: "kept" }, summary);
        } catch (err) {
          if (!this.stranded.keep(row, err)) throw err;
        }
      }
      if (batch.length < this.opts.batchSize) return summary;
    }
  }

  private async deliver(row: Row, server: SmtpServer, from: string, summary: MailSendSummary): Promise<void> {
    try {
      await sendSmtp(
        server,
        {
          from,
          to: row.toAddress,
          subject: row.subject,
          html: row.html ?? "",
          text: row.textBody ?? "",
          headers: row.headers,
        },
        this.opts.timeoutMs,
      );
    } catch (err) {
      const error = err instanceof SmtpError ? err : new SmtpError(String(err), true);
      const attempts = row.attempts + 1;
      const schedule = this.opts.retryScheduleMs;
      if (!error.retryable || attempts > schedule.length) {
        this.log.warn({ mailId: row.id, kind: row.kind, attempts, error: error.message }, "mail not delivered");
        await this.finish(row, { status: "failed", lastError: error.message }, summary);
        return;
      }
      await this.deps.db
        .update(mailMessages)
        .set({
          attempts,
          lastError: error.message,
          nextAttemptAt: new Date(Date.now() + (schedule[Math.min(attempts - 1, schedule.length - 1)] ?? 60_000)),
        })
        .where(eq(mailMessages.id, row.id));
      summary.retried++;
      return;
    }
    await this.finish(row, { status: "sent" }, summary);
  }

  private async finish(
    row: Row,
    outcome: { status: "sent" | "failed" | "kept"; lastError?: string },
    summary: MailSendSummary,
  ): Promise<void> {
    const sent = outcome.status === "sent";
    await this.deps.db
      .update(mailMessages)
      .set({
        status: outcome.status,
        attempts: outcome.status === "kept" ? row.attempts : row.attempts + 1,
        lastError: outcome.lastError ?? null,
        sentAt: sent ? new Date() : null,
        // A delivered message's links (reset, confirm) are secrets: its body is not kept.
        ...(sent ? { html: null, textBody: null } : {}),
      })
      .where(and(eq(mailMessages.id, row.id), eq(mailMessages.status, "pending")));
    mailSent.inc({ kind: row.kind, outcome: outcome.status });
    summary[outcome.status]++;
  }

  private async claim(now: Date): Promise<Row[]> {
    const due = this.deps.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.status, "pending"), lte(mailMessages.nextAttemptAt, now)))
      .orderBy(asc(mailMessages.createdAt))
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    const rows = await this.deps.db
      .update(mailMessages)
      .set({ nextAttemptAt: new Date(Date.now() + this.opts.leaseMs) })
      .where(inArray(mailMessages.id, due))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}
