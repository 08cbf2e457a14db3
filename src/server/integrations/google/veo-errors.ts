/**
 * Google's Gemini API errors in the video port's terms (video-vendors-2026.md §1.7). Google answers
 * with real HTTP statuses and `{error: {code, message, status, details?}}`; the same status means
 * different things (a bad key and a bad field are both 400), so the body's status name and the
 * ErrorInfo reason decide, then the HTTP status.
 */
import { HttpError } from "../http/json-request.js";
import { asRecord, asText } from "../kie/parse.js";
import { VendorError, type VendorErrorKind } from "../video/errors.js";

/** Which call failed: a 404 means the model on a submit, the operation (or its file) on a status. */
export type GeminiCall = "submit" | "status";

export interface GoogleErrorBody {
  message?: string;
  /** Google's name for the status: INVALID_ARGUMENT, FAILED_PRECONDITION, NOT_FOUND, … */
  status?: string;
  /** The ErrorInfo reasons in `details` (API_KEY_INVALID, CONSUMER_SUSPENDED, …). */
  reasons: string[];
}

/** The `error` of a Google error answer, read tolerantly (any part may be missing). */
export function readGoogleError(body: unknown): GoogleErrorBody {
  const error = asRecord(asRecord(body)?.error);
  const details = Array.isArray(error?.details) ? error.details : [];
  const reasons = details.map((d) => asText(asRecord(d)?.reason)).filter((r): r is string => r !== undefined);
  return { message: asText(error?.message), status: asText(error?.status), reasons };
}

/** The kind for a non-2xx answer. */
export function kindOfGoogleStatus(httpStatus: number, error: GoogleErrorBody, call: GeminiCall): VendorErrorKind {
  if (httpStatus === 400) {
    // A wrong key is a 400 INVALID_ARGUMENT told apart only by its reason.
    if (error.reasons.includes("API_KEY_INVALID")) return "unauthorized";
    // "Free tier not available" / billing not enabled: the account's problem, not the request's.
    if (error.status === "FAILED_PRECONDITION") return "insufficient_credits";
    return "rejected";
  }
  if (httpStatus === 401 || httpStatus === 403) return "unauthorized";
  // Prepaid billing depleted ("Prepay depleted"), reported by a third party.
  if (httpStatus === 402) return "insufficient_credits";
  if (httpStatus === 404) {
    if (call === "status") return "not_found";
    // "models/x is not found for API version v1beta, or is not supported for predictLongRunning.",
    // or, for an id Google retired, "models/x is no longer available" (video-vendors-2026.md addendum).
    return /is not found|not supported|no longer available/i.test(error.message ?? "") ? "model_retired" : "failed";
  }
  if (httpStatus === 429) return "rate_limited";
  // 500 INTERNAL, 503 UNAVAILABLE (overloaded), 504 DEADLINE_EXCEEDED, and a proxy's 502.
  if (httpStatus >= 500) return "unavailable";
  return "failed";
}

/** The helper's failure in the port's terms; nothing of the URL or the key goes into the message. */
export function vendorErrorOf(err: HttpError, call: GeminiCall): VendorError {
  switch (err.kind) {
    case "timeout":
      // Google may have taken the request before the time ran out: never send it elsewhere.
      return new VendorError("unavailable", "Google did not answer in time", undefined, undefined, false);
    case "unreachable":
      return new VendorError("unavailable", "Google could not be reached");
    case "unparsable":
      // A 2xx answer: on a submit, Google took the request.
      return new VendorError("failed", "Google returned an unreadable answer", err.status, undefined, false);
    case "status": {
      const status = err.status ?? 0;
      const error = readGoogleError(err.body);
      return new VendorError(
        kindOfGoogleStatus(status, error, call),
        error.message ?? `Google answered HTTP ${status}`,
        status,
      );
    }
  }
}

/** A failure in the port's terms: the helper's HttpError mapped, anything else as it is. */
export function asVendorError(err: unknown, call: GeminiCall): unknown {
  return err instanceof HttpError ? vendorErrorOf(err, call) : err;
}
