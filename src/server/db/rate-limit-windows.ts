/**
 * The rate-limit counters in PostgreSQL (`rate_limit_windows`), on the database's clock, so every
 * process on one database counts together (http/rate-limit.ts, decisions 0004 and 0027).
 */
import { sql } from "drizzle-orm";
import type { RateLimitStore, RateWindow } from "../http/rate-limit.js";
import { rowsOf, type Db } from "./connect.js";

/** Expired windows are deleted now and then, by whichever hit draws the short straw. */
const SWEEP_ONE_IN = 500;

/** Counters in `rate_limit_windows`, on the database's clock: one limit for all processes. */
export class PostgresRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    if (Math.random() * SWEEP_ONE_IN < 1) {
      await this.db.execute(sql`delete from rate_limit_windows where reset_at < now() - interval '1 minute'`);
    }
    const res = await this.db.execute(sql`
      insert into rate_limit_windows as w (key, reset_at, hits)
      values (${key}, now() + ${windowMs} * interval '1 millisecond', 1)
      on conflict (key) do update set
        hits = case when w.reset_at <= now() then 1 else w.hits + 1 end,
        reset_at = case when w.reset_at <= now() then excluded.reset_at else w.reset_at end
      returning hits, extract(epoch from reset_at - now()) * 1000 as left_ms`);
    return this.toWindow(res);
  }

  async peek(key: string): Promise<RateWindow | undefined> {
    const res = await this.db.execute(
      sql`select hits, extract(epoch from reset_at - now()) * 1000 as left_ms from rate_limit_windows where key = ${key} and reset_at > now()`,
    );
    return rowsOf(res).length > 0 ? this.toWindow(res) : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_windows where key = ${key}`);
  }

  private toWindow(res: unknown): RateWindow {
    const row = rowsOf<{ hits: unknown; left_ms: unknown }>(res)[0]!;
    return { count: Number(row.hits), msLeft: Math.max(0, Number(row.left_ms)) };
  }
}
