import { useSyncExternalStore } from "react";

/** One toast visible at a time; a dismissed toast is dropped after 1 000 000 ms. */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast (or all of them when no id is given). */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast; the newest replaces the one on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const dropped = toasts.slice(TOAST_LIMIT - 1);
  for (const t of dropped) {
    const timer = removeTimers.get(t.id);
    if (timer) clearTimeout(timer);
    removeTimers.delete(t.id);
  }
  const item: ToastItem = { ...options, variant: options.variant ?? "default", id, open: true };
  setToasts([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
