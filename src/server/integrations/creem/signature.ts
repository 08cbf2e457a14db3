/**
 * Creem webhook signatures (decision 0013): `creem-signature` is the hex
 * HMAC-SHA256 of the raw request body keyed with the webhook secret. No timestamp is signed,
 * so replays are possible; crediting is idempotent, which makes them harmless.
 */
import crypto from "node:crypto";

export function signWebhookBody(rawBody: Buffer | string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Constant-time comparison on the exact bytes received; any malformed header is a mismatch. */
export function verifyWebhookSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret), "hex");
  const given = /^[0-9a-f]+$/i.test(signature.trim()) ? Buffer.from(signature.trim(), "hex") : Buffer.alloc(0);
  if (given.length !== expected.length) return false;
  return crypto.timingSafeEqual(given, expected);
}
