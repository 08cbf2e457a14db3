import { useCallback } from "react";
import { useLocation } from "wouter";
import { authApi } from "../../../shared/api/auth";
import { call } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** Clears every trace of the signed-in user on the client (the stored copy follows the cache). */
export async function clearClientSession(): Promise<void> {
  // A current-user answer still in flight must not sign the client back in.
  await queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.currentUser[0] });
  queryClient.setQueryData(queryKeys.currentUser, null);
}

/** Signs out on the server; the client signs out even when the call fails. */
export function useLogout(): () => Promise<void> {
  const [, navigate] = useLocation();
  return useCallback(async () => {
    try {
      await call(authApi.logout);
    } catch (error) {
      console.error("Logout failed", error);
    } finally {
      await clearClientSession();
      navigate("/");
    }
  }, [navigate]);
}
