/**
 * Issue 36: a path longer than any route can use is refused with 414 before anything works on it
 * (the not-found handler once spent a second of CPU on `/` + 16,000 slashes + `x`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATH_MAX } from "../../src/server/http/input-guard.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("paths longer than any route", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in web app, so page paths reach the not-found handler's documents.
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><div id=root></div>");
    t = await createTestApp({ webDir });
  });
  afterAll(() => t.close());

  const slashes = `/${"/".repeat(16_000)}x`;

  it.each(["GET", "HEAD"] as const)("refuses %s of / + 16,000 slashes + x with 414 and a reason", async (method) => {
    const res = await t.app.inject({ method, url: slashes });
    expect(res.statusCode).toBe(414);
    if (method === "GET") {
      expect(res.json()).toEqual({
        message: expect.stringContaining("too long"),
        code: "address_too_long",
        reason: "path_too_long",
      });
    }
  });

  it("refuses long paths under /api and the automation API too", async () => {
    const api = await t.app.inject({ method: "POST", url: `/api/auth/login${"/a".repeat(PATH_MAX)}`, payload: {} });
    expect(api.statusCode).toBe(414);
    expect(api.json()).toMatchObject({ code: "address_too_long", reason: "path_too_long" });
    const n8n = await t.app.inject({ method: "GET", url: `/api/n8n/${"a/".repeat(PATH_MAX)}` });
    expect(n8n.statusCode).toBe(414);
    expect(n8n.json()).toMatchObject({ success: false, code: "address_too_long" });
  });

  it("answers paths up to the limit as before, and does not count the query", async () => {
    const atLimit = await t.app.inject({ method: "GET", url: `/${"a".repeat(PATH_MAX - 1)}` });
    expect(atLimit.statusCode).toBe(404);
    expect(atLimit.body).toContain("<div id=root>");
    const longQuery = await t.app.inject({ method: "GET", url: `/login?${"a=b&".repeat(2 * PATH_MAX)}` });
    expect(longQuery.statusCode).toBe(200);
    const api = await t.app.inject({ method: "GET", url: `/api/contact?${"x".repeat(2 * PATH_MAX)}` });
    expect(api.statusCode).toBe(200);
  });
});
