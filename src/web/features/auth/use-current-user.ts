import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { callQuery } from "@/lib/api";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { useLiveConnected, useLiveUpdates } from "@/features/live";

const CURRENT_USER_REFETCH_MS = 30_000;

// The contract (and zod) is imported when the call is made: every page asks this first (lib/api.ts, RouteSource).
const currentUserRoute = () => import("../../../shared/api/auth").then((m) => m.authApi.currentUser);
const fetchCurrentUser = callQuery(currentUserRoute, undefined, "returnNull");

/**
 * GET /api/auth/current-user; a 401 means "signed out" (null). Its cache entry is the one place
 * the signed-in user is kept (decision 0037; persisted by current-user-cache.ts). Only the app
 * shell's observer polls (every 30 s, unless live updates bring the balance), so several readers
 * do not multiply the requests.
 */
function useCurrentUserQuery(options: { poll?: boolean } = {}) {
  const live = useLiveConnected();
  return useQuery<CurrentUser | null>({
    queryKey: firstLoadKeys.currentUser,
    queryFn: fetchCurrentUser,
    refetchInterval: options.poll && !live ? CURRENT_USER_REFETCH_MS : false,
  });
}

/**
 * Keeps the current user in step with the server (decision 0026): polls while the event stream
 * is closed and, while signed in, opens it. Mount once, in the app shell.
 */
export function useSyncAuthWithServer(): void {
  const { data } = useCurrentUserQuery({ poll: true });
  useLiveUpdates(Boolean(data));
}

export interface CurrentUserView {
  /** The user to show: the server's answer, or the stored one until it arrives. */
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** True once the server has answered at least once (or could not be reached). */
  isResolved: boolean;
}

export function useCurrentUser(): CurrentUserView {
  const query = useCurrentUserQuery();
  const user = query.data ?? null;
  // The stored copy is restored "updated at 0"; any answer (or a sign-in, sign-out) is later.
  return { user, isAuthenticated: user !== null, isResolved: query.dataUpdatedAt > 0 || query.isError };
}
