import type { z } from "zod";
import { t } from "@lingui/core/macro";
import type {
  BodyInput,
  HttpMethod,
  ParamsInput,
  QueryInput,
  RouteContract,
  SuccessOutput,
} from "../../shared/api/contract";
import { urlOf } from "../../shared/route-url";
import { isErrorCode, type ErrorCode } from "../../shared/error-codes";
import { ERROR_REASONS, type ErrorParams, type ErrorReason } from "../../shared/error-reasons";
import { apiErrorText } from "./error-text";
import { markAnswered, markRefused } from "./service-status";

/**
 * The one API client of the SPA (decisions 0006, 0069): every call names a route's shared contract
 * (`call(videoRoutes.generate, { body })`), sends the session cookie and JSON, reads the answer
 * with the contract's schema, and turns any non-2xx answer into an ApiError. No other file of the
 * web app spells an `/api/` URL (tests/unit/web-api-urls.test.ts).
 */
export class ApiError extends Error {
  /** HTTP status of the failed response. */
  readonly status: number;
  /** The `message` field of a JSON error body, else the raw body text (or status text). */
  readonly serverMessage: string;
  /** The error body's machine-readable `code` (shared/error-codes.ts): switch on this, not on text. */
  readonly code: ErrorCode | undefined;
  /** A finer key where one code covers several situations (shared/error-reasons.ts). */
  readonly reason: ErrorReason | undefined;
  /** The values the message names, so the web app can word it in the person's language. */
  readonly params: ErrorParams;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the last resort of an English server message, rendered through errorMessage
    this.serverMessage = extractServerMessage(bodyText) || statusText || `Request failed (${status})`;
    const body = parseBody(bodyText);
    this.code = isErrorCode(body.code) ? body.code : undefined;
    this.reason = ERROR_REASONS.find((reason) => reason === body.reason);
    this.params = isParams(body.params) ? body.params : {};
  }
}

function parseBody(bodyText: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const isParams = (value: unknown): value is ErrorParams =>
  Boolean(value) &&
  typeof value === "object" &&
  Object.values(value as object).every((v) => typeof v === "string" || typeof v === "number");

function extractServerMessage(bodyText: string): string {
  if (!bodyText) return "";
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === "object" && "message" in parsed) {
      const { message } = parsed;
      if (typeof message === "string" && message) return message;
    }
  } catch {
    // Not JSON: fall back to the text itself.
  }
  return bodyText;
}

/** A message for any error thrown by the API client or by fetch, in the person's language. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return apiErrorText(error);
  if (error instanceof UnexpectedResponseError)
    return t`The server's answer was not understood. Reload the page to get the current version.`;
  if (error instanceof TypeError) return t`Could not reach the server. Check your connection and try again.`;
  if (error instanceof Error && error.message) return error.message;
  return t`Something went wrong. Please try again.`;
}

/** True for the server's "briefly unavailable" answer while its database is out of reach: worth retrying. */
export const isServiceOutage = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.reason === "database_unavailable";

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) {
    markAnswered(response.url);
    return;
  }
  const bodyText = (await response.text().catch(() => "")).trim();
  const error = new ApiError(response.status, response.statusText, bodyText);
  if (isServiceOutage(error)) markRefused(response.url);
  throw error;
}

/**
 * The site's own token of this session (the `csrf` cookie the server sets at sign-in): the routes
 * that charge the web price ask for it, so scripts use an API token instead (decision 0065).
 */
function webToken(): Record<string, string> {
  const value = document.cookie
    .split("; ")
    .find((pair) => pair.startsWith("csrf="))
    ?.slice("csrf=".length);
  return value ? { "X-CSRF-Token": decodeURIComponent(value) } : {};
}

/** Asks the person for their second factor; true once this session passed it (decision 0092). */
type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | undefined;

/**
 * Who asks for the second factor when a sensitive action needs a fresh check (403
 * second_factor_required): the call is sent again once it passed. Returns the unregistering function.
 */
export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = undefined;
  };
}

/** Asks for the second factor now (false when nobody can ask, or the person gave up). */
export async function askForSecondFactor(): Promise<boolean> {
  return stepUpHandler ? stepUpHandler() : false;
}

/** Sends a JSON request with the session cookie and returns the raw response (2xx only). */
async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  try {
    return await sendRequest(method, url, body, headers, signal);
  } catch (error) {
    const askAgain = error instanceof ApiError && error.code === "second_factor_required" && stepUpHandler;
    if (!askAgain || !(await askAgain())) throw error;
    return sendRequest(method, url, body, headers, signal);
  }
}

async function sendRequest(
  method: HttpMethod,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<Response> {
  const response = await fetch(url, {
    signal,
    method,
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(method === "GET" ? {} : webToken()),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/** An answer that does not match the route's shared schema: this page is older or newer than the server. */
export class UnexpectedResponseError extends Error {
  constructor(url: string, cause: z.ZodError) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console; people read errorMessage's words
    super(`The server's answer to ${url} was not understood. Reload the page to get the current version.`, { cause });
    this.name = "UnexpectedResponseError";
  }
}

/** Reads a response body with the route's shared schema (decision 0040). */
function parseResponse<S extends z.ZodType>(schema: S, url: string, text: string): z.output<S> {
  const result = schema.safeParse(text ? JSON.parse(text) : undefined);
  if (!result.success) throw new UnexpectedResponseError(url, result.error);
  return result.data;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** What a call of `C` needs: its path's params, query and body, as the contract types them. */
export type CallInput<C extends RouteContract> = ([ParamsInput<C>] extends [never]
  ? { params?: never }
  : { params: ParamsInput<C> }) &
  ([QueryInput<C>] extends [never] ? { query?: never } : { query?: QueryInput<C> }) &
  ([BodyInput<C>] extends [never] ? { body?: never } : { body: BodyInput<C> }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** A contract, or a function that imports it: see `lazyRoute`. */
export type RouteSource<C extends RouteContract> = C | (() => Promise<C>);

const routeOf = <C extends RouteContract>(source: RouteSource<C>): C | Promise<C> =>
  typeof source === "function" ? source() : source;

/** Input-less calls may leave the input out. */
type CallArgs<C extends RouteContract> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** The URL a call goes to (a query key is this URL: decision 0037). */
export function urlFor<C extends RouteContract>(route: C, ...[input]: CallArgs<C>): string {
  return urlOf(route, input ?? {});
}

/** Calls a route through its shared contract and reads the answer with the contract's schema. */
export async function call<C extends RouteContract>(
  source: RouteSource<C>,
  ...args: CallArgs<C>
): Promise<SuccessOutput<C>> {
  return (await callWithHeaders(source, ...args)).data;
}

/** The schema of the first success status of a contract (a non-JSON answer reads as its text). */
function successSchema(route: RouteContract): z.ZodType {
  const status = Object.keys(route.responses).find((s) => s.startsWith("2"));
  const answer = status === undefined ? undefined : route.responses[Number(status)];
  if (!answer || !("safeParse" in answer)) throw new Error(`${route.method} ${route.path} has no JSON answer to read`);
  return answer;
}

/** A query function calling `route`; `"returnNull"` answers null when signed out. */
export function callQuery<C extends RouteContract>(
  source: RouteSource<C>,
  input?: Omit<CallInput<C>, "signal">,
): (context: { signal?: AbortSignal }) => Promise<SuccessOutput<C>>;
export function callQuery<C extends RouteContract>(
  source: RouteSource<C>,
  input: Omit<CallInput<C>, "signal"> | undefined,
  on401: UnauthorizedBehavior,
): (context: { signal?: AbortSignal }) => Promise<SuccessOutput<C> | null>;
export function callQuery<C extends RouteContract>(
  source: RouteSource<C>,
  input?: Omit<CallInput<C>, "signal">,
  on401: UnauthorizedBehavior = "throw",
) {
  return async ({ signal }: { signal?: AbortSignal }): Promise<SuccessOutput<C> | null> => {
    try {
      return await (call as (s: RouteSource<C>, i: object) => Promise<SuccessOutput<C>>)(source, { ...input, signal });
    } catch (error) {
      if (on401 === "returnNull" && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/** As `call`, with the answer's headers too (a list's X-Total-Count and Link). */
export async function callWithHeaders<C extends RouteContract>(
  source: RouteSource<C>,
  ...args: CallArgs<C>
): Promise<{ data: SuccessOutput<C>; headers: Headers }> {
  const route = await routeOf(source);
  const response = await callRaw(route, ...args);
  return {
    data: parseResponse(successSchema(route), urlOf(route, args[0] ?? {}), await response.text()) as SuccessOutput<C>,
    headers: response.headers,
  };
}

/** Calls a route whose answer is not JSON (a file download) and gives the raw response (2xx only). */
export async function callRaw<C extends RouteContract>(route: C, ...[input]: CallArgs<C>): Promise<Response> {
  return apiRequest(route.method, urlOf(route, input ?? {}), input?.body, input?.headers ?? {}, input?.signal);
}

/** Sends multipart form data (a file upload) to a route and reads the answer with the contract's schema. */
export async function callForm<C extends RouteContract>(
  route: C,
  input: Omit<CallInput<C>, "body"> & { form: FormData },
): Promise<SuccessOutput<C>> {
  const url = urlOf(route, input);
  const response = await fetch(url, {
    method: route.method,
    headers: { Accept: "application/json", ...webToken(), ...input.headers },
    body: input.form,
    credentials: "include",
    signal: input.signal,
  });
  await throwIfNotOk(response);
  return parseResponse(successSchema(route), url, await response.text()) as SuccessOutput<C>;
}
