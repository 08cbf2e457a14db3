/**
 * Cloudflare Turnstile's server-side check (decision 0091): `POST siteverify` with the form fields
 * `secret`, `response` (the widget's token), `remoteip` and `idempotency_key`; the answer is JSON
 * `{success, "error-codes", challenge_ts, hostname, action, cdata}`. A token verifies once: a
 * second check answers `timeout-or-duplicate`, unless it repeats the first check's idempotency
 * key, which is how a retry after a lost answer stays safe.
 */
import crypto from "node:crypto";
import { HttpError, requestJson } from "../http/json-request.js";

/** passed: a person; failed: the token is missing, forged, expired or used; unavailable: no verdict could be had. */
export type SiteverifyOutcome =
  { outcome: "passed" } | { outcome: "failed"; codes: string[] } | { outcome: "unavailable"; why: string };

/** The person's token is at fault (a new one from the widget fixes it). */
const TOKEN_CODES = new Set(["missing-input-response", "invalid-input-response", "timeout-or-duplicate"]);
/** Worth one more try with the same idempotency key. */
const RETRYABLE_CODES = new Set(["internal-error"]);

const TIMEOUT_MS = 5_000;

interface Answer {
  success?: unknown;
  "error-codes"?: unknown;
  action?: unknown;
}

const codesOf = (answer: Answer): string[] =>
  Array.isArray(answer["error-codes"]) ? answer["error-codes"].filter((c) => typeof c === "string") : [];

async function ask(url: string, form: URLSearchParams): Promise<Answer | "unreachable"> {
  try {
    const { body } = await requestJson(url, { method: "POST", body: form, timeoutMs: TIMEOUT_MS });
    return body && typeof body === "object" ? body : "unreachable";
  } catch (err) {
    // A 4xx that still says why in Cloudflare's shape (a malformed request) is an answer.
    if (
      err instanceof HttpError &&
      err.kind === "status" &&
      err.status! < 500 &&
      err.body &&
      typeof err.body === "object"
    )
      return err.body;
    return "unreachable";
  }
}

/**
 * Checks `token` for `action` (the widget's action on that form; a token made on another form
 * fails). Tries twice, with one idempotency key, when Cloudflare cannot be reached or says
 * `internal-error`.
 */
export async function siteverify(input: {
  verifyUrl: string;
  secret: string;
  token: string;
  remoteIp: string;
  action: string;
}): Promise<SiteverifyOutcome> {
  const form = new URLSearchParams({
    secret: input.secret,
    response: input.token,
    remoteip: input.remoteIp,
    idempotency_key: crypto.randomUUID(),
  });
  let answer = await ask(input.verifyUrl, form);
  if (answer === "unreachable" || codesOf(answer).some((c) => RETRYABLE_CODES.has(c)))
    answer = await ask(input.verifyUrl, form);
  if (answer === "unreachable") return { outcome: "unavailable", why: "siteverify could not be reached" };
  const codes = codesOf(answer);
  if (answer.success === true) {
    // Cloudflare protects the action from changes: a token from another form is not this form's.
    if (typeof answer.action === "string" && answer.action !== "" && answer.action !== input.action)
      return { outcome: "failed", codes: [`action-mismatch:${answer.action}`] };
    return { outcome: "passed" };
  }
  if (codes.length > 0 && codes.every((c) => TOKEN_CODES.has(c))) return { outcome: "failed", codes };
  // The secret missing or refused, a malformed request, Cloudflare's own error: not the person's doing.
  return { outcome: "unavailable", why: `siteverify answered ${codes.join(", ") || "without success"}` };
}
