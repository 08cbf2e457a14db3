/**
 * The errors of the OAuth endpoints in the RFCs' own shape, `{error, error_description}` (RFC 6749
 * §5.2, RFC 7591 §3.2.2, RFC 8707's invalid_target), which MCP clients read; the app's `message`
 * and `code` stand beside them, as on /mcp, so every error of the server has its code.
 */
import type { ErrorCode } from "../../../shared/error-codes.js";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_token_type"
  | "invalid_scope"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "rate_limited"
  | "server_error";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
    /** The app's code for the same refusal; by default the one of a 400. */
    readonly code: ErrorCode = "invalid_input",
  ) {
    super(description);
    this.name = "OAuthError";
  }
}
