/**
 * Fixed-window rate limits. The counters live in a RateLimitStore: in memory for one process
 * (PGlite), or in PostgreSQL so that every process on one database counts together
 * (docs/decisions/0004-rate-limits.md, 0027-scale-out.md).
 */
import type { Db } from "../db/connect.js";
import { PostgresRateLimitStore } from "../db/rate-limit-windows.js";
import { AppError } from "./errors.js";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export { PostgresRateLimitStore };

export interface RateWindow {
  count: number;
  /** Until the window closes. */
  msLeft: number;
}

export interface RateLimitStore {
  /**
   * Counts one hit on `key`, opening a new window of `windowMs` if the last one is over. Atomic:
   * concurrent hits each get their own count (the memory store increments without awaiting in
   * between; the database store is one INSERT ... ON CONFLICT DO UPDATE on the key's row).
   */
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

export class RateLimiter {
  /** `name` keeps this limiter's keys apart from other limiters' in a shared store. */
  constructor(
    private readonly name: string,
    private readonly rule: RateLimitRule,
    private readonly store: RateLimitStore,
  ) {}

  /** Counts one hit; resolves to the seconds to wait when over the limit, else 0. */
  async hit(key: string): Promise<number> {
    return (await this.hitCounted(key)).wait;
  }

  /** Counts one hit; resolves to the seconds to wait (0 within the limit) and this hit's count in its window. */
  async hitCounted(key: string): Promise<{ wait: number; count: number }> {
    const w = await this.store.hit(`${this.name}:${key}`, this.rule.windowMs);
    return { wait: w.count > this.rule.max ? waitSeconds(w) : 0, count: w.count };
  }

  /**
   * Seconds to wait if the key is already at the limit, without counting a hit. Only a look:
   * parallel requests all pass a check made before any of them counts, so a limit that must hold
   * under concurrency reserves with hit() first (the login limit does, decision 0035).
   */
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
    "rate_limited",
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    {
      headers: {
        "retry-after": String(retryAfterSeconds),
      },
      params: { minutes },
    },
  );
}

/** PostgreSQL counts for every process on it; PGlite is a single process and counts in memory. */
export function rateLimitStoreFor(database: { kind: "postgres" | "pglite"; db: Db }): RateLimitStore {
  return database.kind === "postgres" ? new PostgresRateLimitStore(database.db) : new MemoryRateLimitStore();
}
