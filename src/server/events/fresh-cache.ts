/**
 * A process-local cache of rows the polled reads need, kept right by the database's own change
 * announcements (LiveEvents; decision 0031). Every entry belongs to a group, a user's id or
 * SETTINGS_GROUP, and any announced change of a kind the cache depends on drops the group.
 *
 * - A load that overlapped a change of its group is returned but not kept: it may hold the old row.
 * - While the listening connection is down nothing is kept or served from memory, and everything
 *   is dropped whenever changes may have been missed.
 * - A person's write answers only after its changes have been announced back to this process
 *   (LiveEvents.settle, app.ts), so their next request here sees them; other processes see them
 *   when the announcement reaches them (milliseconds).
 */
import type { DatabaseChange, LiveEventKind, LiveEvents } from "./live-events.js";

export const SETTINGS_GROUP = "settings";

export interface FreshCacheOptions<V> {
  /** The changes the values depend on. */
  kinds: ReadonlyArray<LiveEventKind | "settings">;
  /** The group a loaded value belongs to. */
  groupOf(value: V): string;
  /** At most this much is kept (in weigh()'s unit); the least recently used goes first. */
  maxWeight: number;
  weigh?(value: V): number;
  /** Values that also depend on the clock (a "last 14 days" list) are loaded again after this. */
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  group: string;
  weight: number;
  expiresAt: number;
}

export class FreshCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByGroup = new Map<string, Set<string>>();
  private weight = 0;
  /** Counts changes; a load remembers where it started. */
  private clock = 0;
  private droppedAllAt = 0;
  /** When each group last changed, kept while a load that started earlier may still be running. */
  private readonly changedAt = new Map<string, number>();
  private readonly loadsStartedAt = new Set<{ at: number }>();

  constructor(
    private readonly events: LiveEvents,
    private readonly opts: FreshCacheOptions<V>,
  ) {
    events.onChange((change) => {
      if (opts.kinds.includes(change.kind)) this.dropGroup(groupOfChange(change));
    });
    events.onMissed(() => this.dropAll());
  }

  /**
   * The cached value of `key` when it is kept and fresh, without a promise: the polled reads answer
   * from it synchronously. Undefined otherwise (then ask get()).
   */
  peek(key: string): V | undefined {
    if (!this.events.connected) return undefined;
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt <= Date.now()) return undefined;
    // Least recently used first: move it to the end.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** The cached value of `key`, or what load() finds (kept when it is safe to). Misses are not kept. */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.events.connected) return load();
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    // An expired entry goes before the load.
    this.delete(key);
    const started = { at: this.clock };
    this.loadsStartedAt.add(started);
    try {
      const value = await load();
      if (value !== undefined && this.events.connected) this.keep(key, value, started.at);
      return value;
    } finally {
      this.loadsStartedAt.delete(started);
    }
  }

  /** Forgets one key (its row was just written by a path that does not announce it). */
  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    const keys = this.keysByGroup.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByGroup.delete(entry.group);
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: V, startedAt: number): void {
    const group = this.opts.groupOf(value);
    if (this.droppedAllAt > startedAt || (this.changedAt.get(group) ?? -1) > startedAt) return;
    this.delete(key);
    const weight = this.opts.weigh?.(value) ?? 1;
    if (weight > this.opts.maxWeight) return;
    this.entries.set(key, { value, group, weight, expiresAt: Date.now() + this.opts.ttlMs });
    this.weight += weight;
    let keys = this.keysByGroup.get(group);
    if (!keys) this.keysByGroup.set(group, (keys = new Set()));
    keys.add(key);
    for (const oldest of this.entries.keys()) {
      if (this.weight <= this.opts.maxWeight) break;
      this.delete(oldest);
    }
  }

  private dropGroup(group: string): void {
    this.changedAt.set(group, ++this.clock);
    for (const key of [...(this.keysByGroup.get(group) ?? [])]) this.delete(key);
    if (this.changedAt.size > 1_000) this.forgetOldChanges();
  }

  private dropAll(): void {
    this.droppedAllAt = ++this.clock;
    this.changedAt.clear();
    this.entries.clear();
    this.keysByGroup.clear();
    this.weight = 0;
  }

  /** A change matters only to loads that started before it; forget those no running load predates. */
  private forgetOldChanges(): void {
    let oldest = this.clock;
    for (const load of this.loadsStartedAt) oldest = Math.min(oldest, load.at);
    for (const [group, at] of this.changedAt) if (at <= oldest) this.changedAt.delete(group);
  }
}

function groupOfChange(change: DatabaseChange): string {
  return change.kind === "settings" ? SETTINGS_GROUP : change.userId;
}
