import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { getQueryFn } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { useLiveConnected, useLiveUpdates } from "@/features/live/live-updates";
import { authStore, toCurrentUser, useAuthStore } from "./auth-store";

export const CURRENT_USER_REFETCH_MS = 30_000;

const fetchCurrentUser = getQueryFn<unknown>({ on401: "returnNull" });

/**
 * GET /api/auth/current-user; a 401 means "signed out" (null). Only the app shell's observer
 * polls (every 30 s, unless live updates bring the balance), so several readers do not multiply
 * the requests.
 */
export function useCurrentUserQuery(options: { poll?: boolean } = {}) {
  const live = useLiveConnected();
  return useQuery<CurrentUser | null>({
    queryKey: queryKeys.currentUser,
    queryFn: async (context) => toCurrentUser(await fetchCurrentUser(context)),
    refetchInterval: options.poll && !live ? CURRENT_USER_REFETCH_MS : false,
  });
}

/**
 * Keeps the persisted auth store in step with the server (spec section 4): a user in the
 * response signs the client in, null signs it out; while signed in, live updates stream. Mount
 * once, in the app shell.
 */
export function useSyncAuthWithServer(): void {
  const { data } = useCurrentUserQuery({ poll: true });
  useLiveUpdates(Boolean(data));
  useEffect(() => {
    if (data === undefined) return;
    if (data) authStore.setUser(data);
    else authStore.clear();
  }, [data]);
}

export interface CurrentUserView {
  /** The user to show: the server's answer, or the persisted one until it arrives. */
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** True once the server has answered at least once. */
  isResolved: boolean;
}

export function useCurrentUser(): CurrentUserView {
  const query = useCurrentUserQuery();
  const stored = useAuthStore();
  if (query.data !== undefined) {
    return { user: query.data, isAuthenticated: query.data !== null, isResolved: true };
  }
  // Server unreachable or still loading: trust the persisted state.
  return { user: stored.user, isAuthenticated: stored.isAuthenticated, isResolved: query.isError };
}
