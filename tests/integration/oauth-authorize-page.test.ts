/**
 * GET /oauth/authorize, where MCP clients send a person (decision 0169), is the web app's consent
 * page (decision 0170): the app's document with 200 for any query the client puts on it, never
 * framed by another site (the consent would be clickjacked), and nothing for other methods.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("the consent page's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in web app, so page paths reach the not-found handler's documents.
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><div id=root></div>");
    t = await createTestApp({ webDir });
  });
  afterAll(() => t.close());

  it("answers the app's document with 200 for any authorization request, unframeable", async () => {
    const query = new URLSearchParams({
      client_id: "https://agent.example/client.json",
      redirect_uri: "http://127.0.0.1:33418/callback",
      response_type: "code",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      state: "a b&c",
      scope: "videos:read videos:write",
      resource: "http://localhost/mcp",
    });
    for (const url of ["/oauth/authorize", `/oauth/authorize?${query.toString()}`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<div id=root>");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    }
    expect((await t.app.inject({ method: "GET", url: "/oauth/authorize/more" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/oauth/authorize", payload: {} })).statusCode).toBe(404);
  });

  it("keeps crawlers off it", async () => {
    const robots = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body.split("\n")).toContain("Disallow: /oauth/");
  });
});
