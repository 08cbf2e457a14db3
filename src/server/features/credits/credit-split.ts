/**
 * A balance and which of its credits expire when (issue 69, decision 0151), read from the lots the
 * database keeps (decision 0150): the unexpired lots with credits left and an expiry, summed by
 * the UTC day they expire, soonest days first. Lots whose time is up but that the credit-expiry
 * job has not taken out yet are still in the balance, so they are still listed (as expiring then).
 */
import { sql, type SQL } from "drizzle-orm";
import { EXPIRING_DAYS_MAX, type CreditSplit, type ExpiringCredits } from "../../../shared/schemas/credit-split.js";
import { rowsOf, type Queryable } from "../../db/connect.js";

/**
 * The split of `userId`'s balance as JSON text (`[{credits, welcome, expiresAt}]`, expiresAt as
 * toISOString() writes it): a scalar subquery, for a statement that reads the balance beside it
 * (one snapshot). credit_lots_spendable_idx answers it.
 */
export function expiringCreditsJson(userId: string | SQL): SQL {
  return sql`(
    select coalesce(json_agg(json_build_object(
      'credits', d.credits, 'welcome', d.welcome,
      'expiresAt', to_char(d.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by d.expires_at), '[]'::json)::text
    from (
      select sum(l.remaining)::int as credits, min(l.expires_at) as expires_at,
        coalesce(sum(l.remaining) filter (where l.kind = 'welcome'), 0)::int as welcome
      from credit_lots as l
      where l.user_id = ${userId} and l.remaining > 0 and l.expired_at is null and l.expires_at is not null
      group by (l.expires_at at time zone 'UTC')::date
      order by min(l.expires_at)
      limit ${EXPIRING_DAYS_MAX}
    ) as d)`;
}

/** expiringCreditsJson's text as the contracts carry it (null, from a missing user: none). */
export function parseExpiringCredits(json: string | null | undefined): ExpiringCredits {
  if (!json) return [];
  const days = JSON.parse(json) as { credits: number; welcome?: number; expiresAt: string }[];
  return days.map((d) => ({
    credits: Number(d.credits),
    expiresAt: d.expiresAt,
    // Welcome credits among them (issue 70): what the generator says may be marked (decision 0155).
    ...(Number(d.welcome ?? 0) > 0 ? { welcome: Number(d.welcome) } : {}),
  }));
}

/** The balance of `userId` (users.credits, the number every page shows) and its split, in one statement. */
export async function creditSplit(db: Queryable, userId: string): Promise<CreditSplit> {
  const res = await db.execute(sql`
    select u.credits, ${expiringCreditsJson(sql`u.id`)} as expiring
    from users as u where u.id = ${userId}`);
  const row = rowsOf<{ credits: number | string; expiring: string | null }>(res)[0];
  if (!row) return { credits: 0, expiring: [] };
  return { credits: Number(row.credits), expiring: parseExpiringCredits(row.expiring) };
}
