/** What can go wrong with a PayPal call, in the terms the product acts on (PayPal's error answers). */
import { asRecord, asText } from "../kie/parse.js";

export type PaypalErrorKind =
  /** The client id or secret is wrong, or belongs to the other environment. */
  | "unauthorized"
  /** PayPal understood the request and refused it (HTTP 422): `issue` says why. */
  | "unprocessable"
  /** The order does not exist (in this environment). */
  | "not_found"
  /** The request was malformed (HTTP 400): a bug on our side. */
  | "rejected"
  /** PayPal is down, limiting requests, or did not answer in time: try again later. */
  | "unavailable"
  /** Anything else, including answers that cannot be read. */
  | "failed";

/** `message` is safe to log and show to an admin: it never holds the secret or a token. */
export class PaypalError extends Error {
  constructor(
    readonly kind: PaypalErrorKind,
    message: string,
    /** PayPal's `details[0].issue`, e.g. ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED. */
    readonly issue?: string,
    readonly status?: number,
    /** PayPal's `debug_id`: what PayPal support asks for. */
    readonly debugId?: string,
    /** PayPal's own words for it (`issue: description`), when it gave any. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "PaypalError";
  }
}

/** PayPal's error body: `{name, message, details: [{issue, description}], debug_id}`. */
export function errorForResponse(status: number, body: unknown): PaypalError {
  const record = asRecord(body);
  const detail = asRecord(Array.isArray(record?.details) ? record.details[0] : undefined);
  const issue = asText(detail?.issue) ?? asText(record?.name);
  const description = (asText(detail?.description) ?? asText(record?.message) ?? "").slice(0, 300);
  const debugId = asText(record?.debug_id);
  const said = `${issue ?? `HTTP ${status}`}${description ? `: ${description}` : ""}`;
  if (status === 401 || status === 403) {
    return new PaypalError("unauthorized", `PayPal rejected our credentials (${said})`, issue, status, debugId, said);
  }
  if (status === 404)
    return new PaypalError("not_found", `PayPal could not find the order (${said})`, issue, status, debugId, said);
  if (status === 422)
    return new PaypalError("unprocessable", `PayPal refused the request (${said})`, issue, status, debugId);
  if (status === 429 || status >= 500) {
    return new PaypalError("unavailable", `PayPal is unavailable right now (HTTP ${status})`, issue, status, debugId);
  }
  if (status === 400)
    return new PaypalError("rejected", `PayPal refused the request as invalid (${said})`, issue, status, debugId);
  return new PaypalError("failed", `PayPal answered HTTP ${status} (${said})`, issue, status, debugId);
}
