/**
 * Issue 18, point 4: the per-account login limit holds under parallel guesses. The attempt is
 * counted (reserved) atomically before the password is checked, so of 25 parallel wrong-password
 * logins only the limit's 10 are evaluated; the rest get 429. Run with both counter stores: the
 * in-memory one (one process) and the rate_limit_windows table (every process on PostgreSQL).
 * Decision 0035.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/connect.js";
import { DEFAULT_AUTH_RATE_LIMITS } from "../../src/server/features/auth/routes.js";
import { MemoryRateLimitStore, PostgresRateLimitStore, type RateLimitStore } from "../../src/server/http/rate-limit.js";
import { createTestApp, signUp, type TestApp } from "../helpers/test-app.js";
import { createTestDatabase } from "../helpers/test-db.js";

const LIMIT = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerUsername.max;
const PARALLEL = 25;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const STORES: [string, () => RateLimitStore][] = [
  ["in memory", () => new MemoryRateLimitStore()],
  ["in the database", () => new PostgresRateLimitStore(database.db)],
];

describe.each(STORES)("counters %s", (_name, makeStore) => {
  let t: TestApp;
  let store: RateLimitStore;
  beforeAll(async () => {
    store = makeStore();
    t = await createTestApp({ database, rateLimitStore: store });
  });
  afterAll(() => t?.close());

  let address = 0;
  /** Every attempt from its own address: only the per-account limit is under test. */
  const attempt = (username: string, password: string) => {
    address += 1;
    return t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password },
      remoteAddress: `10.60.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    });
  };

  it(`${PARALLEL} parallel wrong-password logins for one account: ${LIMIT} evaluated (401), the rest 429`, async () => {
    const { username, password } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => attempt(username, `wrong-password-${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(PARALLEL - LIMIT);
    for (const a of answers) {
      expect(a.json().message).toMatch(
        a.statusCode === 401
          ? /^Invalid username or password\.$/
          : /^Too many failed login attempts for this account\. Please try again in \d+ minutes?\.$/,
      );
    }
    // The account stays locked for the window, even with the right password.
    expect((await attempt(username, password)).statusCode).toBe(429);
  });

  it("a correct password after a few failures signs in and clears the count", async () => {
    const { username, password } = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await attempt(username, "wrong-password")).statusCode).toBe(401);
    const ok = await attempt(username, password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("Login successful");
    // Cleared: a full limit of failures again before the lock (3 + LIMIT would be over it otherwise).
    for (let i = 0; i < LIMIT; i++) expect((await attempt(username, "wrong-password")).statusCode).toBe(401);
    expect((await attempt(username, password)).statusCode).toBe(429);
  });

  it("the store's hit is atomic: parallel hits on one key each get their own count", async () => {
    const key = `race-test:${Math.random()}`;
    const windows = await Promise.all(Array.from({ length: PARALLEL }, () => store.hit(key, 60_000)));
    expect(windows.map((w) => w.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PARALLEL }, (_, i) => i + 1),
    );
  });
});
