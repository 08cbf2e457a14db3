/**
 * The plans on the admin overview (issue 69): live plans now, those past due, those that ended
 * this calendar month (UTC), the monthly recurring revenue (a yearly plan counts a twelfth of its
 * price) and the churn of the last 30 days: plans ended in it over plans live at its start.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Queryable } from "../../db/connect.js";
import type { z } from "zod";
import type { planStatsSchema } from "../../../shared/schemas/plans.js";

type PlanStats = z.infer<typeof planStatsSchema>;

export async function planStats(db: Queryable, now: Date): Promise<PlanStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const windowStart = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  // A plan "was live" from its first period (current_period_start is set by its first payment).
  const res = await db.execute(sql`
    select
      count(*) filter (where status = 'active')::integer as active,
      count(*) filter (where status = 'past_due')::integer as past_due,
      count(*) filter (where status = 'ended' and current_period_start is not null and ended_at >= ${monthStart}::timestamptz)::integer as ended_this_month,
      coalesce(sum(case when interval = 'year' then price / 12 else price end)
        filter (where status in ('active', 'past_due')), 0)::numeric(12, 2)::text as mrr,
      count(*) filter (where status = 'ended' and current_period_start is not null
        and ended_at >= ${windowStart}::timestamptz and created_at < ${windowStart}::timestamptz)::integer as churned,
      count(*) filter (where current_period_start is not null and created_at < ${windowStart}::timestamptz
        and (status <> 'ended' or ended_at >= ${windowStart}::timestamptz))::integer as live_at_start
    from subscriptions where status <> 'pending'`);
  const r = rowsOf<{
    active: number;
    past_due: number;
    ended_this_month: number;
    mrr: string;
    churned: number;
    live_at_start: number;
  }>(res)[0]!;
  return {
    active: Number(r.active),
    pastDue: Number(r.past_due),
    cancelledThisMonth: Number(r.ended_this_month),
    mrr: Number(r.mrr).toFixed(2),
    churn: Number(r.live_at_start) > 0 ? Number(r.churned) / Number(r.live_at_start) : null,
  };
}
