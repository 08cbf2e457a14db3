/**
 * Whether the server said its database is briefly out of reach (a 503 with reason
 * database_unavailable; decision 0057). The shell shows a calm banner meanwhile and queries retry
 * quietly. Kept per address: the banner goes when each address that was refused answers again
 * (other answers, from caches, prove nothing), or when none has been refused for a while.
 */
import { useSyncExternalStore } from "react";

/** An address refused this long ago, and not since, no longer counts. */
const FORGET_AFTER_MS = 20_000;

const refused = new Map<string, number>();
const listeners = new Set<() => void>();
let unavailable = false;
let expiry: ReturnType<typeof setTimeout> | undefined;

function update(): void {
  const now = Date.now();
  for (const [url, until] of refused) if (until <= now) refused.delete(url);
  clearTimeout(expiry);
  if (refused.size > 0) expiry = setTimeout(update, Math.min(...refused.values()) - now);
  const next = refused.size > 0;
  if (next === unavailable) return;
  unavailable = next;
  for (const listener of listeners) listener();
}

export function markRefused(url: string): void {
  refused.set(url, Date.now() + FORGET_AFTER_MS);
  update();
}

export function markAnswered(url: string): void {
  if (refused.delete(url)) update();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServiceUnavailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => unavailable,
    () => false,
  );
}
