/**
 * Back within a second or two of the database's return (issue 43 §2). The pool alone would wait
 * out each connection attempt's timeout (5 s): an attempt made while the database host was dark
 * stays unanswered after it is back, holding its pool slot, and the requests behind it queue.
 *
 * So the pool's connections are watched here:
 * - a connection that fails as unreachable (decision 0057) closes the gate: new connections are
 *   refused at once (503 with Retry-After) rather than each waiting for its timeout;
 * - while the gate is closed the database is probed with a fresh connection every 250 ms
 *   (several may be under way: one unanswered does not hold up the next); while an attempt has
 *   only waited over a second, one probe a second, so a slow database is not asked for more;
 * - the first probe that connects opens the gate and ends the attempts that were begun well
 *   before it, which talk to nothing; the pool then makes each of them afresh, once, so their
 *   requests get a connection now instead of waiting out their timeout (or a 503).
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
/**
 * While the database is only slow (no attempt has failed yet), a probe every second, each given
 * until the suspect attempt's own timeout: a loaded database whose connections take over a second
 * still lets one connect (a one-second limit never did), it is asked for at most
 * SUSPECT_PROBES extra connections per pool, and a host gone dark is noticed about a second after
 * its return.
 */
const SUSPECT_PROBE_EVERY_MS = 1_000;
const SUSPECT_PROBE_TIMEOUT_MS = CONNECT_TIMEOUT_MS - SUSPECT_AFTER_MS;
const SUSPECT_PROBES = Math.ceil(SUSPECT_PROBE_TIMEOUT_MS / SUSPECT_PROBE_EVERY_MS);
const SUSPECT_TURNS = SUSPECT_PROBE_EVERY_MS / PROBE_EVERY_MS;

/** Marks the error of an attempt the reconnector ended (see `back`). */
const ENDED_STALE = Symbol("ended as stale");

function endedStale(err: unknown): boolean {
  return typeof err === "object" && err !== null && ENDED_STALE in err;
}

/** What a refused connection throws while the gate is closed: SQLSTATE 08006, connection failure. */
function gateClosedError(): Error {
  return Object.assign(new Error("The database cannot be reached; trying again"), { code: "08006" });
}

/** pg's connect callback: an error, or none and the client. */
type ConnectCallback = Parameters<pg.Client["connect"]>[0] & {};

export class Reconnector {
  /** Closed from a connection that failed as unreachable until a probe connects. */
  closed = false;
  private readonly connecting = new Set<pg.Client>();
  /**
   * Attempts still connecting when their SUSPECT_AFTER_MS timer fired, with when it did. Flagged
   * by the timer itself, not by comparing clocks: a timer may fire a millisecond "early" by
   * Date.now(), and a probe loop that then saw no attempt a second old never probed at all.
   */
  private readonly suspects = new Map<pg.Client, number>();
  private readonly probes = new Set<pg.Client>();
  /** Attempts a probe's success ended as talking to nothing: the pool makes them again. */
  private readonly ended = new WeakSet<pg.Client>();
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
        const done = (err: Error | null | undefined) => {
          if (err && watcher.ended.has(this)) Object.assign(err, { [ENDED_STALE]: true });
          watcher.attempted(this, err ?? undefined);
        };
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
    this.connecting.add(client);
    setTimeout(() => {
      if (!this.connecting.has(client)) return;
      this.suspects.set(client, Date.now());
      void this.probe();
    }, SUSPECT_AFTER_MS).unref();
  }

  private attempted(client: pg.Client, err: Error | undefined): void {
    this.connecting.delete(client);
    this.suspects.delete(client);
    // An attempt `back` ended is no sign of an outage: a probe has just connected.
    if (err && !endedStale(err) && isDatabaseUnreachable(err) && !this.stopped) {
      this.closed = true;
      void this.probe();
    }
  }

  private needsProbe(): boolean {
    return this.closed || this.suspects.size > 0;
  }

  /**
   * Gate closed: a probe every turn of the loop, up to MAX_PROBES under way. Only suspect: one every
   * SUSPECT_TURNS turns, up to SUSPECT_PROBES. Counted in turns, not by the clock (see `suspects`).
   */
  private probeDue(turn: number): boolean {
    if (this.closed) return this.probes.size < MAX_PROBES;
    return turn % SUSPECT_TURNS === 0 && this.probes.size < SUSPECT_PROBES;
  }

  private async probe(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      for (let turn = 0; !this.stopped && this.needsProbe(); turn++) {
        if (this.probeDue(turn)) void this.probeOnce(this.closed ? CONNECT_TIMEOUT_MS : SUSPECT_PROBE_TIMEOUT_MS);
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS).unref());
      }
    } finally {
      this.probing = false;
    }
  }

  private async probeOnce(timeoutMs: number): Promise<void> {
    const started = Date.now();
    const probe = new pg.Client({ ...this.clientConfig, connectionTimeoutMillis: timeoutMs });
    probe.on("error", () => {});
    this.probes.add(probe);
    try {
      await probe.connect();
      this.back(started, probe);
    } catch {
      // Still away: the loop tries again.
    } finally {
      this.probes.delete(probe);
      void probe.end().catch(() => {});
    }
  }

  /**
   * A probe begun at `started` connected. Attempts that had already waited a second when it began
   * and are still not connected had all the probe's time and a second more: they will not be
   * answered. They are ended, and the pool makes them again (gatedPool).
   * The other probes still under way are stale too: ended, so a slow attempt later is probed at
   * once rather than after they time out.
   */
  private back(started: number, connected: pg.Client): void {
    this.closed = false;
    for (const probe of this.probes) if (probe !== connected) probe.connection.stream.destroy();
    for (const [client, flagged] of this.suspects) {
      if (flagged <= started) {
        this.ended.add(client);
        client.connection.stream.destroy();
      }
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
      // An attempt the reconnector ended talked to nothing while a fresh one just connected: made again, once.
      if (!callback)
        return super.connect().catch((err: Error) => {
          if (endedStale(err)) return super.connect();
          throw err;
        });
      super.connect((err, client, done) => {
        if (endedStale(err)) super.connect(callback);
        else callback(err, client, done);
      });
    }
  }
  return new GatedPool({ ...config, Client: reconnector.Client, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
}
