/**
 * Receiving the product's webhooks (decision 0047): Standard Webhooks signatures checked with
 * WebCrypto (Node, Deno, Bun, Workers), and a waiter that resolves when a video's event arrives.
 * A delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`:
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret in force, space-separated.
 */
import type { VideoStatus, WebhookEvent } from "./contracts.js";
import { deadline, DEFAULT_WAIT_MS } from "./waiting.js";

/** Deliveries older or newer than this are refused by default (a replayed capture, a skewed clock). */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const SECRET_PREFIX = "whsec_";

type HeaderBag = Headers | Record<string, string | readonly string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The endpoint's `whsec_...` secret; during a rotation, the new and the old one. */
  secret: string | readonly string[];
  /** The request body exactly as received: parse it only after it verified. */
  body: string | Uint8Array;
  /** The request's headers: a Fetch `Headers`, or Node's `request.headers`. */
  headers: HeaderBag;
  /** How far the delivery's timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Now, for tests. */
  now?: Date;
}

/** A delivery that is not provably from the product, or not fresh: answer it 4xx and drop it. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return typeof value === "string" ? value : value?.[0];
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function hmacKey(secret: string) {
  const bytes = base64Bytes(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (!bytes?.length) throw new TypeError("The webhook secret must be the whsec_... value from the /api page");
  return crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
}

/**
 * Checks a delivery's signature and age and returns its event. Throws WebhookVerificationError
 * when any of them fails; the comparison is WebCrypto's own (constant-time).
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const id = header(options.headers, "webhook-id");
  const timestamp = header(options.headers, "webhook-timestamp");
  const signatures = header(options.headers, "webhook-signature");
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError("Missing the webhook-id, webhook-timestamp or webhook-signature header");
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError("The webhook-timestamp is not a time");
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError("The delivery is too old or too new (check the receiver's clock)");

  const body = typeof options.body === "string" ? new TextEncoder().encode(options.body) : options.body;
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);

  const candidates = signatures
    .split(" ")
    .filter((s) => s.startsWith("v1,"))
    .map((s) => base64Bytes(s.slice(3)))
    .filter((s) => s !== undefined);
  const secrets = typeof options.secret === "string" ? [options.secret] : options.secret;
  let verified = false;
  for (const secret of secrets) {
    const key = await hmacKey(secret);
    for (const candidate of candidates) if (await crypto.subtle.verify("HMAC", key, candidate, signed)) verified = true;
  }
  if (!verified) throw new WebhookVerificationError("No signature matches the secret");

  const text = typeof options.body === "string" ? options.body : new TextDecoder().decode(options.body);
  return JSON.parse(text) as WebhookEvent;
}

export interface WebhookWaiter {
  /**
   * Give it every delivery your receiver gets (verified here; a failure throws
   * WebhookVerificationError: answer 400). A video's `video.completed` or `video.failed` settles
   * its wait. Answer the delivery 2xx once this resolves.
   */
  receive(delivery: Pick<VerifyWebhookOptions, "body" | "headers">): Promise<WebhookEvent>;
  /** Resolves with the video's final status once its event has been received, even if it came first. */
  wait(taskId: string, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<VideoStatus>;
}

/** Finished videos kept for a `wait` that has not started yet; beyond this the oldest are forgotten. */
const KEPT_ENDINGS = 1000;

/**
 * Waiting by webhook instead of polling: start videos with `callbackUrl` set to your receiver (or
 * subscribe an endpoint on the /api page), pass each delivery to `receive`, and `wait` for a task.
 */
export function createWebhookWaiter(options: Pick<VerifyWebhookOptions, "secret" | "toleranceSeconds">): WebhookWaiter {
  const ended = new Map<string, VideoStatus>();
  const waiting = new Map<string, Set<(status: VideoStatus) => void>>();

  return {
    async receive(delivery) {
      const event = await verifyWebhook({ ...options, ...delivery });
      if (event.type === "video.completed" || event.type === "video.failed") {
        const status = event.data;
        ended.delete(status.taskId);
        ended.set(status.taskId, status);
        if (ended.size > KEPT_ENDINGS) ended.delete(ended.keys().next().value as string);
        for (const resolve of waiting.get(status.taskId) ?? []) resolve(status);
      }
      return event;
    },

    wait(taskId, opts = {}) {
      const known = ended.get(taskId);
      if (known) return Promise.resolve(known);
      const timeoutMs = opts.timeoutMs ?? DEFAULT_WAIT_MS;
      const limit = deadline(
        timeoutMs,
        `No event for video ${taskId} within ${Math.round(timeoutMs / 1000)} seconds`,
        opts.signal,
      );
      return new Promise<VideoStatus>((resolve, reject) => {
        const listeners = waiting.get(taskId) ?? new Set();
        waiting.set(taskId, listeners);
        const finish = () => {
          limit.dispose();
          listeners.delete(settle);
          if (listeners.size === 0) waiting.delete(taskId);
        };
        const settle = (status: VideoStatus) => {
          finish();
          resolve(status);
        };
        listeners.add(settle);
        const abort = () => {
          finish();
          reject(limit.signal.reason as Error);
        };
        if (limit.signal.aborted) abort();
        else limit.signal.addEventListener("abort", abort, { once: true });
      });
    },
  };
}
