/**
 * Fixed-window rate limits. The counters live in a RateLimitStore: in memory for one process
 * (PGlite), or in PostgreSQL so that every process on one database counts together
 * (docs/decisions/0004-rate-limits.md, 0027-scale-out.md).
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/connect.js";
import { AppError } from "./errors.js";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateWindow {
  count: number;
  /** Until the window closes. */
  msLeft: number;
}

export interface RateLimitStore {
  /** Counts one hit on `key`, opening a new window of `windowMs` if the last one is over. */
  hit(key: string, windowMs: number): Promise<RateWindow>;
  /** The current window of `key`, without counting. */
  peek(key: string): Promise<RateWindow | undefined>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, msLeft: w.resetAt - now };
  }

  async peek(key: string): Promise<RateWindow | undefined> {
    const w = this.windows.get(key);
    const now = this.now();
    return w && w.resetAt > now ? { count: w.count, msLeft: w.resetAt - now } : undefined;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

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

export class RateLimiter {
  /** `name` keeps this limiter's keys apart from other limiters' in a shared store. */
  constructor(
    private readonly name: string,
    private readonly rule: RateLimitRule,
    private readonly store: RateLimitStore,
  ) {}

  /** Counts one hit; resolves to the seconds to wait when over the limit, else 0. */
  async hit(key: string): Promise<number> {
    const w = await this.store.hit(`${this.name}:${key}`, this.rule.windowMs);
    return w.count > this.rule.max ? waitSeconds(w) : 0;
  }

  /** Seconds to wait if the key is already at the limit, without counting a hit. */
  async check(key: string): Promise<number> {
    const w = await this.store.peek(`${this.name}:${key}`);
    return w && w.count >= this.rule.max ? waitSeconds(w) : 0;
  }

  reset(key: string): Promise<void> {
    return this.store.reset(`${this.name}:${key}`);
  }
}

function waitSeconds(w: RateWindow): number {
  return Math.max(1, Math.ceil(w.msLeft / 1000));
}

export function tooManyRequests(retryAfterSeconds: number, what: string): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** PostgreSQL counts for every process on it; PGlite is a single process and counts in memory. */
export function rateLimitStoreFor(database: { kind: "postgres" | "pglite"; db: Db }): RateLimitStore {
  return database.kind === "postgres" ? new PostgresRateLimitStore(database.db) : new MemoryRateLimitStore();
}
