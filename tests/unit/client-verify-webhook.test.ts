/**
 * The client package's verifyWebhook (decision 0172) against the server's own signer
 * (features/webhooks/signature.ts): what the server signs verifies; a changed body, timestamp, id
 * or signature, another secret, or a delivery outside the replay window never does. The
 * independent `standardwebhooks` package agrees on every generated case.
 */
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
} from "../../integrations/client/src/webhooks.js";
import { newWebhookSecret, signatureHeaders } from "../../src/server/features/webhooks/signature.js";

const NOW = new Date("2026-11-29T12:00:00Z");
const TOLERANCE = 300;

const event = (n: number) =>
  JSON.stringify({ id: `evt_${n}`, type: "webhook.test", timestamp: NOW.toISOString(), data: { message: `hi ${n}` } });

/** A delivery signed by the server with `secrets`, `skew` seconds from NOW. */
function delivery(body: string, secrets: string[], skew = 0, id = "msg_1") {
  return { body, headers: signatureHeaders(id, new Date(NOW.getTime() + skew * 1000), body, secrets) };
}

async function verdict(options: VerifyWebhookOptions): Promise<"ok" | "refused"> {
  try {
    await verifyWebhook({ toleranceSeconds: TOLERANCE, now: NOW, ...options });
    return "ok";
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return "refused";
  }
}

/** What the standardwebhooks package says of the same delivery, its clock set to NOW. */
function reference(secret: string, body: string, headers: Record<string, string>): "ok" | "refused" {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  try {
    new Webhook(secret).verify(body, headers);
    return "ok";
  } catch {
    return "refused";
  } finally {
    vi.useRealTimers();
  }
}

const secrets = fc.constant(null).map(() => newWebhookSecret());
const bodies = fc.oneof(
  fc.nat().map(event),
  fc.string({ unit: "grapheme", maxLength: 200 }).map((s) => JSON.stringify({ s })),
);

describe("verifyWebhook", () => {
  it("verifies what the server signs, in a Headers object or Node's header record, and returns the event", async () => {
    const secret = newWebhookSecret();
    const { body, headers } = delivery(event(1), [secret]);
    await expect(verifyWebhook({ secret, body, headers, now: NOW })).resolves.toEqual(JSON.parse(body));
    await expect(verifyWebhook({ secret, body, headers: new Headers(headers), now: NOW })).resolves.toMatchObject({
      id: "evt_1",
    });
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), [v]]));
    await expect(
      verifyWebhook({ secret, body: new TextEncoder().encode(body), headers: upper, now: NOW }),
    ).resolves.toBeTruthy();
    expect(reference(secret, body, headers)).toBe("ok");
  });

  it("accepts either secret during a rotation (two signatures), and refuses a third", async () => {
    const [fresh, old, other] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const { body, headers } = delivery(event(2), [fresh, old]);
    expect(await verdict({ secret: fresh, body, headers })).toBe("ok");
    expect(await verdict({ secret: old, body, headers })).toBe("ok");
    expect(await verdict({ secret: [other, old], body, headers })).toBe("ok");
    expect(await verdict({ secret: other, body, headers })).toBe("refused");
  });

  it("refuses a delivery without its headers, or with a timestamp that is not one", async () => {
    const secret = newWebhookSecret();
    const { body, headers } = delivery(event(3), [secret]);
    for (const name of Object.keys(headers)) {
      const { [name]: _left, ...rest } = headers;
      expect(await verdict({ secret, body, headers: rest }), name).toBe("refused");
    }
    expect(await verdict({ secret, body, headers: { ...headers, "webhook-timestamp": "1e9" } })).toBe("refused");
    await expect(verifyWebhook({ secret: "whsec_", body, headers, now: NOW })).rejects.toThrow(TypeError);
  });

  it("never verifies a changed body", async () => {
    await fc.assert(
      fc.asyncProperty(secrets, bodies, bodies, async (secret, body, other) => {
        fc.pre(body !== other);
        const { headers } = delivery(body, [secret]);
        expect(await verdict({ secret, body: other, headers })).toBe("refused");
        expect(reference(secret, other, headers)).toBe("refused");
      }),
      { numRuns: 100 },
    );
  });

  it("never verifies a changed timestamp or id, even one inside the window", async () => {
    await fc.assert(
      fc.asyncProperty(secrets, bodies, fc.integer({ min: -TOLERANCE, max: TOLERANCE }), async (secret, body, skew) => {
        fc.pre(skew !== 0);
        const { headers } = delivery(body, [secret]);
        const moved = { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) + skew) };
        expect(await verdict({ secret, body, headers: moved })).toBe("refused");
        expect(
          await verdict({ secret, body, headers: { ...headers, "webhook-id": `${headers["webhook-id"]}x` } }),
        ).toBe("refused");
      }),
      { numRuns: 100 },
    );
  });

  it("never verifies a changed or made-up signature", async () => {
    await fc.assert(
      fc.asyncProperty(
        secrets,
        bodies,
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.nat(),
        async (secret, body, bytes, at) => {
          const { headers } = delivery(body, [secret]);
          const real = Buffer.from(headers["webhook-signature"]!.slice(3), "base64");
          // One bit flipped in the real signature, and a signature made of random bytes.
          const flipped = Buffer.from(real);
          flipped[at % flipped.length]! ^= 1 << (at % 8);
          for (const signature of [flipped, Buffer.from(bytes)]) {
            fc.pre(!signature.equals(real));
            const forged = { ...headers, "webhook-signature": `v1,${signature.toString("base64")}` };
            expect(await verdict({ secret, body, headers: forged })).toBe("refused");
            expect(reference(secret, body, forged)).toBe("refused");
          }
          // The right signature under another scheme's label is not a v1 signature.
          const relabelled = { ...headers, "webhook-signature": headers["webhook-signature"]!.replace("v1,", "v1a,") };
          expect(await verdict({ secret, body, headers: relabelled })).toBe("refused");
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuses a correctly signed delivery outside the replay window, and accepts one inside it", async () => {
    await fc.assert(
      fc.asyncProperty(secrets, fc.integer({ min: -3 * TOLERANCE, max: 3 * TOLERANCE }), async (secret, skew) => {
        const { body, headers } = delivery(event(4), [secret], skew);
        const expected = Math.abs(skew) <= TOLERANCE ? "ok" : "refused";
        expect(await verdict({ secret, body, headers })).toBe(expected);
        expect(reference(secret, body, headers)).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });
});
