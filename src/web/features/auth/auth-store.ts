import { useSyncExternalStore } from "react";
import type { CurrentUser } from "../../../shared/schemas/auth";

/**
 * The signed-in user, persisted in localStorage so a reload paints the right header at once
 * (spec sections 3 and 4). The server session stays the source of truth: useCurrentUser keeps
 * this store in step with GET /api/auth/current-user.
 */
export interface AuthState {
  user: CurrentUser | null;
  isAuthenticated: boolean;
}

const STORAGE_KEY = "veo-studio.auth";
const SIGNED_OUT: AuthState = { user: null, isAuthenticated: false };

function isCurrentUser(value: unknown): value is CurrentUser {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.username === "string" && v.username.length > 0;
}

/** Keeps only the fields the client uses, whatever extra fields the server sent. */
export function toCurrentUser(value: unknown): CurrentUser | null {
  if (!isCurrentUser(value)) return null;
  const v = value as unknown as Record<string, unknown>;
  return {
    username: String(v.username),
    email: typeof v.email === "string" && v.email ? v.email : null,
    credits: typeof v.credits === "number" && Number.isFinite(v.credits) ? v.credits : 0,
    isAdmin: v.isAdmin === true,
    hasPassword: v.hasPassword !== false,
  };
}

function readStorage(): AuthState {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return SIGNED_OUT;
    const parsed = JSON.parse(raw) as { user?: unknown; isAuthenticated?: unknown };
    const user = toCurrentUser(parsed.user);
    return user && parsed.isAuthenticated === true ? { user, isAuthenticated: true } : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

let state: AuthState = typeof window === "undefined" ? SIGNED_OUT : readStorage();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function sameUser(a: CurrentUser | null, b: CurrentUser | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.username === b.username && a.email === b.email && a.credits === b.credits && a.isAdmin === b.isAdmin;
}

function commit(next: AuthState): void {
  if (next.isAuthenticated === state.isAuthenticated && sameUser(next.user, state.user)) return;
  state = next;
  try {
    if (next.isAuthenticated) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be full or disabled (private mode): the in-memory state still works.
  }
  emit();
}

export const authStore = {
  getState: (): AuthState => state,
  setUser(user: CurrentUser): void {
    commit({ user, isAuthenticated: true });
  },
  clear(): void {
    commit(SIGNED_OUT);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signed in or out: follow it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    state = readStorage();
    emit();
  });
}

export function useAuthStore(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, () => SIGNED_OUT);
}
