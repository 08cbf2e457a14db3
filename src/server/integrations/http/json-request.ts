/**
 * The one way the server calls an outside JSON API (KIE, Creem, PayPal, Google, Telegram;
 * decision 0038): a timeout on the whole exchange, the body read once, tolerant JSON parsing,
 * and one typed HttpError that each client maps to its own error (KieError, CreemError, ...).
 *
 * Nothing here puts a URL, a header or a body into an error message: Telegram's token is part of
 * its URLs and a PayPal token answer carries a bearer token. The body is kept on the error for
 * the client's own message, as a non-enumerable property that log serialisers do not copy.
 */

export const USER_AGENT = "VeoStudio/1.0 (+https://github.com/veo-studio)";

export type HttpErrorKind =
  /** No complete answer within `timeoutMs` (connecting, waiting, or reading the body). */
  | "timeout"
  /** No answer at all: DNS, refused or reset connection, invalid URL, a body cut off. */
  | "unreachable"
  /** An answer with a status outside 200-299; `body` holds its JSON when it had any. */
  | "status"
  /** A 2xx answer whose body is not JSON. */
  | "unparsable";

export class HttpError extends Error {
  /** The parsed JSON body (undefined when empty or not JSON). Not enumerable: never logged. */
  declare readonly body: unknown;
  /** The raw body text. Not enumerable: never logged. */
  declare readonly text: string;

  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    /** The HTTP status, for "status" and "unparsable". */
    readonly status?: number,
    body?: unknown,
    text = "",
  ) {
    super(message);
    this.name = "HttpError";
    Object.defineProperty(this, "body", { value: body, enumerable: false });
    Object.defineProperty(this, "text", { value: text, enumerable: false });
  }
}

export interface JsonRequestInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as they are; `accept: application/json` is added unless given. */
  headers?: Record<string, string>;
  /** Serialised as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as it is (a form, URL-encoded text) when `json` is undefined. */
  body?: FormData | URLSearchParams | string;
  /** For the whole exchange, the body included. */
  timeoutMs: number;
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined for an empty body. */
  body: unknown;
}

const isTimeout = (err: unknown) => err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

function failure(err: unknown, timeoutMs: number): HttpError {
  return isTimeout(err)
    ? new HttpError("timeout", `No answer within ${timeoutMs} ms`)
    : new HttpError("unreachable", "The service could not be reached");
}

/** Tolerant parse: undefined for an empty body, `unparsable` for anything else that is not JSON. */
function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * One request. Resolves with the parsed body of a 2xx answer; throws an HttpError otherwise.
 * A non-2xx answer is "status" even when its body is missing, cut off or not JSON.
 */
export async function requestJson(url: string, init: JsonRequestInit): Promise<JsonResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  let payload: FormData | URLSearchParams | string | undefined = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(init.json);
  }

  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? "GET",
      headers,
      body: payload,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    throw failure(err, init.timeoutMs);
  }

  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    // The status is what matters for an error answer; a success without its body is no answer.
    if (!res.ok) throw new HttpError("status", `HTTP ${res.status}`, res.status);
    throw failure(err, init.timeoutMs);
  }

  const parsed = parseBody(text);
  const body = parsed.ok ? parsed.value : undefined;
  if (!res.ok) throw new HttpError("status", `HTTP ${res.status}`, res.status, body, text);
  if (!parsed.ok)
    throw new HttpError("unparsable", `HTTP ${res.status} with a body that is not JSON`, res.status, undefined, text);
  return { status: res.status, headers: res.headers, body };
}
