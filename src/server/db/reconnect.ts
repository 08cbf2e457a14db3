/**
 * Back within a second or two of the database's return (issue 43 §2). The pool alone would wait
 * out each connection attempt's timeout (5 s): an attempt made while the database host was dark
 * stays unanswered after it is back, holding its pool slot, and the requests behind it queue.
 *
 * So the pool's connections are watched here:
 * - a connection that fails as unreachable (decision 0057) closes the gate: new connections are
 *   refused at once (503 with Retry-After) rather than each waiting for its timeout;
 * - while the gate is closed, or an attempt has waited over a second, the database is probed with
 *   a fresh connection every 250 ms (several may be under way: one unanswered does not hold up
 *   the next);
 * - the first probe that connects opens the gate and ends the attempts that were begun well
 *   before it, which talk to nothing, so their requests are answered and their slots free.
 */
import pg from "pg";
import { isDatabaseUnreachable } from "./outage.js";

export const CONNECT_TIMEOUT_MS = 5_000;
export const PROBE_EVERY_MS = 250;
/**
 * Probes under way at once: enough that one starts every PROBE_EVERY_MS even when none is
 * answered (each gives up after CONNECT_TIMEOUT_MS), so the first after the return is never late.
 */
export const MAX_PROBES = Math.ceil(CONNECT_TIMEOUT_MS / PROBE_EVERY_MS);
/** An attempt still connecting after this long has the database probed. */
const SUSPECT_AFTER_MS = 1_000;

/** What a refused connection throws while the gate is closed: SQLSTATE 08006, connection failure. */
function gateClosedError(): Error {
  return Object.assign(new Error("The database cannot be reached; trying again"), { code: "08006" });
}

/** pg's connect callback: an error, or none and the client. */
type ConnectCallback = Parameters<pg.Client["connect"]>[0] & {};

export class Reconnector {
  /** Closed from a connection that failed as unreachable until a probe connects. */
  closed = false;
  private readonly connecting = new Map<pg.Client, number>();
  private readonly probes = new Set<pg.Client>();
  private probing = false;
  private stopped = false;

  constructor(private readonly clientConfig: pg.ClientConfig) {}

  /** The client class the pool makes: every attempt to connect is known until it ends. */
  get Client(): typeof pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class below reports to this instance
    const watcher = this;
    return class WatchedClient extends pg.Client {
      override connect(): Promise<pg.Client>;
      override connect(callback: ConnectCallback): void;
      override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
        watcher.attempting(this);
        const done = (err: Error | null | undefined) => watcher.attempted(this, err ?? undefined);
        if (callback)
          return super.connect(((err: Error | null, client: pg.Client) => {
            done(err);
            (callback as (err: Error | null, client: pg.Client) => void)(err, client);
          }) as ConnectCallback);
        return super.connect().then(
          (client) => {
            done(undefined);
            return client;
          },
          (err: Error) => {
            done(err);
            throw err;
          },
        );
      }
    };
  }

  stop(): void {
    this.stopped = true;
    for (const probe of this.probes) void probe.end().catch(() => {});
  }

  private attempting(client: pg.Client): void {
    this.connecting.set(client, Date.now());
    setTimeout(() => {
      if (this.connecting.has(client)) void this.probe();
    }, SUSPECT_AFTER_MS).unref();
  }

  private attempted(client: pg.Client, err: Error | undefined): void {
    this.connecting.delete(client);
    if (err && isDatabaseUnreachable(err) && !this.stopped) {
      this.closed = true;
      void this.probe();
    }
  }

  private needsProbe(): boolean {
    const now = Date.now();
    return this.closed || [...this.connecting.values()].some((since) => now - since >= SUSPECT_AFTER_MS);
  }

  private async probe(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      while (!this.stopped && this.needsProbe()) {
        if (this.probes.size < MAX_PROBES) void this.probeOnce();
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS).unref());
      }
    } finally {
      this.probing = false;
    }
  }

  private async probeOnce(): Promise<void> {
    const started = Date.now();
    const probe = new pg.Client({ ...this.clientConfig, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    probe.on("error", () => {});
    this.probes.add(probe);
    try {
      await probe.connect();
      this.back(started);
    } catch {
      // Still away: the loop tries again.
    } finally {
      this.probes.delete(probe);
      void probe.end().catch(() => {});
    }
  }

  /**
   * A probe begun at `started` connected. Attempts begun a second (and the probe's own time)
   * before it will not be answered: they are ended, which fails their requests with a 503 now
   * rather than after their timeout, and frees their slots for new connections.
   */
  private back(started: number): void {
    this.closed = false;
    const took = Date.now() - started;
    for (const [client, since] of this.connecting) {
      if (since < started - SUSPECT_AFTER_MS - took) client.connection.stream.destroy();
    }
  }
}

/** A pool whose new connections are refused at once while the reconnector's gate is closed. */
export function gatedPool(config: pg.PoolConfig, reconnector: Reconnector): pg.Pool {
  class GatedPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(
      callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): void;
    override connect(
      callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): Promise<pg.PoolClient> | void {
      if (reconnector.closed) {
        const err = gateClosedError();
        if (!callback) return Promise.reject(err);
        process.nextTick(() => callback(err, undefined, () => {}));
        return;
      }
      return callback ? super.connect(callback) : super.connect();
    }
  }
  return new GatedPool({ ...config, Client: reconnector.Client, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
}
