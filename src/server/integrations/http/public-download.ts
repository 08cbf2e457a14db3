/**
 * GET a file from the internet without reaching this machine's own network (server-side request
 * forgery): every address the host resolves to is checked when the connection is made (so a DNS
 * answer cannot change between the check and the connect), literal IPs likewise, and redirects
 * are followed by hand, each hop checked again. Only unicast public addresses pass, unless the
 * caller trusts the URL's origin (the simulator, a KIE_BASE_URL the operator set).
 */
import dns from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

export class BlockedAddressError extends Error {
  constructor(host: string) {
    super(`Refused to fetch from ${host}: not a public internet address`);
  }
}

/**
 * The address's range as ipaddr.js names it ("unicast" is the public internet), an IPv4-mapped
 * IPv6 address (::ffff:0:0/96) judged as its IPv4 one; undefined when not an address.
 *
 * - IPv4-compatible addresses (::/96 but :: and ::1, deprecated by RFC 4291) are refused whole:
 *   `[::127.0.0.1]` is stored as `[::7f00:1]`, which ipaddr.js calls unicast (issue 36).
 * - NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo carry an IPv4 address too;
 *   ipaddr.js gives them ranges of their own, so they are never "unicast" whatever they carry.
 */
function rangeOf(address: string): string | undefined {
  const text = canonical(address);
  if (text === undefined) return undefined;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv4") return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
  if (v6.match(IPV4_COMPATIBLE) && v6.range() !== "loopback" && v6.range() !== "unspecified") return "ipv4Compatible";
  return v6.range();
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96") as [ipaddr.IPv6, number];

/**
 * The address as WHATWG URLs write it: ipaddr.js reads an IPv6 address ending in a dotted quad
 * (`::127.0.0.1`, as getaddrinfo prints IPv4-compatible answers) as IPv4-mapped, so IPv6 text is
 * first rewritten in hexadecimal (`::7f00:1`). A zone (`%eth0`) never makes an address public.
 */
function canonical(address: string): string | undefined {
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return undefined;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

export function isPublicAddress(address: string): boolean {
  return rangeOf(address) === "unicast";
}

export function isLoopbackAddress(address: string): boolean {
  return rangeOf(address) === "loopback";
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;
export type LookupFunction = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/** A dns.lookup for net to call while connecting that refuses any answer `allowed` rejects (so what was checked is what is connected to). */
export function checkedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || addresses.some((a) => !allowed(a.address)))
        return callback(new BlockedAddressError(hostname), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}

const publicLookup = checkedLookup(isPublicAddress);
const publicOrLoopback = (address: string) => isPublicAddress(address) || isLoopbackAddress(address);
const publicOrLoopbackLookup = checkedLookup(publicOrLoopback);

export interface DownloadOptions {
  signal: AbortSignal;
  /** Origins whose addresses are not checked (our own simulator, the operator's KIE_BASE_URL). */
  trustedOrigins: readonly string[];
  maxRedirects?: number;
  /** Loopback addresses pass too (tests and self-hosting: IMAGE_URLS_ALLOW_LOCAL); private and metadata ones never. */
  allowLoopback?: boolean;
}

/** The response of a GET (any status; the caller reads or drains it), after following redirects. */
export async function downloadPublic(url: string, opts: DownloadOptions): Promise<IncomingMessage> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const res = await getOnce(current, opts);
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.resume();
      if (hop >= (opts.maxRedirects ?? 3)) throw new Error("Too many redirects");
      current = new URL(location, current);
      continue;
    }
    return res;
  }
}

function getOnce(url: URL, opts: DownloadOptions): Promise<IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new Error(`Refused to fetch a ${url.protocol} URL`));
  const trusted = opts.trustedOrigins.includes(url.origin);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const allowed = opts.allowLoopback ? publicOrLoopback : isPublicAddress;
  if (!trusted && net.isIP(host) && !allowed(host)) return Promise.reject(new BlockedAddressError(host));
  const client = url.protocol === "https:" ? https : http;
  const lookup = opts.allowLoopback ? publicOrLoopbackLookup : publicLookup;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { signal: opts.signal, ...(trusted ? {} : { lookup }) }, resolve);
    req.on("error", reject);
  });
}
