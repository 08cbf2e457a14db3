/**
 * POSTs a webhook to a URL a person gave us, without reaching this machine's own network
 * (decision 0047): https only; every address the host resolves to must be public (loopback and
 * plain http too when WEBHOOKS_ALLOW_LOCAL is on; private, link-local and metadata addresses
 * never); the check runs inside the connection's own lookup, so the address checked is the one
 * connected to; redirects are answers, never followed.
 */
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { BlockedAddressError, checkedLookup, isLoopbackAddress, isPublicAddress } from "./public-download.js";

export class WebhookUrlError extends Error {}

const LOOKUP_TIMEOUT_MS = 5_000;
/** Only the status matters; a receiver's long answer is read no further than this. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function webhookAddressAllowed(allowLocal: boolean): (address: string) => boolean {
  return (address) => isPublicAddress(address) || (allowLocal && isLoopbackAddress(address));
}

/** The URL's shape: the checks that need no network. Throws WebhookUrlError with a message a person can act on. */
function checkShape(raw: string, allowLocal: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError("Enter a full URL, such as https://example.com/webhooks/veo");
  }
  const schemes = allowLocal ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol))
    throw new WebhookUrlError(
      allowLocal ? "The URL must start with https:// or http://" : "The URL must start with https://",
    );
  if (url.username || url.password)
    throw new WebhookUrlError(
      "The URL must not contain a user name or password; put a secret in the path or query instead",
    );
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !webhookAddressAllowed(allowLocal)(host)) throw blocked(host);
  return url;
}

function blocked(what: string): WebhookUrlError {
  return new WebhookUrlError(
    `${what} is a private, local or reserved address: webhooks go only to addresses on the public internet`,
  );
}

/**
 * Checks a URL when it is saved: its shape, then every address its host resolves to now. The
 * delivery checks again (a DNS answer may change), so this is for a clear message, not the guard.
 */
export async function checkWebhookUrl(raw: string, allowLocal: boolean): Promise<string> {
  const url = checkShape(raw, allowLocal);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return url.href;
  let addresses: { address: string }[];
  try {
    addresses = await Promise.race([
      dns.lookup(host, { all: true }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), LOOKUP_TIMEOUT_MS).unref()),
    ]);
  } catch {
    throw new WebhookUrlError(`The host ${host} could not be found`);
  }
  const bad = addresses.find((a) => !webhookAddressAllowed(allowLocal)(a.address));
  if (bad) throw blocked(`${host} resolves to ${bad.address}, which`);
  return url.href;
}

/** The host name a URL sends to (no port; IPv6 in brackets), for the per-host limit (decision 0062); null for a URL that does not parse. */
export function webhookHost(raw: string): string | null {
  try {
    return new URL(raw).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export interface WebhookPostResult {
  /** The receiver's status code; null when no answer came. */
  statusCode: number | null;
  /** Why no 2xx came, for the delivery log; null on success. */
  error: string | null;
  /** No answer came within the timeout (the try held its request that long). */
  timedOut: boolean;
  durationMs: number;
}

export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowLocal: boolean },
): Promise<WebhookPostResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null, timedOut = false): WebhookPostResult => ({
    statusCode,
    error,
    timedOut,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = checkShape(rawUrl, opts.allowLocal);
  } catch (err) {
    return done(null, (err as Error).message);
  }
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<WebhookPostResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: "POST",
        signal,
        lookup: checkedLookup(webhookAddressAllowed(opts.allowLocal)),
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const finish = () => {
          const ok = status >= 200 && status < 300;
          const why = ok
            ? null
            : status >= 300 && status < 400
              ? `Redirect to ${res.headers.location ?? "?"} not followed`
              : `The receiver answered ${status}`;
          resolve(done(status, why));
        };
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      },
    );
    req.on("error", (err) => {
      if (err instanceof BlockedAddressError)
        return resolve(done(null, `${url.hostname} is not a public internet address`));
      if (signal.aborted) return resolve(done(null, `No answer within ${opts.timeoutMs / 1000} s`, true));
      resolve(done(null, `Could not connect: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    });
    req.end(body);
  });
}
