import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginPerIp: { max: 8, windowMs: 60_000 },
      loginFailuresPerUsername: { max: 3, windowMs: 60_000 },
      registerPerIp: { max: 4, windowMs: 60_000 },
      registerPerUsername: { max: 2, windowMs: 60_000 },
    },
  });
});
afterAll(() => t.close());

describe("rate limits", () => {
  it("locks a username after repeated failures, even with the right password, with Retry-After", async () => {
    const { username, password } = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password: "wrong" },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password },
      remoteAddress: "10.0.0.9",
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many failed login attempts for this account\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits login attempts per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: uniqueName(), password: "x" },
        remoteAddress: "10.1.1.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: uniqueName(), password: "x" },
      remoteAddress: "10.1.1.2",
    });
    expect(other.statusCode).toBe(401);
  });

  it("limits registrations per IP", async () => {
    const statuses: number[] = [];
    const signedIn: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username: uniqueName(), password: "secret1" },
        remoteAddress: "10.2.2.2",
      });
      statuses.push(res.statusCode);
      signedIn.push(res.cookies.some((c) => c.name === "sid" && c.value !== ""));
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    // Each account made is signed in (decision 0167); the refused one sets no session.
    expect(signedIn).toEqual([true, true, true, true, false]);
    const client = new Client(t.app);
    expect((await client.post("/api/auth/register", { username: uniqueName(), password: "secret1" })).statusCode).toBe(
      201,
    );
  });

  it("limits registration attempts for one username, whatever the address", async () => {
    const username = uniqueName();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await new Client(t.app).post("/api/auth/register", { username, password: "secret1" });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 409, 429]);
  });
});
