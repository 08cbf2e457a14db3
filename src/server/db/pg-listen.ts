/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would lose its LISTEN when returned),
 * reconnecting when the connection drops. `onConnected(false)` tells the caller that
 * notifications may be missed until the next `onConnected(true)`.
 *
 * While it is down, new live-event streams are refused and the read caches are off, so it tries
 * again every 250 ms (issue 43): an attempt every quarter second per process is nothing to a
 * database, and the product is whole again within a second of the database's return. Attempts
 * overlap (as the pool's probes do, reconnect.ts), so one that gets no answer (a host gone dark) does not hold up
 * the next; the first to connect stays, the others are ended.
 */
import pg from "pg";
import { CONNECT_TIMEOUT_MS, MAX_PROBES, PROBE_EVERY_MS } from "./reconnect.js";

export interface ListenHandlers {
  onPayload: (payload: string) => void;
  onConnected: (up: boolean) => void;
}

export function listenPostgres(url: string, channel: string, handlers: ListenHandlers): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retrying = false;
  const attempts = new Set<pg.Client>();

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    handlers.onConnected(false);
    c.removeAllListeners("notification");
    void c.end().catch(() => {});
    void keepTrying();
  };

  const attempt = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    attempts.add(c);
    c.on("error", () => lost(c));
    c.on("end", () => lost(c));
    c.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onPayload(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      if (stopped || client) {
        await c.end();
        return;
      }
      client = c;
      handlers.onConnected(true);
    } catch {
      void c.end().catch(() => {});
    } finally {
      attempts.delete(c);
    }
  };

  const keepTrying = async () => {
    if (retrying) return;
    retrying = true;
    try {
      while (!stopped && !client) {
        if (attempts.size < MAX_PROBES) void attempt();
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS).unref());
      }
    } finally {
      retrying = false;
    }
  };

  const first = attempt().then(() => {
    if (!client) void keepTrying();
  });
  return async () => {
    stopped = true;
    await first;
    for (const c of attempts) void c.end().catch(() => {});
    const c = client;
    client = undefined;
    if (c) await c.end().catch(() => {});
  };
}
