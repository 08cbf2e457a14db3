import type { ErrorCode } from "./contracts.js";

/** The code of an answer whose body says none (a proxy's error page), as the server words its own. */
const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "invalid_input",
  401: "invalid_api_token",
  402: "insufficient_credits",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  414: "address_too_long",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "rate_limited",
  502: "upstream_error",
  503: "service_unavailable",
};

/** Every refusal or failure the server answers with: its HTTP status, its code and its message. */
export class VeoStudioError extends Error {
  override readonly name = "VeoStudioError";
  /** The HTTP status (402 too few credits, 404 not found or not yours, 429 too many requests...). */
  readonly status: number;
  /** What went wrong, for programs to switch on; `message` is for people. */
  readonly code: ErrorCode;
  /** Seconds to wait before trying again, when the server said (Retry-After: 429, 503, 409). */
  readonly retryAfter: number | undefined;

  constructor(init: { status: number; code: ErrorCode; message: string; retryAfter?: number | undefined }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter;
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The error an unsuccessful answer stands for, from its `{message, code}` body when it has one. */
export async function errorFromResponse(response: Response): Promise<VeoStudioError> {
  const text = await response.text().catch(() => "");
  let body: { message?: unknown; code?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed;
  } catch {
    // Not JSON: a proxy or gateway answered; the status says what it can.
  }
  const code =
    typeof body.code === "string"
      ? (body.code as ErrorCode)
      : (CODE_FOR_STATUS[response.status] ?? (response.status >= 500 ? "internal_error" : "invalid_input"));
  const message =
    typeof body.message === "string" && body.message
      ? body.message
      : `The server answered ${response.status} ${response.statusText}`.trim();
  return new VeoStudioError({
    status: response.status,
    code,
    message,
    retryAfter: retryAfterSeconds(response.headers.get("retry-after")),
  });
}
