import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../src/server/http/rate-limit.js";

describe("RateLimiter", () => {
  it("allows max hits per window, then tells how long to wait, then resets", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ max: 2, windowMs: 60_000 }, () => now);
    expect(limiter.hit("a")).toBe(0);
    expect(limiter.hit("a")).toBe(0);
    expect(limiter.check("a")).toBe(60);
    expect(limiter.hit("a")).toBe(60);
    expect(limiter.hit("b")).toBe(0);
    now += 30_000;
    expect(limiter.hit("a")).toBe(30);
    now += 30_001;
    expect(limiter.hit("a")).toBe(0);
    limiter.reset("a");
    expect(limiter.check("a")).toBe(0);
  });
});
