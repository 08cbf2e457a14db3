import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTOMATION_STATUSES,
  automationErrorSchema,
  automationGenerateResultSchema,
  automationGenerateSchema,
  automationVideoStatusSchema,
} from "../../src/shared/schemas/automation.js";
import { SEED_MAX, SEED_MIN } from "../../src/shared/videos.js";
import { ASPECT_RATIOS, MODELS, RESOLUTIONS } from "../../src/shared/catalogue.js";
import {
  automationOpenApiDocument,
  committedFullOpenApiText,
  committedOpenApiText,
} from "../../src/server/features/automation/openapi.js";
import { fullOpenApiDocument, PLACEHOLDER_SERVER_URL } from "../../src/server/http/openapi.js";
import type { RouteContract } from "../../src/shared/api/contract.js";
import { Client, createTestApp, type TestApp } from "../helpers/test-app.js";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PUBLIC_URL = "https://veo.example.test";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  await t.app.ready();
});
const buildOpenApiDocument = (serverUrl: string) => automationOpenApiDocument(t.app, serverUrl);
afterAll(() => t.close());

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
function operations(doc: Json): Array<{ path: string; method: string; op: Json }> {
  return Object.entries(doc.paths as Json).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path: p, method: m.toUpperCase(), op: item[m] as Json })),
  );
}

/** Follows a local `#/components/...` reference. */
function deref(doc: Json, value: Json): Json {
  if (typeof value.$ref !== "string") return value;
  return value.$ref
    .slice(2)
    .split("/")
    .reduce((node: Json, key) => node[key], doc);
}

/** Full route paths with their methods, read from Fastify's route tree (HEAD left out). */
function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (depth > 0 ? stack[depth - 1]! : "") + m[2]!;
    stack[depth] = full;
    for (const method of (m[3] ?? "").split(", ").filter((x) => x && x !== "HEAD")) routes.add(`${method} ${full}`);
  }
  return routes;
}

describe.each([
  ["docs/openapi.json", () => committedOpenApiText(t.app)],
  ["docs/openapi-full.json", () => committedFullOpenApiText(t.app)],
])("%s", (file, text) => {
  it("is the generated document (run `npm run openapi` after changing the API)", () => {
    const committed = fs.readFileSync(path.join(import.meta.dirname, "../..", file), "utf8");
    expect(committed === text(), `${file} is out of date: run \`npm run openapi\` and commit it`).toBe(true);
  });

  it("is generated the same way every time, with the placeholder server", () => {
    expect(text()).toBe(text());
    expect(JSON.parse(text()).servers).toEqual([{ url: PLACEHOLDER_SERVER_URL }]);
  });

  it("is a valid OpenAPI 3.1 document for a real validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(text()));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
});

describe("GET /api/openapi.json", () => {
  it("is public JSON naming this server's PUBLIC_URL, and valid", async () => {
    const res = await new Client(t.app).get("/api/openapi.json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
    expect(doc).toEqual(buildOpenApiDocument(PUBLIC_URL));
    expect((await new Validator().validate(doc)).valid).toBe(true);
  });

  it("GET /api/openapi-full.json is the whole document, naming PUBLIC_URL", async () => {
    const res = await new Client(t.app).get("/api/openapi-full.json");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(fullOpenApiDocument(t.app, PUBLIC_URL));
  });

  it("documents every API route of the app, with its access as security, and nothing else", () => {
    const doc = fullOpenApiDocument(t.app, PUBLIC_URL);
    const documented = new Set(
      operations(doc).map(({ method, path: p }) => `${method} ${p.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    const api = t.app.routeAccessTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !r.startsWith("HEAD ") && !t.app.nonApiRoutes.has(r));
    expect(
      api.filter((r) => !documented.has(r)),
      "registered but not documented",
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !api.includes(r)),
      "documented but not registered",
    ).toEqual([]);
    const expected: Record<string, unknown[]> = {
      public: [],
      callback: [],
      user: [{ cookieAuth: [] }],
      admin: [{ cookieAuth: [] }],
      token: [{ bearerAuth: [] }],
      "user-or-token": [{ cookieAuth: [] }, { bearerAuth: [] }],
      operator: [{ bearerAuth: [] }],
    };
    for (const { method, url, access } of t.app.routeAccessTable) {
      if (method === "HEAD" || t.app.nonApiRoutes.has(`${method} ${url}`)) continue;
      const op = operations(doc).find((o) => o.method === method && o.path.replace(/\{(\w+)\}/g, ":$1") === url);
      expect(op?.op.security, `${method} ${url}`).toEqual(expected[access]);
      expect(op?.op.tags, `${method} ${url} has a tag`).toHaveLength(1);
    }
  });

  it("serves every API route from a shared contract, and every contract once (decision 0069)", async () => {
    const contractsDir = path.resolve(import.meta.dirname, "../../src/shared/api");
    const contracts: string[] = [];
    for (const file of fs.readdirSync(contractsDir).filter((f) => f.endsWith(".ts") && f !== "contract.ts")) {
      const module = (await import(path.join(contractsDir, file))) as Record<string, Record<string, RouteContract>>;
      for (const group of Object.values(module)) {
        if (group && typeof group === "object")
          for (const c of Object.values(group))
            if (c && typeof c.path === "string") contracts.push(`${c.method} ${c.path}`);
      }
    }
    expect(new Set(contracts).size, "two contracts for one route").toBe(contracts.length);
    expect(
      contracts.filter((c) => !t.app.contractRoutes.has(c)),
      "contracts the server does not serve",
    ).toEqual([]);
    const api = t.app.routeAccessTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !r.startsWith("HEAD ") && !t.app.nonApiRoutes.has(r));
    expect(
      api.filter((r) => !t.app.contractRoutes.has(r)),
      "API routes registered without a shared contract",
    ).toEqual([]);
  });

  it("matches the app's routes: every documented operation exists, every automation route is documented", () => {
    const doc = buildOpenApiDocument(PUBLIC_URL);
    // Path parameter names must match too: {taskId} is :taskId.
    const documented = new Set(
      operations(doc).map(({ method, path: p }) => `${method} ${p.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    const registered = registeredRoutes(t.app);
    const missing = [...documented].filter((r) => !registered.has(r));
    expect(missing, "documented but not registered").toEqual([]);
    const undocumented = [...registered].filter(
      (r) => /^\w+ \/api\/(n8n\/|openapi\.json|events$)/.test(r) && !documented.has(r),
    );
    expect(undocumented, "registered but not documented").toEqual([]);
  });
});

describe("the document's content", () => {
  let doc: Json;
  beforeAll(() => {
    doc = buildOpenApiDocument(PUBLIC_URL);
  });
  const op = (p: string, m: string) => operations(doc).find((o) => o.path === p && o.method === m)!.op;

  it("states the automation rules in info", () => {
    const text = doc.info.description as string;
    for (const needle of [
      "English",
      "veo3",
      "veo3_fast",
      "16:9",
      "9:16",
      `${SEED_MIN} to ${SEED_MAX}`,
      "veo3_lite",
      "`reference`",
      "only the first of `imageUrls`",
      "24 hours",
      "15-30 seconds",
    ]) {
      expect(text).toContain(needle);
    }
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("has schemas generated from the zod contract", () => {
    const s = doc.components.schemas as Json;
    expect(s.GenerateRequest.required).toEqual(["prompt"]);
    expect(s.GenerateRequest.properties.model).toMatchObject({ enum: [...MODELS], default: "veo3" });
    // No default: each model has its own (GET /api/models).
    expect(s.GenerateRequest.properties.aspectRatio).toMatchObject({ enum: [...ASPECT_RATIOS] });
    expect(s.GenerateRequest.properties.durationSeconds).toMatchObject({ type: "integer" });
    expect(s.GenerateRequest.properties.resolution).toMatchObject({ enum: [...RESOLUTIONS] });
    expect(s.GenerateRequest.properties.audio).toMatchObject({ type: "boolean" });
    expect(s.GenerateRequest.properties.seeds).toMatchObject({ minimum: SEED_MIN, maximum: SEED_MAX });
    expect(s.GenerateRequest.properties.prompt.examples).toHaveLength(1);
    expect(s.VideoStatus.properties.status.enum).toEqual([...AUTOMATION_STATUSES]);
    // Every field but an extension's own (decision 0159), which only an extension's status carries.
    const statusShape = automationVideoStatusSchema.shape;
    expect(s.VideoStatus.required).toEqual(
      Object.keys(statusShape).filter((k) => !statusShape[k as keyof typeof statusShape].safeParse(undefined).success),
    );
    expect(Object.keys(s.VideoStatus.properties)).toEqual(expect.arrayContaining(["extendMethod", "joinedVideoUrl"]));
    expect(s.GenerateResult.required).toEqual(Object.keys(automationGenerateResultSchema.shape));
    expect(s.Error.properties.success.const).toBe(false);
    // OpenAPI 3.1 wants JSON Schema `examples`; the zod metadata's `example` must not leak through.
    expect(JSON.stringify(s)).not.toContain('"example"');
  });

  it("secures the automation endpoints with the bearer scheme and leaves the documents public", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(op("/api/n8n/generate", "POST").security).toEqual([{ bearerAuth: [] }]);
    expect(op("/api/n8n/video-status/{taskId}", "GET").security).toEqual([{ bearerAuth: [] }]);
    expect(op("/api/events", "GET").security).toEqual([{ bearerAuth: [] }]);
    expect(op("/api/n8n/workflow.json", "GET").security).toEqual([]);
    expect(op("/api/openapi.json", "GET").security).toEqual([]);
  });

  it("documents every error with the error schema, and Retry-After on 429", () => {
    const generate = op("/api/n8n/generate", "POST").responses as Json;
    const status = op("/api/n8n/video-status/{taskId}", "GET").responses as Json;
    expect(Object.keys(generate).sort()).toEqual([
      "200",
      "400",
      "401",
      "402",
      "403",
      "409",
      "413",
      "422",
      "429",
      "503",
    ]);
    expect(Object.keys(status).sort()).toEqual(["200", "401", "404", "429"]);
    for (const [code, response] of [...Object.entries(generate), ...Object.entries(status)]) {
      if (code === "200") continue;
      const r = deref(doc, response);
      expect(r.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      for (const example of Object.values(r.content["application/json"].examples as Json)) {
        expect(automationErrorSchema.safeParse(example.value).success, `${code} example`).toBe(true);
      }
    }
    expect(deref(doc, deref(doc, generate["429"]).headers["Retry-After"]).schema.type).toBe("integer");
    expect(deref(doc, status["429"]).headers["Retry-After"]).toBeDefined();
  });

  it("documents the Idempotency-Key header on both routes that start a video", () => {
    const full = fullOpenApiDocument(t.app, PUBLIC_URL);
    for (const [document, path] of [
      [doc, "/api/n8n/generate"],
      [full, "/api/generate-video"],
    ] as const) {
      const parameters = (operations(document).find((o) => o.path === path && o.method === "POST")!.op.parameters ??
        []) as Json[];
      expect(
        parameters.find((p) => p.in === "header" && p.name === "idempotency-key"),
        path,
      ).toMatchObject({ required: false, schema: { type: "string" } });
    }
    expect(doc.info.description).toContain("Idempotency-Key");
  });

  it("documents callbackUrl and every webhook, with its signing headers and a body that resolves", () => {
    const generate = op("/api/n8n/generate", "POST");
    const body = deref(doc, generate.requestBody.content["application/json"].schema);
    expect(body.properties.callbackUrl).toMatchObject({ type: "string" });
    const webhooks = doc.webhooks as Record<string, { post: Json }>;
    expect(Object.keys(webhooks).sort()).toEqual([
      "credits.low",
      "video.completed",
      "video.failed",
      "video.hd_ready",
      "webhook.test",
    ]);
    for (const [type, item] of Object.entries(webhooks)) {
      const names = (item.post.parameters as Json[]).map((p) => p.name);
      expect(names, type).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
      const schema = deref(doc, item.post.requestBody.content["application/json"].schema);
      expect(schema.properties.type, type).toBeDefined();
      // Every schema it names is in the document.
      for (const ref of JSON.stringify(schema).match(/#\/components\/schemas\/\w+/g) ?? [])
        expect(deref(doc, { $ref: ref }), ref).toBeDefined();
    }
    expect(
      deref(doc, webhooks["video.completed"]!.post.requestBody.content["application/json"].schema).properties.data,
    ).toEqual({
      $ref: "#/components/schemas/VideoStatus",
    });
  });

  it("has examples the server's own schemas accept", () => {
    const generate = op("/api/n8n/generate", "POST");
    const requests = Object.values(generate.requestBody.content["application/json"].examples as Json);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const example of requests) expect(automationGenerateSchema.safeParse(example.value).error).toBeUndefined();
    for (const example of Object.values(generate.responses["200"].content["application/json"].examples as Json)) {
      expect(automationGenerateResultSchema.strict().safeParse(example.value).error).toBeUndefined();
    }
    const statuses = Object.values(
      op("/api/n8n/video-status/{taskId}", "GET").responses["200"].content["application/json"].examples as Json,
    );
    expect(new Set(statuses.map((e) => e.value.status))).toEqual(new Set(AUTOMATION_STATUSES));
    for (const example of statuses)
      expect(automationVideoStatusSchema.strict().safeParse(example.value).error).toBeUndefined();
  });
});
