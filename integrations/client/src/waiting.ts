/** Timing for the waits: the documented polling cadence, a deadline that is also an abort signal, a sleep that can be cut short. */
import { POLL_SECONDS, WEBHOOK_WAIT_MINUTES } from "./contracts.js";

/** How long a wait lasts by default: past the server's own task timeout, after which a video fails. */
export const DEFAULT_WAIT_MS = WEBHOOK_WAIT_MINUTES * 60_000;

export interface PollInterval {
  /** The first wait between status checks, in milliseconds. */
  minMs: number;
  /** The longest wait between status checks, in milliseconds. */
  maxMs: number;
}

/** The automation guide's cadence: every 15 to 30 seconds. */
export const DOCUMENTED_POLL: PollInterval = { minMs: POLL_SECONDS.min * 1000, maxMs: POLL_SECONDS.max * 1000 };

/** The waits between checks: the minimum, then half as long again each time, up to the maximum. */
export function* pollDelays({ minMs, maxMs }: PollInterval): Generator<number, never> {
  let delay = Math.min(minMs, maxMs);
  for (;;) {
    yield delay;
    delay = Math.min(maxMs, Math.max(delay * 1.5, 1));
  }
}

/** A signal that aborts when `signal` does or when `ms` have passed (with a TimeoutError saying `what`). */
export function deadline(ms: number, what: string, signal?: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(what, "TimeoutError")), ms);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
