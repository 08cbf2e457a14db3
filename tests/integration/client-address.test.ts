/**
 * Issue 18, point 3: a client cannot pick its own address for the rate limits by forging
 * X-Forwarded-For. TRUST_PROXY trusts one proxy (`true`), a number of hops, or proxies by address;
 * the address counted is the one the nearest trusted proxy saw (decision 0035).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../src/server/services.js";
import type { Database } from "../../src/server/db/connect.js";
import { createTestApp, uniqueName, type TestApp } from "../helpers/test-app.js";
import { createTestDatabase } from "../helpers/test-db.js";

// One database for the file; each set-up below is its own app (its own TRUST_PROXY) on it, and
// uses addresses of its own, since on PostgreSQL the apps share the rate-limit table.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** An app with this TRUST_PROXY (and these limits) for the tests of one describe block. */
function appWith(env: Record<string, string>, rateLimits?: AppDeps["rateLimits"]) {
  const holder: { t?: TestApp } = {};
  beforeAll(async () => {
    holder.t = await createTestApp({ database, env, ...(rateLimits ? { rateLimits } : {}) });
  });
  afterAll(() => holder.t?.close());
  return () => holder.t!;
}

function register(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { username: uniqueName(), password: "secret1" },
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
}

/** A failed login from `remoteAddress` (with this X-Forwarded-For): 401, or 429 once over the limit. */
async function login(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: uniqueName(), password: "wrong-password" },
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
  return res.statusCode;
}

const LOGIN_LIMIT = 3;
const smallLoginLimit = { loginPerIp: { max: LOGIN_LIMIT, windowMs: 60_000 } };

describe("TRUST_PROXY=true (one proxy, as behind the nginx of docs/deploy.md)", () => {
  const t = appWith({ TRUST_PROXY: "true" });

  it("the issue's 24 registrations with a forged leftmost X-Forwarded-For hit 429 at the 21st", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 24; i++) {
      // nginx appends the address it saw (203.0.113.7) to whatever the client sent.
      statuses.push((await register(t(), "127.0.0.1", `10.9.9.${i}, 203.0.113.7`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(201), 429, 429, 429, 429]);
    // Another client behind the same proxy has its own budget.
    expect((await register(t(), "127.0.0.1", "203.0.113.8")).statusCode).toBe(201);
  });
});

describe("TRUST_PROXY=2 (a load balancer in front of nginx)", () => {
  const t = appWith({ TRUST_PROXY: "2" }, smallLoginLimit);

  it("counts the address the outer proxy saw, whatever the client wrote before it", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMIT + 1; i++)
      statuses.push(await login(t(), "10.20.0.3", `198.51.100.${i}, 203.0.113.20, 10.20.0.2`));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // A different client (a different address seen by the outer proxy) is not affected.
    expect(await login(t(), "10.20.0.3", "198.51.100.1, 203.0.113.21, 10.20.0.2")).toBe(401);
  });
});

describe("TRUST_PROXY as proxy addresses (10.30.0.0/16 and 192.168.30.1)", () => {
  const t = appWith({ TRUST_PROXY: "10.30.0.0/16,192.168.30.1" }, smallLoginLimit);

  it("from a trusted proxy: the address it saw, forged entries before it ignored", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMIT + 1; i++)
      statuses.push(await login(t(), "192.168.30.1", `10.9.9.${i}, 203.0.113.30`));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Through two trusted proxies (10.30.0.7 forwarded to 10.30.1.1), the same client.
    expect(await login(t(), "10.30.1.1", "203.0.113.30, 10.30.0.7")).toBe(429);
  });

  it("from a peer that is not a trusted proxy: X-Forwarded-For is ignored, the peer is counted", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMIT + 1; i++) statuses.push(await login(t(), "198.51.100.31", `203.0.113.${40 + i}`));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another untrusted peer claims to forward 203.0.113.31, up to the limit: that client's own
    // budget (through a trusted proxy) is untouched.
    for (let i = 0; i < LOGIN_LIMIT; i++) expect(await login(t(), "198.51.100.32", "203.0.113.31")).toBe(401);
    expect(await login(t(), "192.168.30.1", "203.0.113.31")).toBe(401);
  });
});

describe("TRUST_PROXY unset", () => {
  const t = appWith({}, smallLoginLimit);

  it("ignores X-Forwarded-For altogether: the socket peer is the client", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMIT + 1; i++) statuses.push(await login(t(), "203.0.113.50", `10.9.9.${i}`));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
