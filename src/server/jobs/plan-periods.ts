/**
 * A plan's periods as time passes (issue 69, decision 0152): grants each month of a yearly plan
 * that grants monthly as the month begins (grantDueMonths, once per month however many processes
 * run this), and makes the plan changes waiting for a period's end (a downgrade) at the provider.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect.js";
import { subscriptions } from "../db/schema.js";
import { grantDueMonths } from "../features/subscriptions/plan-grants.js";
import { defineJob, dueNow, type JobDeps } from "./define-job.js";

export interface PlanPeriodsDeps extends JobDeps {
  db: Db;
  /** The provider calls for what a period's end brings (Creem's downgrades, PayPal's ends). */
  applyDueChanges?: (now: Date, log: FastifyBaseLogger) => Promise<void>;
}

export class PlanPeriods extends defineJob<PlanPeriodsDeps, { intervalMs: number }>({
  name: "plan-periods",
  failure: "plan periods failed",
  defaults: { intervalMs: 10 * 60_000 },
}) {
  /** Returns the credits granted. */
  async runOnce(): Promise<number> {
    const now = dueNow();
    const yearly = await this.deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.interval, "year"),
          eq(subscriptions.yearlyGrant, "monthly"),
          sql`${subscriptions.status} in ('active', 'past_due')`,
        ),
      );
    let granted = 0;
    for (const { id } of yearly) {
      if (this.stopRequested) break;
      granted += await this.deps.db.transaction((tx) => grantDueMonths(tx, id, now));
    }
    await this.deps.applyDueChanges?.(now, this.log);
    return granted;
  }
}
