/**
 * Deletes Idempotency-Keys past their 24 hours (decision 0046; an expired key is free again even
 * before), used passkey challenges past their few minutes (decision 0137), and OAuth's expired
 * codes, refresh tokens and access tokens (decision 0169; each is refused once expired anyway),
 * and registered OAuth clients nobody connected within a week.
 */
import { sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "../db/connect.js";
import {
  apiTokens,
  idempotencyKeys,
  oauthClients,
  oauthCodes,
  oauthRefreshTokens,
  usedPasskeyChallenges,
} from "../db/schema.js";
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
  /** Deletes expired keys, challenges and OAuth rows, table by table in batches; returns how many went. */
  async runOnce(): Promise<number> {
    let deleted = 0;
    for (const [table, expiresAt] of [
      [idempotencyKeys, idempotencyKeys.expiresAt],
      [usedPasskeyChallenges, usedPasskeyChallenges.expiresAt],
      [oauthCodes, oauthCodes.expiresAt],
      [oauthRefreshTokens, oauthRefreshTokens.expiresAt],
      // Only OAuth access tokens have an end; the /api page's tokens (null) are never touched.
      [apiTokens, apiTokens.expiresAt],
    ] as const) {
      deleted += await this.sweep(table, expiresAt);
      if (this.stopRequested) return deleted;
    }
    return deleted + (await this.sweepUnusedClients());
  }

  /** Registered clients a week old that no one connected: DCR is open to anyone, so its rows must not pile up. */
  private async sweepUnusedClients(): Promise<number> {
    const gone = rowsOf(
      await this.deps.db.execute(sql`
        delete from ${oauthClients} c where c.kind = 'registered' and c.created_at < now() - interval '7 days'
          and not exists (select 1 from oauth_grants g where g.client_id = c.client_id)
        returning 1`),
    );
    return gone.length;
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
