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

/** The address as ipaddr.js sees it, an IPv4-mapped IPv6 address as its IPv4 one; undefined when not an address. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

export function isPublicAddress(address: string): boolean {
  return parseAddress(address)?.range() === "unicast";
}

export function isLoopbackAddress(address: string): boolean {
  return parseAddress(address)?.range() === "loopback";
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
export type LookupFunction = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/** A dns.lookup for net to call while connecting that refuses any answer `allowed` rejects (so what was checked is what is connected to). */
export function checkedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) return callback(new BlockedAddressError(hostname), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}

const publicLookup = checkedLookup(isPublicAddress);

export interface DownloadOptions {
  signal: AbortSignal;
  /** Origins whose addresses are not checked (our own simulator, the operator's KIE_BASE_URL). */
  trustedOrigins: readonly string[];
  maxRedirects?: number;
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
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new Error(`Refused to fetch a ${url.protocol} URL`));
  const trusted = opts.trustedOrigins.includes(url.origin);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!trusted && net.isIP(host) && !isPublicAddress(host)) return Promise.reject(new BlockedAddressError(host));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { signal: opts.signal, ...(trusted ? {} : { lookup: publicLookup }) }, resolve);
    req.on("error", reject);
  });
}
