import { useSyncExternalStore } from "react";

/**
 * A yes/no kept outside React (the live stream's connection, the server's availability) that
 * components follow with `useFlag`: they render again only when it changes. False on the server.
 */
export interface FlagStore {
  get: () => boolean;
  set: (value: boolean) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createFlagStore(): FlagStore {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useFlag(store: FlagStore): boolean {
  return useSyncExternalStore(store.subscribe, store.get, () => false);
}
