/**
 * The password reset requests the route queued (decision 0132), handled a few seconds later and
 * apart from the request: the account looked up, and for an active account with an address a
 * link and its message written (features/auth/password-reset.ts). One request a transaction: its
 * row goes with what it caused, and two processes never take the same one.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/connect.js";
import { passwordResetRequests } from "../db/schema.js";
import { requestPasswordReset, type ResetRequestOutcome } from "../features/auth/password-reset.js";
import type { Mailer } from "../features/mail/outbox.js";
import type { RateLimiter } from "../http/rate-limit.js";
import { DEFAULT_LOCALE, isLocale } from "../../shared/i18n.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface PasswordResetRequestsOptions {
  intervalMs: number;
  /** Requests handled per run at most (the rest wait for the next). */
  batchSize: number;
}

export class PasswordResetRequests extends defineJob<
  JobDeps & { db: Db; mailer: Mailer; passwordResetPerAccount: RateLimiter },
  PasswordResetRequestsOptions
>({
  name: "password-reset-requests",
  failure: "password reset requests failed",
  defaults: { intervalMs: 3_000, batchSize: 100 },
}) {
  /** Handles the waiting requests, oldest first; returns what each came to. */
  async runOnce(): Promise<ResetRequestOutcome[]> {
    const outcomes: ResetRequestOutcome[] = [];
    while (outcomes.length < this.opts.batchSize && !this.stopRequested) {
      const outcome = await this.handleOne();
      if (!outcome) break;
      outcomes.push(outcome);
    }
    return outcomes;
  }

  private async handleOne(): Promise<ResetRequestOutcome | undefined> {
    const { db, mailer, passwordResetPerAccount } = this.deps;
    return db.transaction(async (tx) => {
      const [row] = rowsOf<{ login: string; locale: string }>(
        await tx.execute(sql`
          delete from ${passwordResetRequests}
          where ${passwordResetRequests.id} = (
            select ${passwordResetRequests.id} from ${passwordResetRequests}
            order by ${passwordResetRequests.createdAt} limit 1 for update skip locked)
          returning ${passwordResetRequests.login}, ${passwordResetRequests.locale}`),
      );
      if (!row) return undefined;
      const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
      const outcome = await requestPasswordReset(
        { db: tx, mailer, perAccount: passwordResetPerAccount },
        row.login,
        locale,
      );
      this.log.info({ passwordReset: outcome }, "password reset request handled");
      return outcome;
    });
  }
}
