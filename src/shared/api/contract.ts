/**
 * A route's contract (decision 0069): method, path with its `:params`, and the zod schemas of its
 * params, query, body and every answer, with the words OpenAPI shows. One value in src/shared/api,
 * used by the server to register the route (http/route-contract.ts `serve`, which adds the access
 * and the handler) and by the web app to call it (web/lib/api.ts `call`): rename a field or a
 * path here and both sides fail the type check.
 */
import type { z } from "zod";
import type { ErrorReason } from "../error-reasons.js";
import { apiErrorSchema } from "../schemas/api-error.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An answer that is not JSON (a file, a redirect, an event stream): its content types and schemas. */
export interface NonJsonAnswer {
  description?: string;
  content: Record<string, { schema: z.ZodType }>;
}

type Answer = z.ZodType | NonJsonAnswer;

export interface RouteContract {
  method: HttpMethod;
  /** Fastify's spelling: `/api/videos/:taskId`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route reads and documents (the automation API's Idempotency-Key...). */
  headers?: z.ZodType;
  /** Every success status and the error statuses it documents (`...errors(401, 404)`). */
  responses: Record<number, Answer>;
  /** The finer error keys (shared/error-reasons.ts) this route can answer with. */
  reasons?: readonly ErrorReason[];
  /** OpenAPI's grouping and one line on what the route does. */
  tags: readonly string[];
  summary: string;
  description?: string;
  /** A stable name for generated clients (n8n nodes, SDKs). */
  operationId?: string;
  /** Left out of the OpenAPI document (still registered, still typed). */
  hidden?: boolean;
}

/** Checks a contract's shape and keeps its exact type (the schemas' types are what both sides read). */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

/** Error answers for these statuses with `schema` (the automation API's own shape), for `responses`. */
export function errorsWith<S extends z.ZodType>(schema: S, ...statuses: number[]): Record<number, S> {
  return Object.fromEntries(statuses.map((s) => [s, schema]));
}

/** The API's error answers (`{message, code, reason?}`) for these statuses. */
export const errors = (...statuses: number[]) => errorsWith(apiErrorSchema, ...statuses);

/** The names of a path's `:params`: `PathParams<"/a/:id/b/:n">` is `"id" | "n"`. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller gives for the path's params: the params schema's input, else one string per `:name`. */
export type ParamsInput<C extends RouteContract> = C["params"] extends z.ZodType
  ? Input<C["params"]>
  : [PathParams<C["path"]>] extends [never]
    ? never
    : Record<PathParams<C["path"]>, string>;

export type QueryInput<C extends RouteContract> = Input<C["query"]>;
export type BodyInput<C extends RouteContract> = Input<C["body"]>;

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessAnswer<C extends RouteContract> = C["responses"][Extract<keyof C["responses"], SuccessStatus>];

/** What a successful JSON answer reads as (the first success status's schema output). */
export type SuccessOutput<C extends RouteContract> =
  SuccessAnswer<C> extends z.ZodType ? z.output<SuccessAnswer<C>> : unknown;

// The URL of a call, in a module without zod: the landing page's first load builds URLs too.
