import { hashKey, type QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { firstLoadKeys } from "@/lib/first-load-keys";

/**
 * The signed-in user lives in one place: the query cache's GET /api/auth/current-user entry
 * (decision 0037). This module keeps a copy of that entry in localStorage, so a reload paints the
 * right header at once, before the server answers, and puts it back into the cache at start-up. The
 * server stays the source of truth: the restored entry is marked stale, so the first reader asks
 * the server, and its answer (a user, or null for a 401) replaces it.
 */
const STORAGE_KEY = "veo-studio.auth";

function isCurrentUser(value: unknown): value is CurrentUser {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.username === "string" && v.username.length > 0;
}

/** A stored copy as the client uses it, lenient: copies written by earlier versions lack some fields. */
function toCurrentUser(value: unknown): CurrentUser | null {
  if (!isCurrentUser(value)) return null;
  const v = value as unknown as Record<string, unknown>;
  return {
    username: String(v.username),
    email: typeof v.email === "string" && v.email ? v.email : null,
    credits: typeof v.credits === "number" && Number.isFinite(v.credits) ? v.credits : 0,
    isAdmin: v.isAdmin === true,
    hasPassword: v.hasPassword !== false,
    // Copies from before addresses were confirmed show no banner until the server answers.
    emailVerified: v.emailVerified !== false,
    language: v.language === "en" || v.language === "vi" ? v.language : null,
  };
}

/** The stored copy (the same shape earlier versions wrote, so their visitors stay painted). */
function readStored(): CurrentUser | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { user?: unknown; isAuthenticated?: unknown };
    return parsed.isAuthenticated === true ? toCurrentUser(parsed.user) : null;
  } catch {
    return null;
  }
}

function serialize(user: CurrentUser | null): string | null {
  return user ? JSON.stringify({ user, isAuthenticated: true }) : null;
}

function writeStored(value: string | null): void {
  try {
    if (value) window.localStorage.setItem(STORAGE_KEY, value);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be full or disabled (private mode): the cache still works for this page.
  }
}

/**
 * Restores the stored user into `client` and from then on stores every answer the cache gets for
 * the current user. Call once, before the first render. Returns the unsubscribe function.
 */
export function persistCurrentUser(client: QueryClient): () => void {
  const stored = readStored();
  if (stored) {
    // Updated "at 0": not an answer of the server (useCurrentUser's isResolved stays false) ...
    client.setQueryData(firstLoadKeys.currentUser, stored, { updatedAt: 0 });
    // ... and stale, so the first observer asks the server although queries never go stale.
    void client.invalidateQueries({ queryKey: firstLoadKeys.currentUser, refetchType: "none" });
  }
  let written = serialize(stored);

  const hash = hashKey(firstLoadKeys.currentUser);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.query.queryHash !== hash) return;
    const { dataUpdatedAt } = event.query.state;
    const data: unknown = event.query.state.data;
    // Only answers (or what sign-in, sign-out and live updates set) are stored, never the restored copy.
    if (data === undefined || dataUpdatedAt === 0) return;
    const next = serialize(data as CurrentUser | null);
    if (next === written) return;
    written = next;
    writeStored(next);
  });

  // Another tab signed in, out, or as someone else: ask the server who this tab is now.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const theirs = readStored();
    const ours = client.getQueryData<CurrentUser | null>(firstLoadKeys.currentUser) ?? null;
    if (theirs?.username === ours?.username) return;
    void client.invalidateQueries({ queryKey: firstLoadKeys.currentUser });
  };
  window.addEventListener("storage", onStorage);

  return () => {
    unsubscribe();
    window.removeEventListener("storage", onStorage);
  };
}
