/**
 * The machine-readable `code` of every error the API answers with (decision 0039), and the one
 * table that maps each to its HTTP status. Clients switch on the code, never on the message text
 * (which is for people, and will come in two languages).
 */
export const ERROR_STATUS = {
  /** The input is wrong in a way the message explains. */
  invalid_input: 400,
  /** Text with a NUL character or broken Unicode. */
  unstorable_text: 400,
  /** A webhook URL that is not https, or points to a private, local or reserved address (decision 0047). */
  webhook_url_refused: 400,
  /** The address could not be decoded. */
  invalid_address: 400,
  /** No valid session (or, on the automation API, no valid token). */
  not_signed_in: 401,
  invalid_credentials: 401,
  invalid_api_token: 401,
  insufficient_credits: 402,
  payment_declined: 402,
  /** Credits owed for a refunded payment, or a payment under dispute (decision 0084): no spending until settled. */
  account_on_hold: 402,
  forbidden: 403,
  admin_required: 403,
  /** A state-changing request from another website. */
  cross_site_request: 403,
  account_disabled: 403,
  /** Signed in with the password (or Google) only: the second step (decision 0092) is still to come. */
  second_factor_pending: 403,
  /** An admin without a second factor while the admin's setting requires one: only its enrolment is open. */
  second_factor_enrolment_required: 403,
  /** A sensitive action needs a fresh second-factor check (`reason`: second_factor_required). */
  second_factor_required: 403,
  /** A wrong or already used code from an authenticator app, a recovery code or a passkey. */
  invalid_second_factor: 401,
  not_found: 404,
  /** A method the address does not answer (GET or DELETE on the stateless MCP server, decision 0168). */
  method_not_allowed: 405,
  conflict: 409,
  /** An Idempotency-Key whose first request has not finished yet (retry after Retry-After). */
  idempotency_key_in_progress: 409,
  payload_too_large: 413,
  upload_quota_exceeded: 413,
  address_too_long: 414,
  unsupported_media_type: 415,
  /** A Range header asking for bytes the file does not have. */
  range_not_satisfiable: 416,
  /** Understood but refused by an outside service (Telegram, a payment provider). */
  unprocessable: 422,
  /** An Idempotency-Key already used for a different request. */
  idempotency_key_reused: 422,
  rate_limited: 429,
  /** As many videos being made as the account may have at once (decision 0093); Retry-After says when to look again. */
  too_many_in_flight: 429,
  internal_error: 500,
  /** An outside service (the video provider, a payment provider, S3) failed or answered badly. */
  upstream_error: 502,
  service_unavailable: 503,
  /** The payment method is not set up by the admin. */
  payment_not_configured: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The code for a status when nothing more specific is known (framework errors). */
export function codeForStatus(status: number): ErrorCode {
  const generic: Record<number, ErrorCode> = {
    400: "invalid_input",
    401: "not_signed_in",
    402: "insufficient_credits",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    416: "range_not_satisfiable",
    414: "address_too_long",
    415: "unsupported_media_type",
    422: "unprocessable",
    429: "rate_limited",
    502: "upstream_error",
    503: "service_unavailable",
  };
  return generic[status] ?? (status >= 500 ? "internal_error" : "invalid_input");
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
