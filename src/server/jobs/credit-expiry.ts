/**
 * Takes out the credits of lots whose time is up (issue 69, decision 0150): each due lot in its
 * own transaction through the ledger's expireLot, which lets one caller through per lot, so
 * several processes may sweep at once and a lot still expires exactly once.
 */
import { and, asc, isNull, lte } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { creditLots } from "../db/schema.js";
import { expireLot } from "../features/credits/ledger.js";
import { defineJob, dueNow, type JobDeps } from "./define-job.js";

export interface CreditExpiryOptions {
  intervalMs: number;
  /** Lots read per batch. */
  batchSize: number;
}

export class CreditExpiry extends defineJob<JobDeps & { db: Db }, CreditExpiryOptions>({
  name: "credit-expiry",
  failure: "credit expiry failed",
  defaults: { intervalMs: 60_000, batchSize: 200 },
}) {
  /** Expires every due lot, a batch at a time; returns the credits taken out. */
  async runOnce(): Promise<number> {
    let taken = 0;
    for (;;) {
      const due = await this.deps.db
        .select({ id: creditLots.id })
        .from(creditLots)
        .where(and(isNull(creditLots.expiredAt), lte(creditLots.expiresAt, dueNow())))
        .orderBy(asc(creditLots.expiresAt))
        .limit(this.opts.batchSize);
      for (const { id } of due) taken += await this.deps.db.transaction((tx) => expireLot(tx, id));
      if (due.length < this.opts.batchSize || this.stopRequested) return taken;
    }
  }
}
