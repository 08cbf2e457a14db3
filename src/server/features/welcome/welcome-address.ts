/**
 * What identifies a person for the welcome grant (issue 70, decision 0155): their address as a
 * farmer cannot vary it (letter case, a `+tag`, Gmail's dots and googlemail.com), kept only as a
 * keyed hash; and the network they asked from (/24 for IPv4, /48 for IPv6).
 */
import crypto from "node:crypto";
import net from "node:net";
import { trimEndWhere } from "../../../shared/trim.js";

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/** The address every spelling of one mailbox shares: lower case, no `+tag`, Gmail without dots. */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email.trim().toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = trimEndWhere(
    email
      .slice(at + 1)
      .trim()
      .toLowerCase(),
    (c) => c === ".",
  );
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** The mailbox as stored: an HMAC under a key only this install has, so the table names nobody. */
export function mailboxHash(key: string, email: string): string {
  return crypto.createHmac("sha256", key).update(mailboxOf(email)).digest("base64url");
}

/** The network a client address belongs to: a.b.c.0/24, or the first 48 bits of an IPv6 address. */
export function networkOf(address: string): string {
  const v4 = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (net.isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!net.isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 3)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/48`;
}
