/**
 * The n8n node's own checks without n8n (decision 0171): the trigger's signature verification
 * against the product's signer and the independent `standardwebhooks` package (tampered body,
 * time, id or signature never verifies; a rotation's two signatures do), and the documented
 * backoff of Generate and Wait.
 */
import crypto from "node:crypto";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeaders } from "../../src/server/features/webhooks/signature.js";

/**
 * The node's pure modules, loaded by their path rather than imported: the package is compiled and
 * type-checked with its own tsconfig (CommonJS, as n8n loads it) by scripts/n8n-harness.mjs, never
 * by the root's.
 */
const nodes = (file: string) => new URL(`../../integrations/n8n-nodes-veo-studio/nodes/${file}`, import.meta.url).href;
interface Polling {
  DOCUMENTED_POLL: { minMs: number; maxMs: number };
  pollDelays: (interval: { minMs: number; maxMs: number }) => Generator<number, never>;
  retryAfterMs: (header: unknown, now?: number) => number | undefined;
  nextWait: (scheduled: number, retryAfter: number | undefined, now: number, deadline: number) => number | undefined;
}
interface Signature {
  verifyDelivery: (
    delivery: {
      id?: string | undefined;
      timestamp?: string | undefined;
      signature?: string | undefined;
      body: string | Buffer;
    },
    secrets: readonly string[],
    nowSeconds: number,
  ) => { ok: true } | { ok: false; reason: string };
}
const { DOCUMENTED_POLL, nextWait, pollDelays, retryAfterMs } = (await import(
  nodes("VeoStudio/polling.ts")
)) as Polling;
const { verifyDelivery } = (await import(nodes("VeoStudioTrigger/signature.ts"))) as Signature;

const NOW = 1_800_000_000;
const at = (seconds: number) => new Date(seconds * 1000);

function delivery(headers: Record<string, string>, body: string) {
  return {
    id: headers["webhook-id"],
    timestamp: headers["webhook-timestamp"],
    signature: headers["webhook-signature"],
    body,
  };
}

describe("the trigger's signature check", () => {
  it("accepts what the product signs, as bytes or text, and what standardwebhooks signs", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: "msg_1", type: "video.completed", data: { taskId: "t1", note: "ümlaut ✓" } });
    const headers = signatureHeaders("msg_1", at(NOW), body, [secret]);
    expect(verifyDelivery(delivery(headers, body), [secret], NOW)).toEqual({ ok: true });
    expect(verifyDelivery({ ...delivery(headers, body), body: Buffer.from(body) }, [secret], NOW)).toEqual({
      ok: true,
    });
    const theirs = new Webhook(secret).sign("msg_2", at(NOW), body);
    expect(verifyDelivery({ id: "msg_2", timestamp: String(NOW), signature: theirs, body }, [secret], NOW)).toEqual({
      ok: true,
    });
  });

  it("accepts either signature of a rotation, and a secret the trigger holds among several", () => {
    const [old, fresh, other] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const headers = signatureHeaders("msg_r", at(NOW), "{}", [fresh, old]);
    expect(verifyDelivery(delivery(headers, "{}"), [old], NOW).ok).toBe(true);
    expect(verifyDelivery(delivery(headers, "{}"), [other, fresh], NOW).ok).toBe(true);
    expect(verifyDelivery(delivery(headers, "{}"), [other], NOW).ok).toBe(false);
  });

  it("refuses old or future timestamps, missing headers and no secret", () => {
    const secret = newWebhookSecret();
    const signed = (seconds: number) => delivery(signatureHeaders("msg_t", at(seconds), "{}", [secret]), "{}");
    expect(verifyDelivery(signed(NOW - 299), [secret], NOW).ok).toBe(true);
    expect(verifyDelivery(signed(NOW - 301), [secret], NOW)).toMatchObject({ ok: false, reason: /too old/ });
    expect(verifyDelivery(signed(NOW + 301), [secret], NOW).ok).toBe(false);
    expect(verifyDelivery({ ...signed(NOW), signature: undefined }, [secret], NOW).ok).toBe(false);
    expect(verifyDelivery({ ...signed(NOW), timestamp: "12.5" }, [secret], NOW).ok).toBe(false);
    expect(verifyDelivery(signed(NOW), [], NOW).ok).toBe(false);
  });

  it("never verifies a delivery whose body, id, time or signature was changed", () => {
    const secret = newWebhookSecret();
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.integer({ min: 1, max: 299 }),
        fc.nat(3),
        (body, change, shift, what) => {
          const headers = signatureHeaders("msg_p", at(NOW), body, [secret]);
          const good = delivery(headers, body);
          expect(verifyDelivery(good, [secret], NOW).ok).toBe(true);
          const sig = Buffer.from(good.signature!.slice(3), "base64");
          sig[crypto.randomInt(sig.length)]! ^= 1 << crypto.randomInt(8);
          const forged = [
            { ...good, body: body + change },
            { ...good, id: `${good.id}${change}` },
            { ...good, timestamp: String(NOW - shift) },
            { ...good, signature: `v1,${sig.toString("base64")}` },
          ][what]!;
          expect(verifyDelivery(forged, [secret], NOW).ok).toBe(false);
        },
      ),
    );
  });
});

describe("Generate and Wait's backoff", () => {
  it("waits 15 s, then half again each time, at most 30 s: the documented 15-30 seconds", () => {
    const delays = pollDelays(DOCUMENTED_POLL);
    const first = Array.from({ length: 5 }, () => delays.next().value);
    expect(first).toEqual([15_000, 22_500, 30_000, 30_000, 30_000]);
  });

  it("waits longer when the server says so, and never past the deadline", () => {
    expect(nextWait(15_000, undefined, 0, 600_000)).toBe(15_000);
    expect(nextWait(15_000, 60_000, 0, 600_000)).toBe(60_000);
    expect(nextWait(15_000, 1_000, 0, 600_000)).toBe(15_000);
    expect(nextWait(30_000, undefined, 590_000, 600_000)).toBe(10_000);
    expect(nextWait(30_000, undefined, 600_000, 600_000)).toBeUndefined();
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("120")).toBe(120_000);
    expect(retryAfterMs(["7"])).toBe(7_000);
    expect(retryAfterMs(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(60_000);
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});
