/**
 * Callback delivery: one timer per task, fired when the task finishes. Best effort like KIE's own
 * (5 s timeout, errors ignored); timers are unref()ed so they never keep a process alive. With a
 * webhook HMAC key, each callback is signed as KIE signs them (X-Webhook-Timestamp in seconds,
 * X-Webhook-Signature = base64 HMAC-SHA256 of `${taskId}.${timestamp}`), computed here on its own
 * so the product's verifier is checked against an independent implementation.
 */
import crypto from "node:crypto";

/** The key now (the built-in simulator follows the admin's setting), or nothing for unsigned callbacks. */
export type SigningKey = () => Promise<string | null | undefined> | string | null | undefined;

function signatureHeaders(key: string, body: unknown, nowMs: number): Record<string, string> {
  const data = (body as { data?: { taskId?: unknown } } | undefined)?.data;
  const taskId = typeof data?.taskId === "string" ? data.taskId : "";
  const timestamp = String(Math.floor(nowMs / 1000));
  const signature = crypto.createHmac("sha256", key).update(`${taskId}.${timestamp}`).digest("base64");
  return { "x-webhook-timestamp": timestamp, "x-webhook-signature": signature };
}
export interface Callbacks {
  schedule(url: string, afterMs: number, body: () => unknown): void;
  /** Cancels pending timers and aborts deliveries in flight. */
  close(): void;
}

export const CALLBACK_TIMEOUT_MS = 5000;

export function createCallbacks(signingKey: SigningKey = () => undefined): Callbacks {
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();

  async function deliver(url: string, body: unknown): Promise<void> {
    try {
      const key = await signingKey();
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "kie-simulator", ...(key ? signatureHeaders(key, body, Date.now()) : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(CALLBACK_TIMEOUT_MS)]),
      });
      await res.body?.cancel();
    } catch {
      // The receiver is expected to poll record-info as well; a lost callback is not an error.
    }
  }

  return {
    schedule(url, afterMs, body) {
      if (closing.signal.aborted) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void deliver(url, body());
        },
        Math.max(0, afterMs),
      );
      timer.unref();
      timers.add(timer);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      closing.abort();
    },
  };
}
