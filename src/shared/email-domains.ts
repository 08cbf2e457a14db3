/**
 * Mail domains as the sign-up checks compare them (decision 0091): lower-case ASCII, an
 * internationalised name in its punycode form (the WHATWG URL parser's UTS #46 mapping, the one
 * node:url's domainToASCII uses), no leading "@" or trailing dot. Isomorphic: the admin's lists
 * are checked with it in the browser and on the server.
 */

/** A domain one list may hold at most this many of (the admin's allowed and blocked lists). */
export const EMAIL_DOMAIN_LIST_MAX = 500;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Characters a URL would read as something other than a host name. */
const NOT_A_HOST = /[\s/?#@:\\[\]%]/;

/** `text` as a domain name in the compared form; null when it is not one (an address, a URL, an IP address). */
export function normalisedDomain(text: string): string | null {
  let domain = text.trim();
  if (domain.startsWith("@")) domain = domain.slice(1);
  if (domain.endsWith(".")) domain = domain.slice(0, -1);
  if (domain === "" || NOT_A_HOST.test(domain)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  if (ascii.length > 253) return null;
  const labels = ascii.split(".");
  if (!labels.every((label) => LABEL.test(label))) return null;
  // A last label of digits only is an IPv4 address (which the URL parser also rewrites).
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

/** The domain and each of its parents: `a.b.example.com`, `b.example.com`, `example.com`, `com`. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}
