/**
 * Each route is one declaration (decision 0040): method, path, access (route-access.ts) and zod
 * schemas from src/shared for params, querystring, body and every response:
 *
 *   app.withTypeProvider<ZodTypeProvider>().get("/api/thing/:id", {
 *     config: { access: "user" },
 *     schema: { tags: ["Things"], summary: "A thing", params: thingParams, response: { 200: thingSchema, ...errors(404) } },
 *   }, handler)
 *
 * Fastify validates input with them (a 400 whose message names the first problem, the wording
 * parseInput always had) and serialises responses with them (fastify-type-provider-zod): a field
 * a response schema does not declare never leaves the server. The same declarations generate the
 * OpenAPI document (http/openapi.ts). Registering a route without a response schema fails at
 * start-up, except in scopes that serve no API (the SPA's files, the simulator).
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { apiErrorSchema } from "../../shared/schemas/api-error.js";
import { invalidInput } from "./errors.js";

/** Documentation that is not a schema: examples, and a response's description and headers. */
export interface RouteDocs {
  bodyExamples?: Record<string, { summary: string; value: unknown }>;
  responses?: Record<
    number,
    {
      description?: string;
      headers?: Record<string, { description: string; schema: object }>;
      examples?: Record<string, { summary: string; value: unknown }>;
    }
  >;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Documentation beside the schemas (http/openapi.ts reads it). */
    docs?: RouteDocs;
  }
  interface FastifyInstance {
    /** "METHOD url" of every route in a non-API scope (useNonApiScope): undocumented on purpose. */
    nonApiRoutes: Set<string>;
  }
}

/** Scopes whose routes serve no API and need no response schemas (static files, the simulator). */
const NOT_API = Symbol("notApi");
type Scoped = FastifyInstance & { [NOT_API]?: string };

/** Every route in this plugin scope serves something other than the API (`why` says what). */
export function useNonApiScope(app: FastifyInstance, why: string): void {
  (app as Scoped)[NOT_API] = why;
}

/** Error responses for these statuses with `schema` (the automation API's own shape), for a route's `response`. */
export function errorsWith<S extends z.ZodType>(schema: S, ...statuses: number[]): Record<number, S> {
  return Object.fromEntries(statuses.map((s) => [s, schema]));
}

/** The web API's error responses (`{message, code}`) for these statuses. */
export const errors = (...statuses: number[]) => errorsWith(apiErrorSchema, ...statuses);

/** Does this route answer with a declared schema? (For the declaration check and its tests.) */
export function hasResponseSchema(route: Pick<RouteOptions, "schema">): boolean {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  return Boolean(response && Object.keys(response).some((status) => /^[23]/.test(status)));
}

/** Sets the zod validator and serializer; call before any route is registered. */
export function registerRouteContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    // An empty body is an empty object, as parseInput always read it.
    const result = (schema as z.ZodType).safeParse(httpPart === "body" ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: invalidInput(result.error) };
  });
  app.setSerializerCompiler(serializerCompiler);
  const nonApi = new Set<string>();
  app.decorate("nonApiRoutes", nonApi);

  app.addHook("onRoute", function (this: FastifyInstance, route: RouteOptions) {
    if ((this as Scoped)[NOT_API] !== undefined) {
      route.schema = { ...route.schema, hide: true }; // not in the API's document either
      for (const method of [route.method].flat()) nonApi.add(`${method} ${route.url}`);
      return;
    }
    if (!hasResponseSchema(route)) {
      const methods = [route.method].flat().join(",");
      throw new Error(
        `Route ${methods} ${route.url} declares no response schema: add schema.response (see http/route-contract.ts)`,
      );
    }
  });
}
