import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore, RateLimiter } from "../../src/server/http/rate-limit.js";

describe("RateLimiter (in memory)", () => {
  it("allows max hits per window, then tells how long to wait, then resets", async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter("test", { max: 2, windowMs: 60_000 }, new MemoryRateLimitStore(() => now));
    expect(await limiter.hit("a")).toBe(0);
    expect(await limiter.hit("a")).toBe(0);
    expect(await limiter.check("a")).toBe(60);
    expect(await limiter.hit("a")).toBe(60);
    expect(await limiter.hit("b")).toBe(0);
    now += 30_000;
    expect(await limiter.hit("a")).toBe(30);
    now += 30_001;
    expect(await limiter.hit("a")).toBe(0);
    await limiter.reset("a");
    expect(await limiter.check("a")).toBe(0);
  });

  it("keeps limiters with different names apart in one store", async () => {
    const store = new MemoryRateLimitStore();
    const login = new RateLimiter("login", { max: 1, windowMs: 60_000 }, store);
    const register = new RateLimiter("register", { max: 1, windowMs: 60_000 }, store);
    expect(await login.hit("10.0.0.1")).toBe(0);
    expect(await register.hit("10.0.0.1")).toBe(0);
    expect(await login.hit("10.0.0.1")).toBeGreaterThan(0);
  });
});
