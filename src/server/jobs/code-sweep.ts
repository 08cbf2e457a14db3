/**
 * Codes' housekeeping (decision 0156), every hour: wrong-code rows that no guessing limit counts
 * any more (older than two days) are deleted. Discounts held for unpaid checkouts are given back by
 * the discount reservation sweep.
 */
import type { Db } from "../db/connect.js";
import { sweepGuessFailures } from "../features/codes/guess-limits.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface CodeSweepOptions {
  intervalMs: number;
}

export class CodeSweep extends defineJob<JobDeps & { db: Db }, CodeSweepOptions>({
  name: "code-sweep",
  failure: "code sweep failed",
  defaults: { intervalMs: 60 * 60_000 },
}) {
  /** Returns how many failure rows it deleted. */
  async runOnce(): Promise<number> {
    return sweepGuessFailures(this.deps.db);
  }
}
