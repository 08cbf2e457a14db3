/**
 * A fixed-window counter per key, in memory. Enough for one process; several processes each
 * count on their own (see docs/decisions/0004-rate-limits.md).
 */
import { AppError } from "./errors.js";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + this.rule.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.rule.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  /** Seconds to wait if the key is already over the limit, without counting a hit. */
  check(key: string): number {
    const w = this.windows.get(key);
    const now = this.now();
    return w && w.resetAt > now && w.count >= this.rule.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

export function tooManyRequests(retryAfterSeconds: number, what: string): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { "retry-after": String(retryAfterSeconds) },
  );
}
