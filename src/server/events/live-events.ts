/**
 * The changes the database announces on LIVE_EVENTS_CHANNEL (triggers in migrations 0004, 0005 and
 * 0008, 0021): a task created, changed or deleted; a user's credits, status or profile changed; a
 * session ended; an API token deleted or (de)activated; the admin settings changed. Every server process listens, so a change committed
 * by one reaches the open pages (SSE) and the read caches of all. Delivery is at commit and in
 * commit order, so a listener that re-reads sees the change.
 */
import crypto from "node:crypto";

export const LIVE_EVENTS_CHANNEL = "veo_events";

export type LiveEventKind = "task" | "user" | "session" | "token";

/** A change to one user's data. */
export interface LiveEvent {
  userId: string;
  kind: LiveEventKind;
  /** The provider task id, for task events. */
  taskId?: string;
  /** The API token's id, for token events. */
  tokenId?: string;
}

/** Any announced change: a user's, or the admin settings row (everyone's). */
export type DatabaseChange = LiveEvent | { kind: "settings" };

type Parsed = DatabaseChange | { kind: "sync"; id: string } | { kind: "webhook" };

function parse(payload: string): Parsed | undefined {
  try {
    const raw = JSON.parse(payload) as { u?: unknown; k?: unknown; t?: unknown; s?: unknown; i?: unknown };
    if (raw.k === "settings") return { kind: "settings" };
    if (raw.k === "webhook") return { kind: "webhook" };
    if (raw.k === "sync") return typeof raw.s === "string" ? { kind: "sync", id: raw.s } : undefined;
    if (typeof raw.u !== "string" || (raw.k !== "task" && raw.k !== "user" && raw.k !== "session" && raw.k !== "token"))
      return undefined;
    return {
      userId: raw.u,
      kind: raw.k,
      ...(typeof raw.t === "string" ? { taskId: raw.t } : {}),
      ...(typeof raw.i === "string" ? { tokenId: raw.i } : {}),
    };
  } catch {
    return undefined;
  }
}

type UserListener = (event: LiveEvent) => void;

/** How long settle() waits for its own marker before giving up on the channel's news. */
const SETTLE_TIMEOUT_MS = 2_000;

/** Fans the database's events out to the read caches and to the listeners of each user in this process. */
export class LiveEvents {
  private readonly byUser = new Map<string, Set<UserListener>>();
  private readonly changeListeners = new Set<(change: DatabaseChange) => void>();
  private readonly connectionListeners = new Set<(up: boolean) => void>();
  private readonly missedListeners = new Set<() => void>();
  private readonly webhookListeners = new Set<() => void>();
  private readonly settling = new Map<string, () => void>();
  private readonly markerPrefix = crypto.randomUUID();
  private markers = 0;
  private nextMarker: Promise<void> | undefined;
  /** False while the database connection that listens is down (events may be missed). */
  connected = false;

  /** `notify` sends a payload on LIVE_EVENTS_CHANNEL through the database (for settle()). */
  constructor(private readonly notify?: (payload: string) => Promise<unknown>) {}

  /** Every change, before the per-user listeners hear of it (the read caches). */
  onChange(listener: (change: DatabaseChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Told when a committed change wrote webhook events (decision 0047): the sender has work. */
  onWebhookEvents(listener: () => void): () => void {
    this.webhookListeners.add(listener);
    return () => this.webhookListeners.delete(listener);
  }

  /** Told whenever changes may have been missed: the connection went down or came back, or settle() timed out. */
  onMissed(listener: () => void): () => void {
    this.missedListeners.add(listener);
    return () => this.missedListeners.delete(listener);
  }

  /**
   * Resolves once every change committed before the call has been received by this process
   * (LISTEN delivers in commit order, so its own marker comes after them). A write request
   * answers only then, so the same person's next request never reads a cache from before it.
   * Calls in the same turn of the event loop share one marker, sent after all of them.
   */
  settle(): Promise<void> {
    if (!this.connected || !this.notify) return Promise.resolve();
    this.nextMarker ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextMarker = undefined;
      return this.sendMarker();
    });
    return this.nextMarker;
  }

  private async sendMarker(): Promise<void> {
    const id = `${this.markerPrefix}:${++this.markers}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.settling.set(id, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      await this.notify!(JSON.stringify({ k: "sync", s: id }));
      if (!(await arrived)) this.missed();
    } catch {
      // The database is unreachable: forget what may be stale rather than fail the answer.
      this.missed();
    } finally {
      clearTimeout(timer);
      this.settling.delete(id);
    }
  }

  /** Listeners of users' events now: the open event streams of this process (GET /metrics). */
  get subscriberCount(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /** Listens to one user's events; returns the way to stop. */
  subscribe(userId: string, listener: UserListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /** Told when the listening connection goes down (events may be missed from then) and comes back. */
  onConnectionChange(listener: (up: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** The database said something (a raw channel payload). */
  receive(payload: string): void {
    const change = parse(payload);
    if (!change) return;
    if (change.kind === "sync") return this.settling.get(change.id)?.();
    if (change.kind === "webhook") {
      for (const listener of [...this.webhookListeners]) listener();
      return;
    }
    for (const listener of [...this.changeListeners]) listener(change);
    if (change.kind === "settings") return;
    const set = this.byUser.get(change.userId);
    if (!set) return;
    for (const listener of [...set]) listener(change);
  }

  setConnected(up: boolean): void {
    if (this.connected === up) return;
    this.connected = up;
    this.missed();
    for (const listener of [...this.connectionListeners]) listener(up);
  }

  private missed(): void {
    for (const listener of [...this.missedListeners]) listener();
  }
}
