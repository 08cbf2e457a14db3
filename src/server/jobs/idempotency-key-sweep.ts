/** Deletes Idempotency-Keys past their 24 hours (decision 0046); an expired key is free again even before. */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf, type Db } from "../db/connect.js";
import { idempotencyKeys } from "../db/schema.js";
import { JobLoop } from "./job-loop.js";

const INTERVAL_MS = 60 * 60_000;
const BATCH = 1_000;

export class IdempotencyKeySweep {
  /** Its timer loop: its state is part of /healthz. */
  readonly loop: JobLoop;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new JobLoop(
      () => this.runOnce(),
      INTERVAL_MS,
      (err) => this.log.error({ err }, "idempotency key sweep failed"),
    );
  }

  start(): void {
    this.loop.start(0);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Deletes expired keys in batches; returns how many went. */
  async runOnce(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const gone = rowsOf(
        await this.db.execute(sql`
          delete from ${idempotencyKeys} where ctid in (select ctid from ${idempotencyKeys} where ${idempotencyKeys.expiresAt} < now() limit ${BATCH})
          returning 1`),
      );
      deleted += gone.length;
      if (gone.length < BATCH || this.loop.stopRequested) return deleted;
    }
  }
}
