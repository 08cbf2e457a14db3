/**
 * Each route is one declaration (decisions 0040, 0069): its contract from src/shared/api (method,
 * path, zod schemas for params, query, body and every response, the words OpenAPI shows) and,
 * here on the server, who may call it and what it does:
 *
 *   serve(app, thingRoutes.get, { access: "user" }, async (request) => findThing(request.params.id))
 *
 * The web app calls the same contract (web/lib/api.ts `call`).
 * Fastify validates input with them (a 400 whose message names the first problem, the wording
 * parseInput always had) and serialises responses with them (fastify-type-provider-zod): a field
 * a response schema does not declare never leaves the server. The same declarations generate the
 * OpenAPI document (http/openapi.ts). Registering a route without a response schema fails at
 * start-up, except in scopes that serve no API (the SPA's files, the simulator).
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from "fastify";
import type { RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { RouteContract } from "../../shared/api/contract.js";
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
    /** "METHOD url" of every route registered from a shared contract (`serve`). */
    contractRoutes: Set<string>;
  }
}

/** Scopes whose routes serve no API and need no response schemas (static files, the simulator). */
const NOT_API = Symbol("notApi");
type Scoped = FastifyInstance & { [NOT_API]?: string };

/** Every route in this plugin scope serves something other than the API (`why` says what). */
export function useNonApiScope(app: FastifyInstance, why: string): void {
  (app as Scoped)[NOT_API] = why;
}

/** Does this route answer with a declared schema? (For the declaration check and its tests.) */
function hasResponseSchema(route: Pick<RouteOptions, "schema">): boolean {
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
  app.decorate("contractRoutes", new Set<string>());

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

/** The contract's description, with the finer error keys it can answer with. */
function describe(contract: RouteContract): string | undefined {
  const reasons = contract.reasons?.length
    ? `Error reasons: ${contract.reasons.map((r) => `\`${r}\``).join(", ")}.`
    : undefined;
  return [contract.description, reasons].filter(Boolean).join("\n\n") || undefined;
}

/** Fastify's schema object for a contract: the types the handler's request and reply read. */
interface SchemaOf<C extends RouteContract> {
  params: C["params"];
  querystring: C["query"];
  body: C["body"];
  headers: C["headers"];
  response: C["responses"];
}

/** The handler of a contract's route: request and reply typed by its schemas. */
export type ContractHandler<C extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  object,
  FastifyContextConfig,
  SchemaOf<C>,
  ZodTypeProvider
>;

/** The server's half of a route: who may call it (route-access.ts) and how it is run. */
export interface ServeOptions extends FastifyContextConfig {
  bodyLimit?: number;
  preValidation?: RouteShorthandOptions["preValidation"];
}

/**
 * Registers `contract` with its access and handler. The contract's path is the full URL: inside a
 * plugin registered with a prefix (the admin scope) the prefix is taken off, and a contract outside
 * the scope's prefix fails the start.
 */
export function serve<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  options: ServeOptions,
  handler: ContractHandler<C>,
): void {
  const { bodyLimit, preValidation, ...config } = options;
  if (!contract.path.startsWith(app.prefix))
    throw new Error(`Route ${contract.method} ${contract.path} is served in a scope under ${app.prefix}`);
  const schema = {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(describe(contract) === undefined ? {} : { description: describe(contract) }),
    ...(contract.operationId === undefined ? {} : { operationId: contract.operationId }),
    ...(contract.hidden ? { hide: true } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.headers ? { headers: contract.headers } : {}),
    response: contract.responses,
  };
  app.contractRoutes.add(`${contract.method} ${contract.path}`);
  app.route({
    method: contract.method,
    url: contract.path.slice(app.prefix.length),
    config,
    schema,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    ...(preValidation === undefined ? {} : { preValidation }),
    handler: handler as unknown as RouteOptions["handler"],
  });
}
