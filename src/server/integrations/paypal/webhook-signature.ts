/**
 * PayPal's webhook signature checked here, without PayPal's API (decision 0133). PayPal signs
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, unsigned decimal>`
 * with SHA256withRSA; the certificate is at the delivery's PAYPAL-CERT-URL. So a forged
 * delivery costs a signature check against a cached certificate, not a call with the merchant's
 * credentials. What the headers must look like before anything is fetched is here too.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { USER_AGENT } from "../http/json-request.js";

/** The one algorithm PayPal signs with (PAYPAL-AUTH-ALGO). */
export const PAYPAL_AUTH_ALGO = "SHA256withRSA";

/** PayPal's certificate hosts, live and sandbox: https only, default port, nothing else. */
const PAYPAL_CERT_HOSTS = new Set([
  "api.paypal.com",
  "api-m.paypal.com",
  "api.sandbox.paypal.com",
  "api-m.sandbox.paypal.com",
]);

/** `/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`: one certificate, named by its id. */
const CERT_PATH = /^\/v1\/notifications\/certs\/[A-Za-z0-9_-]{1,128}$/;

/**
 * Whether a PAYPAL-CERT-URL may be fetched: https on one of PayPal's hosts exactly (no port, no
 * user, no query), or the origin of PAYPAL_BASE_URL when the operator set one (a local fake in
 * tests), and a certificate's path. Anything else is not PayPal's and is refused unfetched.
 */
export function allowedCertUrl(value: string, trustedOrigin: string | undefined): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash || !CERT_PATH.test(url.pathname)) return undefined;
  const paypal = url.protocol === "https:" && url.port === "" && PAYPAL_CERT_HOSTS.has(url.hostname);
  return paypal || (trustedOrigin !== undefined && url.origin === trustedOrigin) ? url : undefined;
}

/** ISO 8601 with a zone, as PayPal writes PAYPAL-TRANSMISSION-TIME (`2016-09-21T22:00:46Z`). */
const TRANSMISSION_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** How far a transmission time may be from our clock: PayPal signs each delivery as it sends it. */
export const TRANSMISSION_TOLERANCE_MS = 10 * 60_000;

/** Milliseconds between the transmission time and `now` (positive: in the past); undefined when unreadable. */
export function transmissionAge(value: string, now: number): number | undefined {
  if (!TRANSMISSION_TIME.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : now - at;
}

/** A base64 signature of sensible length (a 2048-bit RSA signature is 344 characters). */
export const TRANSMISSION_SIG = /^[A-Za-z0-9+/]{16,2048}={0,2}$/;

export interface SignedDelivery {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  webhookId: string;
  /** The body exactly as received. */
  body: Buffer;
}

/** PayPal's signed string: transmission id, time, our webhook id and the body's CRC32. */
export function signedMessage(d: Omit<SignedDelivery, "transmissionSig">): string {
  return `${d.transmissionId}|${d.transmissionTime}|${d.webhookId}|${zlib.crc32(d.body)}`;
}

/** Whether `d` is signed by the certificate's key for our webhook id and this exact body. */
export function verifySignature(d: SignedDelivery, key: crypto.KeyObject): boolean {
  try {
    return crypto.verify("sha256", Buffer.from(signedMessage(d)), key, Buffer.from(d.transmissionSig, "base64"));
  } catch {
    return false;
  }
}

/**
 * What asking for a certificate gave: its key; `refused` when PayPal's host says there is no
 * such certificate (a made-up URL: the delivery is forged); `unavailable` when it could not be
 * read now (PayPal's host down or slow, an expired or unreadable certificate), so PayPal's API
 * is asked instead.
 */
export type CertLookup =
  | { kind: "key"; key: crypto.KeyObject; until: number }
  | { kind: "refused"; why: string }
  | { kind: "unavailable"; why: string };

/** A PEM bundle is a few kilobytes; more is not a certificate. */
const MAX_CERT_BYTES = 64 * 1024;
const FIRST_PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** The signing certificate's public key: the first of the bundle, RSA, valid now. */
export function certificateKey(pem: string, now: number): CertLookup {
  const first = FIRST_PEM.exec(pem)?.[0];
  if (!first) return { kind: "unavailable", why: "no certificate in the answer" };
  let cert: crypto.X509Certificate;
  try {
    cert = new crypto.X509Certificate(first);
  } catch {
    return { kind: "unavailable", why: "the certificate could not be read" };
  }
  const from = cert.validFromDate.getTime();
  const until = cert.validToDate.getTime();
  if (now < from || now >= until) return { kind: "unavailable", why: "the certificate is not valid now" };
  if (cert.publicKey.asymmetricKeyType !== "rsa")
    return { kind: "unavailable", why: "the certificate's key is not RSA" };
  return { kind: "key", key: cert.publicKey, until };
}

/** GET the certificate: no redirects, a timeout, at most MAX_CERT_BYTES read. */
export async function fetchCertificate(url: URL, timeoutMs: number, now = Date.now): Promise<CertLookup> {
  let res: Response;
  try {
    res = await fetch(url, {
      redirect: "manual",
      headers: { "user-agent": USER_AGENT, accept: "application/x-pem-file, text/plain, */*" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { kind: "unavailable", why: "PayPal's certificate host could not be reached" };
  }
  if (res.status >= 500 || res.status === 429) {
    await res.body?.cancel();
    return { kind: "unavailable", why: `PayPal's certificate host answered HTTP ${res.status}` };
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    return { kind: "refused", why: `PayPal has no such certificate (HTTP ${res.status})` };
  }
  const text = await readCapped(res, MAX_CERT_BYTES);
  return text === undefined
    ? { kind: "unavailable", why: "the certificate could not be read" }
    : certificateKey(text, now());
}

/** The body as text, or undefined when cut off or longer than `max` bytes. */
async function readCapped(res: Response, max: number): Promise<string | undefined> {
  if (!res.body) return "";
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  return Buffer.concat(chunks).toString("utf8");
}

export interface CertCacheOptions {
  /** How to get a certificate (fetchCertificate over HTTP unless a test gives another). */
  load: (url: URL) => Promise<CertLookup>;
  /** Certificates kept at once; the oldest goes first. PayPal signs with one or two at a time. */
  maxCertificates?: number;
  /** Failed URLs remembered at once, apart from the certificates so that they cannot push one out. */
  maxFailures?: number;
  /** How long a URL PayPal has no certificate for is refused without asking again. */
  refusedForMs?: number;
  /** How long after a failed read the API is used without trying the URL again. */
  unavailableForMs?: number;
  now?: () => number;
}

interface Remembered {
  lookup: CertLookup;
  until: number;
}

/**
 * Certificates by URL, bounded: a certificate is kept until it expires or is pushed out by newer
 * ones, a failure for a while (in a bounded list of its own), and concurrent deliveries naming
 * one URL share one request.
 */
export class PaypalCertCache {
  private readonly certificates = new Map<string, Remembered>();
  private readonly failures = new Map<string, Remembered>();
  private readonly inflight = new Map<string, Promise<CertLookup>>();
  private readonly now: () => number;

  constructor(private readonly opts: CertCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** How many certificates and failed URLs are remembered. */
  get size(): { certificates: number; failures: number } {
    return { certificates: this.certificates.size, failures: this.failures.size };
  }

  async get(url: URL): Promise<CertLookup> {
    const key = url.href;
    const cached = this.recall(this.certificates, key) ?? this.recall(this.failures, key);
    if (cached) return cached;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.opts
        .load(url)
        .then((lookup) => {
          this.remember(key, lookup);
          return lookup;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private recall(map: Map<string, Remembered>, key: string): CertLookup | undefined {
    const found = map.get(key);
    if (!found) return undefined;
    if (this.now() < found.until) return found.lookup;
    map.delete(key);
    return undefined;
  }

  private remember(key: string, lookup: CertLookup): void {
    const now = this.now();
    if (lookup.kind === "key") {
      keep(this.certificates, this.opts.maxCertificates ?? 16, key, { lookup, until: lookup.until });
      return;
    }
    const forMs =
      lookup.kind === "refused" ? (this.opts.refusedForMs ?? 10 * 60_000) : (this.opts.unavailableForMs ?? 60_000);
    keep(this.failures, this.opts.maxFailures ?? 256, key, { lookup, until: now + forMs });
  }
}

/** Sets `key` last in `map`, first dropping the oldest entries beyond `max`. */
function keep(map: Map<string, Remembered>, max: number, key: string, value: Remembered): void {
  map.delete(key);
  for (const oldest of map.keys()) {
    if (map.size < max) break;
    map.delete(oldest);
  }
  map.set(key, value);
}
