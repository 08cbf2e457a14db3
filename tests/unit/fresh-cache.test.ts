import { afterEach, describe, expect, it, vi } from "vitest";
import { FreshCache, SETTINGS_GROUP } from "../../src/server/events/fresh-cache.js";
import { LiveEvents } from "../../src/server/events/live-events.js";

interface Row {
  userId: string;
  value: number;
}

/** LiveEvents whose notify() loops back, like the database channel does (after the sender's write). */
function connectedEvents(): LiveEvents {
  const events: LiveEvents = new LiveEvents(async (payload) => {
    setImmediate(() => events.receive(payload));
  });
  events.setConnected(true);
  return events;
}

function cacheOf(events: LiveEvents, opts: Partial<ConstructorParameters<typeof FreshCache<Row>>[1]> = {}) {
  return new FreshCache<Row>(events, {
    kinds: ["user"],
    groupOf: (r) => r.userId,
    maxWeight: 100,
    ttlMs: 60_000,
    ...opts,
  });
}

const change = (userId: string, kind = "user") => JSON.stringify({ u: userId, k: kind });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => vi.useRealTimers());

describe("FreshCache", () => {
  it("answers from memory until the database announces a change of the group", async () => {
    const events = connectedEvents();
    const cache = cacheOf(events);
    const load = vi.fn(async () => ({ userId: "u1", value: 1 }));
    expect(await cache.get("a", load)).toEqual({ userId: "u1", value: 1 });
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(1);

    events.receive(change("u2"));
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(1);

    events.receive(change("u1"));
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("ignores changes of kinds it does not depend on, and drops the settings group on a settings change", async () => {
    const events = connectedEvents();
    const users = cacheOf(events);
    const settings = new FreshCache<Row>(events, {
      kinds: ["settings"],
      groupOf: () => SETTINGS_GROUP,
      maxWeight: 1,
      ttlMs: 60_000,
    });
    const load = vi.fn(async () => ({ userId: "u1", value: 1 }));
    await users.get("a", load);
    await settings.get("s", load);
    events.receive(change("u1", "task"));
    events.receive(JSON.stringify({ k: "settings" }));
    await users.get("a", load);
    await settings.get("s", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("does not keep a load that overlapped a change of its group", async () => {
    const events = connectedEvents();
    const cache = cacheOf(events);
    const slow = deferred<Row>();
    const first = cache.get("a", () => slow.promise);
    events.receive(change("u1"));
    slow.resolve({ userId: "u1", value: 1 });
    expect(await first).toEqual({ userId: "u1", value: 1 });

    const load = vi.fn(async () => ({ userId: "u1", value: 2 }));
    expect(await cache.get("a", load)).toEqual({ userId: "u1", value: 2 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps nothing while the channel is down and drops everything when it comes back", async () => {
    const events = connectedEvents();
    const cache = cacheOf(events);
    const load = vi.fn(async () => ({ userId: "u1", value: 1 }));
    await cache.get("a", load);
    events.setConnected(false);
    await cache.get("a", load);
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(0);

    // A load that started while the channel was down is not kept after it comes back.
    const slow = deferred<Row>();
    const pending = cache.get("a", () => slow.promise);
    events.setConnected(true);
    slow.resolve({ userId: "u1", value: 1 });
    await pending;
    expect(cache.size).toBe(0);
  });

  it("does not keep misses, evicts the least recently used past its weight, and reloads after the ttl", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const events = connectedEvents();
    const cache = cacheOf(events, { maxWeight: 2, ttlMs: 1_000 });
    expect(await cache.get("none", async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);

    const load = vi.fn(async () => ({ userId: "u1", value: 1 }));
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("a", load); // a is now the most recently used
    await cache.get("c", load); // evicts b
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get("a", load);
    await cache.get("b", load);
    expect(load).toHaveBeenCalledTimes(4);

    vi.advanceTimersByTime(1_001);
    await cache.get("b", load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("peek() answers what get() kept, without a promise, and nothing it would not serve", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const events = connectedEvents();
    const cache = cacheOf(events, { maxWeight: 2, ttlMs: 1_000 });
    expect(cache.peek("a")).toBeUndefined();
    const row = { userId: "u1", value: 1 };
    await cache.get("a", async () => row);
    expect(cache.peek("a")).toBe(row);
    // A peek counts as a use: b, not a, is the least recently used and goes first.
    await cache.get("b", async () => ({ userId: "u2", value: 2 }));
    expect(cache.peek("a")).toBe(row);
    await cache.get("c", async () => ({ userId: "u3", value: 3 }));
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")).toBe(row);
    // A change of its group, a closed channel and the ttl each end what peek() answers.
    events.receive(change("u1"));
    expect(cache.peek("a")).toBeUndefined();
    await cache.get("a", async () => row);
    events.setConnected(false);
    expect(cache.peek("c")).toBeUndefined();
    events.setConnected(true);
    await cache.get("a", async () => row);
    vi.advanceTimersByTime(1_001);
    expect(cache.peek("a")).toBeUndefined();
  });

  it("settle() waits for its own marker to come back through the channel", async () => {
    const events = connectedEvents();
    const heard: string[] = [];
    events.onChange((c) => heard.push(c.kind));
    // A change committed just before the marker arrives before it.
    setImmediate(() => events.receive(change("u1")));
    await events.settle();
    expect(heard).toEqual(["user"]);
  });

  it("settle() calls made together share one marker; later ones send their own", async () => {
    const sent: string[] = [];
    const events: LiveEvents = new LiveEvents(async (payload) => {
      sent.push(payload);
      setImmediate(() => events.receive(payload));
    });
    events.setConnected(true);
    await Promise.all([events.settle(), events.settle(), events.settle()]);
    expect(sent).toHaveLength(1);
    await events.settle();
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
  });

  it("settle() that hears nothing back, or cannot send, drops every cache instead of waiting forever", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const silent = new LiveEvents(async () => {});
    silent.setConnected(true);
    const cache = cacheOf(silent);
    await cache.get("a", async () => ({ userId: "u1", value: 1 }));
    const settled = silent.settle();
    await vi.advanceTimersByTimeAsync(2_001);
    await settled;
    expect(cache.size).toBe(0);

    const broken = new LiveEvents(async () => {
      throw new Error("connection refused");
    });
    broken.setConnected(true);
    const other = cacheOf(broken);
    await other.get("a", async () => ({ userId: "u1", value: 1 }));
    await broken.settle();
    expect(other.size).toBe(0);
  });
});
