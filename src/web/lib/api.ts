import type { z } from "zod";
import { isErrorCode, type ErrorCode } from "../../shared/error-codes";

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

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = extractServerMessage(bodyText) || statusText || `Request failed (${status})`;
    this.code = extractCode(bodyText);
  }
}

function extractCode(bodyText: string): ErrorCode | undefined {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    const code = parsed && typeof parsed === "object" ? (parsed as { code?: unknown }).code : undefined;
    return isErrorCode(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

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

/** A human-readable message for any error thrown by the API client or by fetch. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = (await response.text().catch(() => "")).trim();
  throw new ApiError(response.status, response.statusText, bodyText);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Sends a JSON request with the session cookie and returns the raw response (2xx only). */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/** An answer that does not match the route's shared schema: this page is older or newer than the server. */
export class UnexpectedResponseError extends Error {
  constructor(url: string, cause: z.ZodError) {
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

/** Sends a JSON request and reads the answer with the route's shared response schema. */
export async function apiCall<S extends z.ZodType>(
  schema: S,
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<z.output<S>> {
  const response = await apiRequest(method, url, body, headers);
  return parseResponse(schema, url, await response.text());
}

/** A query function that reads `url` with its shared schema; `"returnNull"` answers null when signed out. */
export function schemaQueryFn<S extends z.ZodType>(schema: S, url: string): (context: { signal?: AbortSignal }) => Promise<z.output<S>>;
export function schemaQueryFn<S extends z.ZodType>(
  schema: S,
  url: string,
  on401: UnauthorizedBehavior,
): (context: { signal?: AbortSignal }) => Promise<z.output<S> | null>;
export function schemaQueryFn<S extends z.ZodType>(schema: S, url: string, on401: UnauthorizedBehavior = "throw") {
  return async ({ signal }: { signal?: AbortSignal }): Promise<z.output<S> | null> => {
    const response = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return parseResponse(schema, url, await response.text());
  };
}

/** POSTs multipart form data (file uploads) with the session cookie and reads the answer with its schema. */
export async function apiFormData<S extends z.ZodType>(schema: S, url: string, body: FormData): Promise<z.output<S>> {
  const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" }, body, credentials: "include" });
  await throwIfNotOk(response);
  return parseResponse(schema, url, await response.text());
}

export type UnauthorizedBehavior = "returnNull" | "throw";
