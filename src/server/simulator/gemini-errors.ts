/**
 * Google's error answers for the Gemini fake: `{error: {code, message, status, details?}}` with
 * HTTP `code` (video-vendors-2026.md §1.7). Messages are Google's where known (the key errors,
 * the generic ones per status), ours elsewhere.
 */
import { BAD_KEY_MARKER, type SimContext } from "./context.js";

export class GoogleError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, status: this.status, details: this.details } };
  }
}

/** Google's status name and generic message per HTTP status. */
const STATUSES: Record<number, readonly [string, string]> = {
  400: ["INVALID_ARGUMENT", "Request contains an invalid argument."],
  403: ["PERMISSION_DENIED", "The caller does not have permission"],
  404: ["NOT_FOUND", "Requested entity was not found."],
  429: ["RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."],
  500: [
    "INTERNAL",
    "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
  ],
  503: ["UNAVAILABLE", "The model is overloaded. Please try again later."],
  504: ["DEADLINE_EXCEEDED", "Deadline expired before operation could complete."],
};

/** The HTTP errors a prompt can ask predictLongRunning for with `[sim:gemini-NNN]` (all retryable at Google). */
export const SUBMIT_ERROR_CODES = [429, 500, 503, 504] as const;

/** An error with Google's status name and (unless given) its generic message for that HTTP status. */
export function googleError(code: number, message?: string): GoogleError {
  const [status, generic] = STATUSES[code] ?? ["UNKNOWN", `HTTP ${code}`];
  return new GoogleError(code, status, message ?? generic);
}

/** 400 INVALID_ARGUMENT naming the field (a google.rpc.BadRequest detail, as Google adds). */
export const invalid = (field: string, message: string) =>
  new GoogleError(400, "INVALID_ARGUMENT", message, [
    { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description: message }] },
  ]);

/** Google's 404 for a model it does not have (or that has no such method). */
export const modelNotFound = (model: string, method: string) =>
  googleError(
    404,
    `models/${model} is not found for API version v1beta, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
  );

/** The 404 the reseller's notice quotes for a retired id (video-vendors-2026.md, addendum 1). */
export const modelRetired = (model: string) => googleError(404, `models/${model} is no longer available`);

const errorInfo = (reason: string) => ({
  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
  reason,
  domain: "googleapis.com",
  metadata: { service: "generativelanguage.googleapis.com" },
});

/** The key from `x-goog-api-key` or `?key=` (Google takes either), or undefined. */
export function googleKey(headers: Record<string, unknown>, query: unknown): string | undefined {
  const header = headers["x-goog-api-key"];
  const fromQuery = (query as Record<string, unknown> | undefined)?.key;
  const key = typeof header === "string" ? header : typeof fromQuery === "string" ? fromQuery : "";
  return key.trim() === "" ? undefined : key.trim();
}

/**
 * Why Google would refuse this key, or undefined. The simulator's `apiKey` (any key when unset),
 * `sim-bad-key` and revoked accounts work as on the KIE routes, in Google's words.
 */
export function keyProblem(ctx: SimContext, key: string | undefined): GoogleError | undefined {
  if (key === undefined) {
    return googleError(
      403,
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  }
  if (key.toLowerCase().includes(BAD_KEY_MARKER) || (ctx.apiKey !== undefined && key !== ctx.apiKey)) {
    return new GoogleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
      errorInfo("API_KEY_INVALID"),
    ]);
  }
  if (ctx.accounts.get(key)?.revoked) {
    return new GoogleError(403, "PERMISSION_DENIED", "Permission denied: Consumer has been suspended.", [
      errorInfo("CONSUMER_SUSPENDED"),
    ]);
  }
  return undefined;
}
