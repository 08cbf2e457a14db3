/**
 * Callback delivery: one timer per task, fired when the task finishes. Best effort like KIE's own
 * (5 s timeout, errors ignored); timers are unref()ed so they never keep a process alive.
 */
export interface Callbacks {
  schedule(url: string, afterMs: number, body: () => unknown): void;
  /** Cancels pending timers and aborts deliveries in flight. */
  close(): void;
}

export const CALLBACK_TIMEOUT_MS = 5000;

export function createCallbacks(): Callbacks {
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();

  async function deliver(url: string, body: unknown): Promise<void> {
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "kie-simulator" },
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
