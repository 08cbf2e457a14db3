import type { QueryFunction } from "@tanstack/react-query";
import { isErrorCode, type ErrorCode } from "../../shared/error-codes";

/**
 * The one API client of the SPA (spec section 7 and 8): every call sends the session cookie,
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
      const { message } = parsed as { message: unknown };
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
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/** Like apiRequest, then parses the JSON body (an empty body gives undefined). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** POSTs multipart form data (file uploads) with the session cookie and parses the JSON answer. */
export async function apiFormData<T>(url: string, body: FormData): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" }, body, credentials: "include" });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * Query function factory: the query key's first element is the URL. With `returnNull`, a 401
 * resolves to null instead of failing (used for "who am I").
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const response = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, signal });
    if (options.on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}
