/**
 * TRUST_PROXY (decision 0035): how each form is read, that a bad one stops start-up with a
 * message, and which address Fastify then takes as the client's (request.ip, what rate limits
 * count) when a client forges X-Forwarded-For.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type TrustHops, type TrustProxy } from "../../src/server/config.js";

const trustOf = (value: string | undefined): TrustProxy =>
  loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
const hopsOf = (value: string): number => (trustOf(value) as TrustHops).hops;

describe("TRUST_PROXY parsing", () => {
  it.each([undefined, "", "false", "FALSE", "0", " false "])("%j trusts nothing", (value) => {
    expect(trustOf(value)).toBe(false);
  });

  it("true means one proxy, not every hop", () => {
    expect(hopsOf("true")).toBe(1);
    expect(hopsOf("True")).toBe(1);
  });

  it.each([
    ["1", 1],
    ["2", 2],
    [" 3 ", 3],
    ["10", 10],
  ])("%j is a hop count of %i", (value, hops) => {
    expect(hopsOf(value)).toBe(hops);
  });

  it.each([
    ["127.0.0.1", ["127.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.1", ["10.0.0.0/8", "192.168.1.1"]],
    ["::1,fd00::/8", ["::1", "fd00::/8"]],
    ["loopback,uniquelocal", ["loopback", "uniquelocal"]],
    ["172.16.0.0/12,::ffff:10.0.0.1", ["172.16.0.0/12", "::ffff:10.0.0.1"]],
  ])("%j is a list of proxies", (value, list) => {
    expect(trustOf(value)).toEqual(list);
  });

  it.each([
    ["maybe", /"maybe" is not an IP address or CIDR/],
    ["yes", /"yes" is not an IP address or CIDR/],
    ["-1", /"-1" is not an IP address or CIDR/],
    ["1.5", /"1.5" is not an IP address or CIDR/],
    ["11", /11 hops is more than any real set-up/],
    ["10.0.0.0/33", /"10.0.0.0\/33" has a bad prefix length \(1-32\)/],
    ["10.0.0.0/8x", /"10.0.0.0\/8x" has a bad prefix length/],
    ["fd00::/129", /"fd00::\/129" has a bad prefix length \(1-128\)/],
    ["0.0.0.0/0", /"0.0.0.0\/0" would trust every address/],
    ["::/0", /"::\/0" would trust every address/],
    ["300.1.1.1", /"300.1.1.1" is not an IP address or CIDR/],
    ["10.0.0.0/8,", /there is an empty entry/],
    ["2,10.0.0.1", /"2" is not an IP address or CIDR/],
  ])("refuses %j at start-up, saying why", (value, why) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /^Invalid configuration:\n {2}TRUST_PROXY: must be false, true \(one proxy\), the number of proxies/,
    );
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(why);
  });
});

describe("the client address Fastify takes with each form", () => {
  const apps = new Map<string, FastifyInstance>();
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  /** An app built the way app.ts builds it, answering request.ip. */
  async function appFor(value: string | undefined): Promise<FastifyInstance> {
    const key = String(value);
    let app = apps.get(key);
    if (!app) {
      app = Fastify({ trustProxy: trustOf(value) });
      app.get("/ip", async (request) => request.ip);
      await app.ready();
      apps.set(key, app);
    }
    return app;
  }

  async function ipSeen(value: string | undefined, remoteAddress: string, forwardedFor?: string): Promise<string> {
    const app = await appFor(value);
    const res = await app.inject({
      url: "/ip",
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  }

  it.each<[string | undefined, string, string | undefined, string]>([
    // Unset or false: the header is ignored, the socket peer is the client.
    [undefined, "203.0.113.1", "10.9.9.1, 198.51.100.2", "203.0.113.1"],
    ["false", "203.0.113.1", "10.9.9.1", "203.0.113.1"],
    // true = one proxy: the entry that proxy appended (the rightmost), never the client's own.
    ["true", "127.0.0.1", "10.9.9.1, 203.0.113.7", "203.0.113.7"],
    ["true", "127.0.0.1", "203.0.113.7", "203.0.113.7"],
    ["true", "127.0.0.1", undefined, "127.0.0.1"],
    // Two proxies: the entry the outer proxy appended.
    ["2", "10.0.0.3", "10.9.9.1, 203.0.113.9, 10.0.0.2", "203.0.113.9"],
    ["2", "10.0.0.3", "203.0.113.9, 10.0.0.2", "203.0.113.9"],
    // Proxies by address: walk back while the hop is a trusted proxy.
    ["10.0.0.0/8,192.168.1.1", "192.168.1.1", "10.9.9.9, 203.0.113.5", "203.0.113.5"],
    ["10.0.0.0/8,192.168.1.1", "10.1.2.3", "203.0.113.5, 10.0.0.7", "203.0.113.5"],
    ["10.0.0.0/8,192.168.1.1", "::ffff:10.1.2.3", "10.9.9.9, 203.0.113.5", "203.0.113.5"],
    // A peer that is not a trusted proxy: its X-Forwarded-For is ignored.
    ["10.0.0.0/8,192.168.1.1", "198.51.100.7", "203.0.113.5", "198.51.100.7"],
    ["10.0.0.0/8,192.168.1.1", "192.168.1.2", "10.9.9.9, 203.0.113.5", "192.168.1.2"],
    ["loopback", "127.0.0.1", "10.9.9.1, 203.0.113.8", "203.0.113.8"],
    ["loopback", "203.0.113.99", "10.9.9.1", "203.0.113.99"],
  ])("TRUST_PROXY=%j, peer %s, X-Forwarded-For %j: the client is %s", async (value, peer, forwardedFor, expected) => {
    expect(await ipSeen(value, peer, forwardedFor)).toBe(expected);
  });
});
