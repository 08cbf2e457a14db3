/**
 * PayPal's webhook signature checked without PayPal's API (decision 0133): which certificate URLs
 * may be fetched, the transmission time, the signed text (CRC32 of the raw body), reading and
 * caching the certificate. Certificates come from the fake PayPal over real HTTP.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowedCertUrl,
  certificateKey,
  fetchCertificate,
  PaypalCertCache,
  signedMessage,
  transmissionAge,
  verifySignature,
  type CertLookup,
} from "../../src/server/integrations/paypal/webhook-signature.js";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";

let fake: PaypalFake;
beforeAll(async () => {
  fake = await startPaypalFake({ clientId: "id", clientSecret: "secret" });
});
afterAll(() => fake?.close());

const CERT = "/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77";

describe("allowedCertUrl", () => {
  it("accepts a certificate on PayPal's live and sandbox hosts over https", () => {
    for (const host of ["api.paypal.com", "api-m.paypal.com", "api.sandbox.paypal.com", "api-m.sandbox.paypal.com"]) {
      expect(allowedCertUrl(`https://${host}${CERT}`, undefined)?.href).toBe(`https://${host}${CERT}`);
    }
    expect(allowedCertUrl(`https://API.PayPal.com${CERT}`, undefined)?.hostname).toBe("api.paypal.com");
    expect(allowedCertUrl(`https://api.paypal.com:443${CERT}`, undefined)).toBeDefined();
  });

  it("refuses any other host, scheme, port, user, query or path", () => {
    for (const url of [
      `http://api.paypal.com${CERT}`,
      `https://paypal.com${CERT}`,
      `https://www.paypal.com${CERT}`,
      `https://api.paypal.com.evil.example${CERT}`,
      `https://evilapi.paypal.com${CERT}`,
      `https://api.paypal.com:8443${CERT}`,
      `https://user:pw@api.paypal.com${CERT}`,
      `https://api.paypal.com${CERT}?download=1`,
      `https://api.paypal.com${CERT}#x`,
      "https://api.paypal.com/v1/oauth2/token",
      "https://api.paypal.com/v1/notifications/certs/",
      "https://api.paypal.com/v1/notifications/certs/a/b",
      "https://api.paypal.com/v1/notifications/certs/%2e%2e",
      `https://127.0.0.1${CERT}`,
      "not a url",
      "",
    ]) {
      expect(allowedCertUrl(url, undefined), url).toBeUndefined();
    }
  });

  it("accepts the operator's PAYPAL_BASE_URL origin exactly, as for a local fake", () => {
    const origin = "http://127.0.0.1:4020";
    expect(allowedCertUrl(`${origin}${CERT}`, origin)).toBeDefined();
    expect(allowedCertUrl(`http://127.0.0.1:4021${CERT}`, origin)).toBeUndefined();
    expect(allowedCertUrl(`https://127.0.0.1:4020${CERT}`, origin)).toBeUndefined();
    expect(allowedCertUrl(`${origin}/v2/checkout/orders`, origin)).toBeUndefined();
    // PayPal's own hosts stay accepted beside it.
    expect(allowedCertUrl(`https://api.paypal.com${CERT}`, origin)).toBeDefined();
  });
});

describe("transmissionAge", () => {
  const now = Date.parse("2026-11-25T12:00:00Z");
  it("reads PayPal's Internet date and time, with or without fractions and offsets", () => {
    expect(transmissionAge("2026-11-25T11:59:00Z", now)).toBe(60_000);
    expect(transmissionAge("2026-11-25T12:00:30.500Z", now)).toBe(-30_500);
    expect(transmissionAge("2026-11-25T19:00:00+07:00", now)).toBe(0);
  });
  it("refuses anything else", () => {
    for (const value of ["2026-11-25", "2026-11-25T12:00:00", "yesterday", "1764072000", "2026-13-45T99:00:00Z"]) {
      expect(transmissionAge(value, now), value).toBeUndefined();
    }
  });
});

describe("the signed text and its signature", () => {
  const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const base = { transmissionId: "69cd13f0-d67a-11e5-baa3-778b53f4ae55", transmissionTime: "2026-11-25T12:00:00Z" };

  it("joins id, time, webhook id and the body's CRC32 as an unsigned decimal", () => {
    // CRC-32 of "123456789" is 0xCBF43926: its top bit is set, so a signed reading would be negative.
    expect(signedMessage({ ...base, webhookId: "WH1", body: Buffer.from("123456789") })).toBe(
      "69cd13f0-d67a-11e5-baa3-778b53f4ae55|2026-11-25T12:00:00Z|WH1|3421780262",
    );
  });

  it("verifies only the exact body, for our webhook id, with the certificate's key", () => {
    const body = Buffer.from('{"id":"WH-1","event_type":"PAYMENT.CAPTURE.REFUNDED"}');
    const sig = crypto
      .sign("sha256", Buffer.from(signedMessage({ ...base, webhookId: "WH1", body })), privateKey)
      .toString("base64");
    const delivery = { ...base, webhookId: "WH1", body, transmissionSig: sig };
    expect(verifySignature(delivery, publicKey)).toBe(true);
    // The same JSON written with a space is another body.
    const respaced = Buffer.from('{"id": "WH-1","event_type":"PAYMENT.CAPTURE.REFUNDED"}');
    expect(verifySignature({ ...delivery, body: respaced }, publicKey)).toBe(false);
    expect(verifySignature({ ...delivery, webhookId: "WH2" }, publicKey)).toBe(false);
    expect(verifySignature({ ...delivery, transmissionTime: "2026-11-25T12:00:01Z" }, publicKey)).toBe(false);
    const other = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
    expect(verifySignature(delivery, other)).toBe(false);
    expect(verifySignature({ ...delivery, transmissionSig: "AAAA" }, publicKey)).toBe(false);
  });
});

/** A server that answers every request with `status`, `headers` and `body`. */
async function scripted(status: number, body: string, headers: Record<string, string> = {}) {
  const server = http.createServer((_req, res) => res.writeHead(status, headers).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${CERT}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("reading the certificate", () => {
  it("takes the key of the bundle's first certificate, while it is valid", async () => {
    const delivery = fake.signEvent("PAYMENT.CAPTURE.REFUNDED", { id: "R1" }, "WH1");
    const url = new URL(delivery.headers["paypal-cert-url"]!);
    const found = await fetchCertificate(url, 5_000);
    expect(found.kind).toBe("key");
    if (found.kind !== "key") return;
    const signed = {
      transmissionId: delivery.headers["paypal-transmission-id"]!,
      transmissionTime: delivery.headers["paypal-transmission-time"]!,
      transmissionSig: delivery.headers["paypal-transmission-sig"]!,
      webhookId: "WH1",
      body: Buffer.from(delivery.body),
    };
    expect(verifySignature(signed, found.key)).toBe(true);

    const pem = await (await fetch(url)).text();
    expect(certificateKey(pem, found.until + 1)).toMatchObject({ kind: "unavailable" });
    expect(certificateKey("hello", Date.now())).toMatchObject({ kind: "unavailable" });
    expect(certificateKey("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----", Date.now())).toMatchObject({
      kind: "unavailable",
    });
  });

  it("is refused where PayPal has no certificate, and unavailable while its host fails", async () => {
    expect(await fetchCertificate(new URL(`${fake.baseUrl}/v1/notifications/certs/CERT-NONE`), 5_000)).toMatchObject({
      kind: "refused",
    });
    fake.setCertUnavailable(true);
    try {
      expect(await fetchCertificate(new URL(`${fake.baseUrl}${CERT}`), 5_000)).toMatchObject({ kind: "unavailable" });
    } finally {
      fake.setCertUnavailable(false);
    }
    expect(await fetchCertificate(new URL("http://127.0.0.1:9/v1/notifications/certs/X"), 5_000)).toMatchObject({
      kind: "unavailable",
    });
  });

  it("follows no redirect and reads no more than a certificate's size", async () => {
    const redirect = await scripted(302, "", { location: `${fake.baseUrl}${CERT}` });
    const huge = await scripted(200, "A".repeat(200_000));
    try {
      expect(await fetchCertificate(redirect.url, 5_000)).toMatchObject({ kind: "refused" });
      expect(await fetchCertificate(huge.url, 5_000)).toMatchObject({ kind: "unavailable" });
    } finally {
      await redirect.close();
      await huge.close();
    }
  });
});

describe("PaypalCertCache", () => {
  const { publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 1024 });
  const url = (n: number | string) => new URL(`https://api.paypal.com/v1/notifications/certs/CERT-${n}`);

  function cache(answer: (url: URL) => CertLookup, opts: { now?: () => number; maxCertificates?: number } = {}) {
    const loads: string[] = [];
    const c = new PaypalCertCache({
      load: async (u) => {
        loads.push(u.href);
        await new Promise((resolve) => setImmediate(resolve));
        return answer(u);
      },
      ...opts,
    });
    return { c, loads };
  }

  it("asks once for concurrent deliveries and keeps the certificate until it expires", async () => {
    let now = 1_000;
    const { c, loads } = cache(() => ({ kind: "key", key: publicKey, until: 5_000 }), { now: () => now });
    const all = await Promise.all([c.get(url(1)), c.get(url(1)), c.get(url(1))]);
    expect(all.every((a) => a.kind === "key")).toBe(true);
    expect(loads).toHaveLength(1);
    now = 4_999;
    await c.get(url(1));
    expect(loads).toHaveLength(1);
    now = 5_000;
    await c.get(url(1));
    expect(loads).toHaveLength(2);
  });

  it("keeps at most maxCertificates, the oldest going first", async () => {
    const { c, loads } = cache(() => ({ kind: "key", key: publicKey, until: Number.MAX_SAFE_INTEGER }), {
      maxCertificates: 2,
    });
    await c.get(url(1));
    await c.get(url(2));
    await c.get(url(3));
    expect(c.size.certificates).toBe(2);
    await c.get(url(3));
    await c.get(url(2));
    expect(loads).toHaveLength(3);
    await c.get(url(1));
    expect(loads).toHaveLength(4);
  });

  it("remembers failures for a while, in a bounded list that never pushes a certificate out", async () => {
    let now = 0;
    const { c, loads } = cache(
      (u) =>
        u.href.endsWith("GOOD")
          ? { kind: "key", key: publicKey, until: Number.MAX_SAFE_INTEGER }
          : u.href.endsWith("DOWN")
            ? { kind: "unavailable", why: "down" }
            : { kind: "refused", why: "no such certificate" },
      { now: () => now },
    );
    await c.get(url("GOOD"));
    for (let i = 0; i < 400; i++) await c.get(url(i));
    expect(c.size).toEqual({ certificates: 1, failures: 256 });
    await c.get(url("GOOD"));
    expect(loads.filter((l) => l.endsWith("GOOD"))).toHaveLength(1);

    // A refused URL is refused again without asking for 10 minutes; an unreadable one for a minute.
    const before = loads.length;
    expect(await c.get(url(399))).toMatchObject({ kind: "refused" });
    await c.get(url("DOWN"));
    expect(loads).toHaveLength(before + 1);
    now = 60_000;
    await c.get(url("DOWN"));
    await c.get(url(399));
    expect(loads).toHaveLength(before + 2);
    now = 10 * 60_000;
    await c.get(url(399));
    expect(loads).toHaveLength(before + 3);
  });
});
