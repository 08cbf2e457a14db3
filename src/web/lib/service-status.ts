/**
 * Whether the server said its database is briefly out of reach (a 503 with reason
 * database_unavailable; decision 0057). The shell shows a calm banner meanwhile and queries retry
 * quietly. Kept per address: the banner goes when each address that was refused answers again
 * (other answers, from caches, prove nothing), or when none has been refused for a while.
 */
import { createFlagStore, useFlag } from "./flag-store";

/** An address refused this long ago, and not since, no longer counts. */
const FORGET_AFTER_MS = 20_000;

const refused = new Map<string, number>();
const unavailable = createFlagStore();
let expiry: ReturnType<typeof setTimeout> | undefined;

function update(): void {
  const now = Date.now();
  for (const [url, until] of refused) if (until <= now) refused.delete(url);
  clearTimeout(expiry);
  if (refused.size > 0) expiry = setTimeout(update, Math.min(...refused.values()) - now);
  unavailable.set(refused.size > 0);
}

export function markRefused(url: string): void {
  refused.set(url, Date.now() + FORGET_AFTER_MS);
  update();
}

export function markAnswered(url: string): void {
  if (refused.delete(url)) update();
}

export function useServiceUnavailable(): boolean {
  return useFlag(unavailable);
}
