/** Each route is one declaration (decision 0040): no response schema, no start; input and output follow the schemas. */
import Fastify, { type FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandler } from "../../src/server/http/errors.js";
import { registerRouteContracts, serve, useNonApiScope } from "../../src/server/http/route-contract.js";
import { defineRoute, errors } from "../../src/shared/api/contract.js";

function appWithContracts() {
  const app = Fastify();
  registerErrorHandler(app);
  registerRouteContracts(app);
  return app;
}

describe("route contracts", () => {
  it("a route without a response schema fails the start, naming the route", () => {
    const app = appWithContracts();
    expect(() => app.get("/api/forgotten", async () => ({ ok: true }))).toThrow(
      "Route GET /api/forgotten declares no response schema",
    );
    expect(() =>
      app.post(
        "/api/errors-only",
        { schema: { response: { 400: z.object({ message: z.string() }) } } },
        async () => ({}),
      ),
    ).toThrow("Route POST /api/errors-only declares no response schema");
  });

  it("a scope that serves no API (files) needs none", async () => {
    const app = appWithContracts();
    await app.register(async (files) => {
      useNonApiScope(files, "files");
      files.get("/file.txt", async () => "text");
    });
    await app.ready();
    expect(app.nonApiRoutes.has("GET /file.txt")).toBe(true);
    await app.close();
  });

  it("validates input with the schema (the first problem, a 400 with its code) and sends only declared fields", async () => {
    const app = appWithContracts().withTypeProvider<ZodTypeProvider>();
    const body = z.object({
      name: z.string({ error: "Name is required" }).min(1, "Name is required"),
      count: z.number().int().default(1),
    });
    const answer = z.object({ name: z.string(), count: z.number() });
    app.post(
      "/api/thing",
      { schema: { body, response: { 200: answer } } },
      async (request) => ({ ...request.body, secret: "never sent" }) as z.infer<typeof answer>,
    );
    const empty = await app.inject({ method: "POST", url: "/api/thing" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Name is required", code: "invalid_input" });
    const wrongType = await app.inject({ method: "POST", url: "/api/thing", payload: { name: "x", count: "two" } });
    expect(wrongType.json()).toMatchObject({
      message: "count: Invalid input: expected number, received string",
      code: "invalid_input",
    });
    const ok = await app.inject({ method: "POST", url: "/api/thing", payload: { name: "lamp", extra: true } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: "lamp", count: 1 });
    await app.close();
  });

  it("an answer that breaks its schema is an error, never sent as it is", async () => {
    const app = appWithContracts().withTypeProvider<ZodTypeProvider>();
    app.get(
      "/api/broken",
      { schema: { response: { 200: z.object({ count: z.number() }) } } },
      async () => ({ count: "many" }) as never,
    );
    const res = await app.inject({ method: "GET", url: "/api/broken" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("many");
    await app.close();
  });
});

const thingApi = {
  rename: defineRoute({
    method: "PUT",
    path: "/api/things/:thingId",
    tags: ["Things"],
    summary: "Rename a thing",
    params: z.object({ thingId: z.string() }),
    body: z.object({ name: z.string().min(1, "name is required") }),
    responses: { 200: z.object({ id: z.string(), name: z.string() }), ...errors(400) },
  }),
};

/** Never run: the server's typecheck compiles it, and each `@ts-expect-error` fails the day `serve` accepts it. */
export function serveTypeChecks(app: FastifyInstance): void {
  serve(app, thingApi.rename, { access: "user" }, async (request) => ({
    id: request.params.thingId,
    name: request.body.name,
  }));
  // @ts-expect-error -- a path parameter the contract does not name
  serve(app, thingApi.rename, { access: "user" }, async (request) => ({ id: request.params.id, name: "x" }));
  // @ts-expect-error -- a body field the contract does not have
  serve(app, thingApi.rename, { access: "user" }, async (request) => ({ id: "x", name: request.body.title }));
  // @ts-expect-error -- an answer the response schema does not describe
  serve(app, thingApi.rename, { access: "user" }, async () => ({ id: "x", title: "y" }));
}

describe("serving a shared contract", () => {
  it("validates with the contract's schemas and answers with its response schema", async () => {
    const app = appWithContracts();
    serve(app, thingApi.rename, {}, async (request) => ({
      id: request.params.thingId,
      name: request.body.name,
      extra: 1,
    }));
    const ok = await app.inject({ method: "PUT", url: "/api/things/t1", payload: { name: "Fox" } });
    expect(ok.json()).toEqual({ id: "t1", name: "Fox" });
    const bad = await app.inject({ method: "PUT", url: "/api/things/t1", payload: { name: "" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "name is required" });
    expect(app.contractRoutes.has("PUT /api/things/:thingId")).toBe(true);
  });

  it("takes a scope's prefix off the full path, and refuses a contract outside it", async () => {
    const app = appWithContracts();
    await app.register(
      async (scope) => {
        serve(scope, thingApi.rename, {}, async (request) => ({ id: request.params.thingId, name: request.body.name }));
      },
      { prefix: "/api/things" },
    );
    expect((await app.inject({ method: "PUT", url: "/api/things/t2", payload: { name: "Owl" } })).json()).toEqual({
      id: "t2",
      name: "Owl",
    });
    const other = Fastify();
    registerRouteContracts(other);
    await expect(
      other.register(async (scope) => serve(scope, thingApi.rename, {}, async () => ({ id: "x", name: "y" })), {
        prefix: "/api/admin",
      }),
    ).rejects.toThrow("Route PUT /api/things/:thingId is served in a scope under /api/admin");
  });
});
