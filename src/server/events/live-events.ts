/**
 * The user-scoped changes the database announces on LIVE_EVENTS_CHANNEL (triggers in migration
 * 0004): a task created, changed or deleted; a user's credits, status or profile changed; a
 * session ended. Every server process listens, so a change committed by one reaches the open
 * pages (SSE) of all. Delivery is at commit, so a listener that re-reads sees the change.
 */
export const LIVE_EVENTS_CHANNEL = "veo_events";

export type LiveEventKind = "task" | "user" | "session";

export interface LiveEvent {
  userId: string;
  kind: LiveEventKind;
  /** The provider task id, for task events. */
  taskId?: string;
}

export function parseLiveEvent(payload: string): LiveEvent | undefined {
  try {
    const raw = JSON.parse(payload) as { u?: unknown; k?: unknown; t?: unknown };
    if (typeof raw.u !== "string" || (raw.k !== "task" && raw.k !== "user" && raw.k !== "session")) return undefined;
    return { userId: raw.u, kind: raw.k, ...(typeof raw.t === "string" ? { taskId: raw.t } : {}) };
  } catch {
    return undefined;
  }
}

type UserListener = (event: LiveEvent) => void;

/** Fans the database's events out to the listeners of each user in this process. */
export class LiveEvents {
  private readonly byUser = new Map<string, Set<UserListener>>();
  private readonly connectionListeners = new Set<(up: boolean) => void>();
  /** False while the database connection that listens is down (events may be missed). */
  connected = false;

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
    const event = parseLiveEvent(payload);
    if (!event) return;
    const set = this.byUser.get(event.userId);
    if (!set) return;
    for (const listener of [...set]) listener(event);
  }

  setConnected(up: boolean): void {
    if (this.connected === up) return;
    this.connected = up;
    for (const listener of [...this.connectionListeners]) listener(up);
  }
}
