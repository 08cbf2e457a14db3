/**
 * Errors carry a machine-readable code (issue 19, decision 0039): one table gives each code its
 * status; the web API answers `{message, code}`, the automation API `{success: false, message,
 * code}`, whichever layer refused (router, hooks, route, not-found handler).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeForStatus, ERROR_STATUS, isErrorCode } from "../../src/shared/error-codes.js";
import { createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Request {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
}
const inject = (request: Request) => t.app.inject(request);

describe("error codes", () => {
  it("every code maps to an error status, and every error status has a generic code that maps back to it", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(isErrorCode(code)).toBe(true);
    }
    for (const status of new Set(Object.values(ERROR_STATUS))) expect(ERROR_STATUS[codeForStatus(status)]).toBe(status);
    expect(isErrorCode("toString")).toBe(false);
  });

  it.each([
    ["signed out", { method: "GET", url: "/api/auth/current-user" }, 401, "not_signed_in"],
    ["unknown API path", { method: "GET", url: "/api/nothing-here" }, 404, "not_found"],
    ["unknown admin path, signed out", { method: "GET", url: "/api/admin/nothing-here" }, 401, "not_signed_in"],
    [
      "malformed JSON",
      { method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: "{" },
      400,
      "invalid_input",
    ],
    [
      "wrong password",
      { method: "POST", url: "/api/auth/login", payload: { username: "nobody_at_all", password: "password123" } },
      401,
      "invalid_credentials",
    ],
    [
      "NUL in a field",
      { method: "POST", url: "/api/auth/login", payload: { username: "a\u0000b", password: "password123" } },
      400,
      "unstorable_text",
    ],
    [
      "another website",
      { method: "POST", url: "/api/auth/logout", headers: { origin: "https://evil.example" } },
      403,
      "cross_site_request",
    ],
    ["undecodable address", { method: "GET", url: "/api/video-status/%E0%A4%A" }, 400, "invalid_address"],
    [
      "a path part over 100 characters",
      { method: "GET", url: `/api/video-status/${"x".repeat(150)}` },
      414,
      "address_too_long",
    ],
  ] as const)("web API, %s: {message, code}", async (_name, request, status, code) => {
    const res = await inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String), code });
  });

  it("web API: a signed-in user on an admin route is admin_required; a bad body is invalid_input", async () => {
    const { client } = await signUp(t.app);
    const admin = await client.get("/api/admin/users");
    expect(admin.json()).toEqual({ message: "Admin access required", code: "admin_required" });
    const bad = await client.post("/api/generate-video", { prompt: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "invalid_input" });
  });

  it.each([
    ["no token", { method: "GET", url: "/api/n8n/video-status/x" }, 401, "not_signed_in"],
    [
      "not a token",
      { method: "GET", url: "/api/n8n/video-status/x", headers: { authorization: "Bearer nope" } },
      401,
      "invalid_api_token",
    ],
    [
      "unknown token",
      { method: "GET", url: "/api/n8n/video-status/x", headers: { authorization: `Bearer veo_${"A".repeat(43)}` } },
      401,
      "invalid_api_token",
    ],
    [
      "unknown path",
      { method: "GET", url: "/api/n8n/nothing", headers: { authorization: `Bearer veo_${"A".repeat(43)}` } },
      401,
      "invalid_api_token",
    ],
    ["undecodable address", { method: "GET", url: "/api/n8n/video-status/%E0%A4%A" }, 400, "invalid_address"],
    [
      "NUL in a field",
      { method: "POST", url: "/api/n8n/generate", payload: { prompt: "a\u0000b" } },
      401,
      "not_signed_in",
    ],
  ] as const)("automation API, %s: {success: false, message, code}", async (_name, request, status, code) => {
    const res = await inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, message: expect.any(String), code });
  });

  it("automation API with a valid token: unknown paths, bad input and too large bodies keep the shape", async () => {
    const { client } = await signUp(t.app);
    const created = await client.post("/api/user-tokens", { name: "codes" });
    const token = created.json<{ token: string }>().token;
    const auth = { authorization: `Bearer ${token}` };
    const unknown = await inject({ method: "GET", url: "/api/n8n/nothing", headers: auth });
    expect(unknown.json()).toEqual({
      success: false,
      message: expect.stringContaining("Not found"),
      code: "not_found",
    });
    const nul = await inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: auth,
      payload: { prompt: "a\u0000b" },
    });
    expect(nul.json()).toEqual({ success: false, message: expect.stringContaining("NUL"), code: "unstorable_text" });
    const big = await inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { ...auth, "content-type": "application/json" },
      payload: `{"prompt":"${"x".repeat(15 * 1024 * 1024)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, code: "payload_too_large" });
  });
});
