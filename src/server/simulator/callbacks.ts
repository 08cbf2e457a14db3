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

const CALLBACK_TIMEOUT_MS = 5000;

export function createCallbacks(signingKey: SigningKey = () => undefined): Callbacks {
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();

  async function deliver(url: string, body: unknown): Promise<void> {
    try {
      const key = await signingKey();
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "kie-simulator",
          ...(key ? signatureHeaders(key, body, Date.now()) : {}),
        },
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
      // Node times from the event loop's cached clock, so a timer can fire a little before
      // Date.now() reaches the due time; wait out the rest, so a callback never comes before the
      // state it reports (the default clock is Date.now).
      const dueAt = Date.now() + Math.max(0, afterMs);
      const arm = (delayMs: number) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          const early = dueAt - Date.now();
          if (early > 0) arm(early);
          else void deliver(url, body());
        }, delayMs);
        timer.unref();
        timers.add(timer);
      };
      arm(dueAt - Date.now());
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      closing.abort();
    },
  };
}
