/**
 * Delivers the admin notification outbox to Telegram (decision 0023): oldest first, one at a
 * time, with backoff retries. Rows are claimed by pushing nextAttemptAt ahead (FOR UPDATE SKIP
 * LOCKED), so several processes never send the same message. Wrong token or chat: the message
 * fails at once (retrying cannot help); not configured: it is skipped.
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { adminNotifications } from "../db/schema.js";
import { sendTelegramMessage, TelegramError } from "../integrations/telegram/client.js";
import type { SecretBox } from "../lib/secret-box.js";
import { readSettingsFromDatabase } from "../features/settings/service.js";
import { defineJob, dueNow, type JobDeps } from "./define-job.js";

export interface NotificationSenderOptions {
  /** Between scans when idle. */
  intervalMs: number;
  /** Waits before the 2nd, 3rd... attempt (the last one repeats); its length + 1 is the attempt limit. */
  retryScheduleMs: number[];
  /** How long a claim holds: longer than one Telegram call with its timeout. */
  leaseMs: number;
  batchSize: number;
  telegramBaseUrl: string;
  timeoutMs: number;
}

const DEFAULT_NOTIFICATION_OPTIONS: NotificationSenderOptions = {
  intervalMs: 2_000,
  retryScheduleMs: [5_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000],
  leaseMs: 60_000,
  batchSize: 20,
  telegramBaseUrl: "https://api.telegram.org",
  timeoutMs: 10_000,
};

export interface SendSummary {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

type Row = typeof adminNotifications.$inferSelect;

export class NotificationSender extends defineJob<
  JobDeps & { db: Db; secretBox: SecretBox },
  NotificationSenderOptions,
  Row
>({
  name: "notifications",
  failure: "notification scan failed",
  defaults: DEFAULT_NOTIFICATION_OPTIONS,
}) {
  /** A message the database's going away cut off: due again within seconds of its return (decision 0057). */
  protected override letGo(row: Row) {
    return this.deps.db
      .update(adminNotifications)
      .set({ nextAttemptAt: new Date() })
      .where(
        and(
          eq(adminNotifications.id, row.id),
          eq(adminNotifications.status, "pending"),
          eq(adminNotifications.nextAttemptAt, row.nextAttemptAt),
        ),
      );
  }

  /** Sends everything due now. Tests call this directly. */
  async runOnce(now = dueNow()): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    await this.stranded.letGoAll();
    for (;;) {
      const batch = await this.claim(now);
      if (batch.length === 0) return summary;
      const settings = await readSettingsFromDatabase(this.deps.db, this.deps.secretBox);
      const token = settings.telegramBotToken;
      const chatId = settings.telegramChatId;
      for (const row of batch) {
        try {
          if (!token || !chatId) await this.finish(row, "skipped", summary);
          else await this.deliver(row, token, chatId, summary);
        } catch (err) {
          if (!this.stranded.keep(row, err)) throw err;
        }
      }
      if (batch.length < this.opts.batchSize) return summary;
    }
  }

  private async deliver(row: Row, token: string, chatId: string, summary: SendSummary): Promise<void> {
    try {
      await sendTelegramMessage(this.opts.telegramBaseUrl, token, chatId, row.text, this.opts.timeoutMs);
      await this.finish(row, "sent", summary);
    } catch (err) {
      const error = err instanceof TelegramError ? err : new TelegramError("unavailable", "Telegram call failed");
      const attempts = row.attempts + 1;
      const retryable = error.kind === "unavailable" || error.kind === "rate_limited";
      const schedule = this.opts.retryScheduleMs;
      if (!retryable || attempts > schedule.length) {
        this.log.warn(
          { notificationId: row.id, kind: error.kind, attempts, error: error.message },
          "Telegram notification not delivered",
        );
        await this.finish(row, "failed", summary, attempts, error.message);
        return;
      }
      const waitMs = Math.max(
        schedule[Math.min(attempts - 1, schedule.length - 1)] ?? 60_000,
        (error.retryAfterSeconds ?? 0) * 1000,
      );
      await this.deps.db
        .update(adminNotifications)
        .set({ attempts, lastError: error.message, nextAttemptAt: new Date(Date.now() + waitMs) })
        .where(eq(adminNotifications.id, row.id));
      summary.retried++;
    }
  }

  private async finish(
    row: Row,
    status: "sent" | "failed" | "skipped",
    summary: SendSummary,
    attempts = row.attempts + 1,
    lastError?: string,
  ) {
    await this.deps.db
      .update(adminNotifications)
      .set({ status, attempts, lastError: lastError ?? null, sentAt: status === "sent" ? new Date() : null })
      .where(eq(adminNotifications.id, row.id));
    summary[status]++;
  }

  private async claim(now: Date): Promise<Row[]> {
    const due = this.deps.db
      .select({ id: adminNotifications.id })
      .from(adminNotifications)
      .where(and(eq(adminNotifications.status, "pending"), lte(adminNotifications.nextAttemptAt, now)))
      .orderBy(asc(adminNotifications.createdAt))
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    const rows = await this.deps.db
      .update(adminNotifications)
      .set({ nextAttemptAt: new Date(Date.now() + this.opts.leaseMs) })
      .where(inArray(adminNotifications.id, due))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}
