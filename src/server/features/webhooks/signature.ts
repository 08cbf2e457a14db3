/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, decision 0047): the secret is
 * `whsec_` + base64 key bytes; a delivery carries `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret in force,
 * space-separated (a rotation's overlap). Written on node:crypto because the tests verify it with
 * the `standardwebhooks` package, which must stay an independent implementation.
 */
import crypto from "node:crypto";

const PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return PREFIX + crypto.randomBytes(32).toString("base64");
}

function sign(secret: string, content: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${crypto.createHmac("sha256", key).update(content).digest("base64")}`;
}

/** The three headers of one delivery attempt; `secrets` are the ones in force, newest first. */
export function signatureHeaders(
  id: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const content = `${id}.${timestamp}.${body}`;
  return {
    "webhook-id": id,
    "webhook-timestamp": timestamp,
    "webhook-signature": secrets.map((secret) => sign(secret, content)).join(" "),
  };
}
