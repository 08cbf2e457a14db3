/** A user's page (/admin/users/{id}, decision 0052): their profile, videos and transactions, and the actions on their sessions and tokens. */
import { t, plural } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { adminTransactionsApi } from "../../../../shared/api/admin-transactions";
import { adminUsersApi } from "../../../../shared/api/admin-users";
import { refreshUsers } from "@/features/admin/users/users-api";
import { toast } from "@/hooks/use-toast";
import { ApiError, call, callQuery, errorMessage } from "@/lib/api";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";

const USER_TRANSACTIONS_PAGE_SIZE = 20;

/** The server says "3 sessions ended" (in English): told again in the active language from its number. */
function sessionsEnded(message: string): string {
  const match = /^(\d+) sessions? ended$/.exec(message);
  if (!match) return message;
  const count = Number(match[1]);
  return plural(count, { one: "# session ended", other: "# sessions ended" });
}

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminQueryKeys.user(userId),
    queryFn: callQuery(adminUsersApi.get, { params: { userId } }),
    staleTime: 0,
  });
}

export function useUserVideos(userId: string, page: number) {
  return useQuery({
    queryKey: adminQueryKeys.userVideos(userId, page),
    queryFn: callQuery(adminUsersApi.videos, { params: { userId }, query: { page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/transactions?userId=: the History page's rows, of this user only, a page after `cursor` (decision 0106). */
export function useUserTransactions(userId: string, cursor: string | undefined) {
  const query = { userId, cursor, limit: USER_TRANSACTIONS_PAGE_SIZE };
  return useQuery({
    queryKey: adminQueryKeys.transactions(query),
    queryFn: callQuery(adminTransactionsApi.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** DELETE /api/admin/users/{id}/sessions: every session of the user ends. */
export function useSignOutEverywhere(userId: string, onDone: () => void) {
  return useMutation({
    mutationFn: () => call(adminUsersApi.signOutEverywhere, { params: { userId } }),
    onSuccess: ({ message }) => {
      toast({ title: t`Signed out everywhere`, description: sessionsEnded(message) });
      onDone();
    },
    onError: (error) => {
      const reason = errorMessage(error);
      toast({
        title: t`Sign out failed`,
        description: t`Failed to sign the user out: ${reason}`,
        variant: "destructive",
      });
    },
    onSettled: refreshUsers,
  });
}

/** DELETE /api/admin/users/{id}/api-tokens/{tokenId}: automations using the token get 401 from now on. */
export function useRevokeToken(userId: string, onDone: () => void) {
  return useMutation({
    mutationFn: (tokenId: string) => call(adminUsersApi.revokeToken, { params: { userId, tokenId } }),
    onSuccess: () => {
      toast({ title: t`API token revoked` });
      onDone();
    },
    onError: (error) => {
      const reason = errorMessage(error);
      toast({
        title: t`Revoke failed`,
        description: t`Failed to revoke the API token: ${reason}`,
        variant: "destructive",
      });
    },
    onSettled: refreshUsers,
  });
}

/** PUT /api/admin/users/{id}/in-flight-limit: their own limit of videos at once, or null for the default (decision 0093). */
export function useSetInFlightLimit(userId: string) {
  return useMutation({
    mutationFn: (maxVideosInFlight: number | string | null) =>
      call(adminUsersApi.setInFlightLimit, { params: { userId }, body: { maxVideosInFlight } }),
    onSuccess: () => {
      toast({ title: t`Limit saved` });
    },
    onError: (error) => {
      const reason = errorMessage(error);
      toast({
        title: t`Update failed`,
        description: t`Failed to save the limit: ${reason}`,
        variant: "destructive",
      });
    },
    onSettled: refreshUsers,
  });
}

/** The route's refusals, worded for the admin rather than for the account's owner. */
function resetRefusal(error: unknown): string {
  if (error instanceof ApiError && error.reason === "no_email")
    return t`This account has no e-mail address, so a reset link has nowhere to go.`;
  if (error instanceof ApiError && error.reason === "account_closed")
    return t`This account is disabled: a reset link would not let them in. Enable it first.`;
  return errorMessage(error);
}

/** POST /api/admin/users/{id}/password-reset: a reset link to the account's own address (decision 0146). */
export function useSendPasswordReset(userId: string, onDone: (outcome: "queued" | "kept") => void) {
  return useMutation({
    mutationFn: () => call(adminUsersApi.sendPasswordReset, { params: { userId } }),
    onSuccess: ({ outcome }) => {
      toast({
        title: outcome === "queued" ? t`Reset link sent` : t`Reset link kept in the outbox`,
      });
      onDone(outcome);
    },
    onError: (error) => {
      toast({ title: t`Reset link not sent`, description: resetRefusal(error), variant: "destructive" });
    },
    onSettled: refreshUsers,
  });
}
