/**
 * One call to an OpenAI-compatible Chat Completions endpoint (decision 0160): `POST
 * {base}/chat/completions` with a bearer key, `{model, messages}` in, `choices[0].message.content`
 * out. KIE's chat models, OpenAI, OpenRouter and a model the owner runs themselves all answer this.
 *
 * Our own small client rather than the `openai` package: one call, and it must do what that
 * package does not: read at most MAX_ANSWER_BYTES of the answer (a hostile or broken endpoint's
 * endless body is cut off, not buffered), connect only to an address checked inside the
 * connection's own lookup (never link-local or cloud metadata addresses), and fail in our kinds
 * within one time limit for the whole exchange, never retrying on its own. The key is only ever in
 * the Authorization header: no error message, log line or answer carries it, nor the URL.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { BlockedAddressError, checkedLookup } from "../http/public-download.js";
import { USER_AGENT } from "../http/json-request.js";
import { withoutTrailingSlashes } from "../../../shared/trim.js";

export type ChatErrorKind =
  /** No answer in time, the endpoint unreachable, busy (429) or failing (5xx). */
  | "unavailable"
  /** The key or the model was refused (401, 403, 404, other 4xx). */
  | "refused"
  /** An answer we cannot use: not JSON, no text in it, or longer than we read. */
  | "bad_answer"
  /** The endpoint's address is link-local, metadata or otherwise not one we call. */
  | "blocked";

export class ChatError extends Error {
  constructor(
    readonly kind: ChatErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ChatError";
  }
}

/** The most of an answer read: a prompt is at most 5,000 characters, so 64 KiB holds any real answer. */
const MAX_ANSWER_BYTES = 64 * 1024;
const CHAT_TIMEOUT_MS = 20_000;

export interface ChatEndpoint {
  /** E.g. https://api.openai.com/v1 (no trailing slash needed). */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <key>`; none for an endpoint that asks for none. */
  apiKey: string | null;
}

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** Where the owner's endpoint may be: the internet, or their own machine or network, never link-local or metadata. */
const ALLOWED_RANGES = new Set(["unicast", "private", "loopback", "uniqueLocal"]);
/** Cloud metadata addresses that sit in ranges allowed above (AWS's IPv6 one). */
const METADATA = new Set(["fd00:ec2::254"]);

export function endpointAddressAllowed(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return ALLOWED_RANGES.has(parsed.range()) && !METADATA.has(parsed.toString());
}

const lookup = checkedLookup(endpointAddressAllowed);

/** The endpoint's URL for chat completions: `{base}/chat/completions`. */
function completionsUrl(baseUrl: string): URL {
  return new URL(`${withoutTrailingSlashes(baseUrl)}/chat/completions`);
}

/** The answer's text: a string, or the text parts of a list (some gateways send parts). */
function contentOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  const message = (choices[0] as { message?: { content?: unknown } } | null)?.message;
  const content = message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part: unknown) => {
        const text = typeof part === "object" && part !== null ? (part as { text?: unknown }).text : undefined;
        return typeof text === "string" ? text : "";
      })
      .join("");
  return undefined;
}

function kindOfStatus(status: number): ChatErrorKind {
  return status === 429 || status >= 500 ? "unavailable" : "refused";
}

/**
 * Asks the endpoint and resolves with the answer's text (untrimmed), or throws a ChatError. One
 * time limit covers connecting, waiting and reading; at most MAX_ANSWER_BYTES are read.
 */
export function chatCompletion(
  endpoint: ChatEndpoint,
  messages: readonly ChatMessage[],
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<string> {
  const timeoutMs = opts.timeoutMs ?? CHAT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? MAX_ANSWER_BYTES;
  let url: URL;
  try {
    url = completionsUrl(endpoint.baseUrl);
  } catch {
    return Promise.reject(new ChatError("refused", "The endpoint's base URL is not a URL"));
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return Promise.reject(new ChatError("refused", "The endpoint's base URL must be http or https"));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !endpointAddressAllowed(host))
    return Promise.reject(new ChatError("blocked", "The endpoint's address is not one prompt help calls"));

  const payload = JSON.stringify({ model: endpoint.model, messages });
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(payload)),
    "user-agent": USER_AGENT,
  };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;

  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const fail = (err: ChatError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(err);
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "POST", headers, lookup }, (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes)
          return fail(new ChatError("bad_answer", `An answer longer than ${maxBytes} bytes`, status));
        chunks.push(chunk);
      });
      response.on("error", () => fail(new ChatError("unavailable", "The answer was cut off", status)));
      response.on("end", () => {
        if (settled) return;
        if (status < 200 || status >= 300) return fail(new ChatError(kindOfStatus(status), `HTTP ${status}`, status));
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          return fail(new ChatError("bad_answer", "An answer that is not JSON", status));
        }
        const text = contentOf(body);
        if (text === undefined) return fail(new ChatError("bad_answer", "An answer without a message", status));
        settled = true;
        clearTimeout(timer);
        resolve(text);
      });
    });
    const timer = setTimeout(() => fail(new ChatError("unavailable", `No answer within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
    request.on("error", (err) =>
      fail(
        err instanceof BlockedAddressError
          ? new ChatError("blocked", "The endpoint's address is not one prompt help calls")
          : new ChatError("unavailable", "The endpoint could not be reached"),
      ),
    );
    request.end(payload);
  });
}
