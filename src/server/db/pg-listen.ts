/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would lose its LISTEN when returned),
 * reconnecting with backoff when the connection drops. `onConnected(false)` tells the caller that
 * notifications may be missed until the next `onConnected(true)`.
 */
import pg from "pg";

export interface ListenHandlers {
  onPayload: (payload: string) => void;
  onConnected: (up: boolean) => void;
}

const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

export function listenPostgres(url: string, channel: string, handlers: ListenHandlers): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    handlers.onConnected(false);
    c.removeAllListeners("notification");
    void c.end().catch(() => {});
    scheduleRetry();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    c.on("error", () => lost(c));
    c.on("end", () => lost(c));
    c.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onPayload(msg.payload);
    });
    try {
      client = c;
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      if (stopped) {
        await c.end();
        return;
      }
      attempt = 0;
      handlers.onConnected(true);
    } catch {
      lost(c);
    }
  };

  const started = connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    await started;
    const c = client;
    client = undefined;
    if (c) await c.end().catch(() => {});
  };
}
