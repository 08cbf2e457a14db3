/**
 * Which addresses count as the public internet for webhooks, callbackUrl and downloads (decision
 * 0047, issue 36): IPv6 forms that carry a private or loopback IPv4 address are refused, written
 * in a URL or answered by DNS.
 */
import dns from "node:dns";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BlockedAddressError,
  checkedLookup,
  isLoopbackAddress,
  isPublicAddress,
} from "../../src/server/integrations/http/public-download.js";
import { webhookAddressAllowed } from "../../src/server/integrations/http/webhook-post.js";

/** IPv6 addresses with an IPv4 address inside, none of them public. */
const EMBEDDED = [
  "::7f00:1", // IPv4-compatible 127.0.0.1, as a URL stores [::127.0.0.1]
  "::127.0.0.1", // the same, as getaddrinfo prints it
  "::a00:1", // IPv4-compatible 10.0.0.1
  "::8.8.8.8", // IPv4-compatible, deprecated whatever it carries
  "::ffff:127.0.0.1", // IPv4-mapped loopback
  "::ffff:a9fe:a9fe", // IPv4-mapped metadata address
  "::ffff:0:7f00:1", // SIIT (RFC 6145)
  "64:ff9b::7f00:1", // NAT64 loopback
  "64:ff9b::a9fe:a9fe", // NAT64 metadata address
  "64:ff9b:1::a00:1", // local-use NAT64
  "2002:7f00:1::1", // 6to4 of 127.0.0.1
  "2002:c0a8:101::1", // 6to4 of 192.168.1.1
  "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("public addresses", () => {
  it("refuses IPv6 that embeds an IPv4 address, even where local addresses are allowed", () => {
    for (const address of EMBEDDED) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(webhookAddressAllowed(true)(address), address).toBe(address.startsWith("::ffff:127."));
    }
    expect(isLoopbackAddress("::7f00:1")).toBe(false);
  });

  it("accepts public unicast addresses, IPv4-mapped ones judged as their IPv4 address", () => {
    for (const address of ["93.184.216.34", "::ffff:93.184.216.34", "2606:4700::1111"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of ["::1", "127.0.0.1", "::ffff:7f00:1"]) expect(isLoopbackAddress(address), address).toBe(true);
  });

  it("checks DNS answers the same way, before connecting", async () => {
    const lookup = checkedLookup(webhookAddressAllowed(false));
    for (const address of ["::127.0.0.1", "::7f00:1", "64:ff9b::a00:1", "2002:a00:1::1"]) {
      vi.spyOn(dns, "lookup").mockImplementation(((
        _host: string,
        _opts: unknown,
        cb: (e: null, a: dns.LookupAddress[]) => void,
      ) =>
        cb(null, [
          { address: "93.184.216.34", family: 4 },
          { address, family: 6 },
        ])) as unknown as typeof dns.lookup);
      const err = await new Promise((resolve) => lookup("hook.example", { all: true }, (e) => resolve(e)));
      expect(err, address).toBeInstanceOf(BlockedAddressError);
    }
    vi.spyOn(dns, "lookup").mockImplementation(((
      _host: string,
      _opts: unknown,
      cb: (e: null, a: dns.LookupAddress[]) => void,
    ) => cb(null, [{ address: "2606:4700::1111", family: 6 }])) as unknown as typeof dns.lookup);
    const answer = await new Promise((resolve) => lookup("hook.example", {}, (e, address) => resolve(e ?? address)));
    expect(answer).toBe("2606:4700::1111");
  });
});
