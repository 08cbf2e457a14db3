/**
 * Deletes Idempotency-Keys past their 24 hours (decision 0046; an expired key is free again even
 * before), and used passkey challenges past their few minutes (decision 0137).
 */
import { sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "../db/connect.js";
import { idempotencyKeys, usedPasskeyChallenges } from "../db/schema.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface IdempotencyKeySweepOptions {
  intervalMs: number;
  /** Keys deleted per statement. */
  batchSize: number;
}

export class IdempotencyKeySweep extends defineJob<JobDeps & { db: Db }, IdempotencyKeySweepOptions>({
  name: "idempotency-key-sweep",
  failure: "idempotency key sweep failed",
  defaults: { intervalMs: 60 * 60_000, batchSize: 1_000 },
}) {
  /** Deletes expired keys, then expired used challenges, in batches; returns how many went. */
  async runOnce(): Promise<number> {
    const keys = await this.sweep(idempotencyKeys, idempotencyKeys.expiresAt);
    if (this.stopRequested) return keys;
    return keys + (await this.sweep(usedPasskeyChallenges, usedPasskeyChallenges.expiresAt));
  }

  private async sweep(table: PgTable, expiresAt: AnyPgColumn): Promise<number> {
    const { batchSize } = this.opts;
    let deleted = 0;
    for (;;) {
      const gone = rowsOf(
        await this.deps.db.execute(sql`
          delete from ${table} where ctid in (select ctid from ${table} where ${expiresAt} < now() limit ${batchSize})
          returning 1`),
      );
      deleted += gone.length;
      if (gone.length < batchSize || this.stopRequested) return deleted;
    }
  }
}
