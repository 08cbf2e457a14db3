import type { z } from "zod";
import { t } from "@lingui/core/macro";
import { isErrorCode, type ErrorCode } from "../../shared/error-codes";
import { ERROR_REASONS, type ErrorParams, type ErrorReason } from "../../shared/error-reasons";
import { apiErrorText } from "./error-text";
import { markAnswered, markRefused } from "./service-status";

/**
 * The one API client of the SPA (decision 0006): every call sends the session cookie,
 * bodies are JSON, and any non-2xx response becomes an ApiError.
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

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

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

/** Sends a JSON request with the session cookie and returns the raw response (2xx only). */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(url, {
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
export function parseResponse<S extends z.ZodType>(schema: S, url: string, text: string): z.output<S> {
  const result = schema.safeParse(text ? JSON.parse(text) : undefined);
  if (!result.success) throw new UnexpectedResponseError(url, result.error);
  return result.data;
}

/**
 * A response schema, or a function that imports it. Code on the landing page's first load passes
 * the function: zod and the schemas (about a quarter of that page's JavaScript) then download only
 * when an answer is there to read, and a signed-out visitor's 401 never needs them.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

const schemaOf = <S extends z.ZodType>(source: SchemaSource<S>): S | Promise<S> =>
  typeof source === "function" ? source() : source;

/** Sends a JSON request and reads the answer with the route's shared response schema. */
export async function apiCall<S extends z.ZodType>(
  schema: SchemaSource<S>,
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<z.output<S>> {
  const response = await apiRequest(method, url, body, headers);
  return parseResponse(await schemaOf(schema), url, await response.text());
}

/** A query function that reads `url` with its shared schema; `"returnNull"` answers null when signed out. */
export function schemaQueryFn<S extends z.ZodType>(
  schema: SchemaSource<S>,
  url: string,
): (context: { signal?: AbortSignal }) => Promise<z.output<S>>;
export function schemaQueryFn<S extends z.ZodType>(
  schema: SchemaSource<S>,
  url: string,
  on401: UnauthorizedBehavior,
): (context: { signal?: AbortSignal }) => Promise<z.output<S> | null>;
export function schemaQueryFn<S extends z.ZodType>(
  schema: SchemaSource<S>,
  url: string,
  on401: UnauthorizedBehavior = "throw",
) {
  return async ({ signal }: { signal?: AbortSignal }): Promise<z.output<S> | null> => {
    const response = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return parseResponse(await schemaOf(schema), url, await response.text());
  };
}

/** POSTs multipart form data (file uploads) with the session cookie and reads the answer with its schema. */
export async function apiFormData<S extends z.ZodType>(schema: S, url: string, body: FormData): Promise<z.output<S>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json" },
    body,
    credentials: "include",
  });
  await throwIfNotOk(response);
  return parseResponse(schema, url, await response.text());
}

export type UnauthorizedBehavior = "returnNull" | "throw";
