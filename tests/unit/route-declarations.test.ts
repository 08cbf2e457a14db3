/** Deny by default (decision 0032): a route that declares no access, or the wrong one in the admin scope, stops the start. */
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/connect.js";
import type { FreshCache } from "../../src/server/events/fresh-cache.js";
import type { SessionRow } from "../../src/server/identity/sessions.js";
import { ADMIN_PREFIX, adminScope } from "../../src/server/http/admin-scope.js";
import { registerRouteAccess } from "../../src/server/http/route-access.js";

const deps = { db: {} as Db, sessions: {} as FreshCache<SessionRow> };
const adminDeps = { db: deps.db, caches: { sessions: deps.sessions } };

function appWithAccessCheck() {
  const app = Fastify();
  registerRouteAccess(app, {
    ...deps,
    publicOrigin: "http://localhost:3000",
    operatorToken: undefined,
    webTokenKey: "test",
  });
  return app;
}

describe("route declarations", () => {
  it("a route without an access fails the start, naming the route", async () => {
    const app = appWithAccessCheck();
    const start = async () => {
      await app.register(async (scope) => {
        scope.get("/api/forgotten", async () => ({ ok: true }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow("Route GET /api/forgotten declares no access");
  });

  it("an unknown access fails the start", async () => {
    const app = appWithAccessCheck();
    expect(() => app.get("/api/odd", { config: { access: "everyone" as never } }, async () => ({}))).toThrow(
      'declares an unknown access "everyone"',
    );
  });

  it("a route in the admin scope is admin-only; declaring anything else there fails the start", async () => {
    const app = appWithAccessCheck();
    const start = async () => {
      await app.register(
        adminScope(adminDeps, async (admin) => {
          admin.get("/fine", async () => ({}));
          admin.get("/open", { config: { access: "public" } }, async () => ({}));
        }),
        { prefix: ADMIN_PREFIX },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Route GET /api/admin/open declares "public" inside a "admin" scope');
  });

  it("a token route outside a bearer-token scope refuses every request, its own checks kept", async () => {
    const app = appWithAccessCheck();
    const reached: string[] = [];
    app.get("/api/n8n/stray", { config: { access: "token" } }, async () => ({ open: true }));
    app.get(
      "/api/n8n/checked",
      { config: { access: "token" }, preHandler: async () => void reached.push("own check") },
      async () => ({ open: true }),
    );
    app.get("/api/open", { config: { access: "public" } }, async () => ({ open: true }));
    for (const url of ["/api/n8n/stray", "/api/n8n/checked"]) {
      const res = await app.inject({ url, headers: { authorization: "Bearer forged" } });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain("open");
    }
    // The route's own preHandler ran first, and the refusal still came.
    expect(reached).toEqual(["own check"]);
    expect((await app.inject({ url: "/api/open" })).statusCode).toBe(200);
    await app.close();
  });

  it("declared routes start, and the table lists each with its access", async () => {
    const app = appWithAccessCheck();
    app.get("/api/open", { config: { access: "public" } }, async () => ({}));
    await app.register(
      adminScope(adminDeps, async (admin) => void admin.get("/users", async () => ({}))),
      { prefix: ADMIN_PREFIX },
    );
    await app.ready();
    expect(app.routeAccessTable.filter((r) => r.method === "GET")).toEqual([
      { method: "GET", url: "/api/open", access: "public" },
      { method: "GET", url: "/api/admin/users", access: "admin" },
    ]);
    await app.close();
  });
});
