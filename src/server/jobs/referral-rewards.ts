/**
 * Grants the referral rewards whose hold is over (issue 70, decision 0157): each due reward in its
 * own transaction through releaseReward, whose move from held to granted lets one caller through,
 * so several processes may sweep at once and a reward is still granted exactly once.
 */
import type { Db } from "../db/connect.js";
import { dueRewardIds, releaseReward } from "../features/referrals/rewards.js";
import { defineJob, dueNow, type JobDeps } from "./define-job.js";

export interface ReferralRewardsOptions {
  intervalMs: number;
  /** Rewards read per batch. */
  batchSize: number;
}

export class ReferralRewards extends defineJob<JobDeps & { db: Db }, ReferralRewardsOptions>({
  name: "referral-rewards",
  failure: "referral rewards failed",
  defaults: { intervalMs: 5 * 60_000, batchSize: 200 },
}) {
  /** Releases every due reward, a batch at a time; returns the credits granted. */
  async runOnce(): Promise<number> {
    let granted = 0;
    for (;;) {
      const now = dueNow();
      const due = await dueRewardIds(this.deps.db, now, this.opts.batchSize);
      for (const id of due) {
        const released = await releaseReward(this.deps.db, id, now);
        if (released.kind === "granted") granted += released.credits;
      }
      if (due.length < this.opts.batchSize || this.stopRequested) return granted;
    }
  }
}
