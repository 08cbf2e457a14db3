/** The /api page's token calls: list, create, create the default one, delete, revoke all (own tokens only). */
import { useMutation, useQuery } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import { apiTokensApi } from "../../../shared/api/api-tokens";
import type { CreatedApiToken } from "../../../shared/schemas/api-tokens";
import { call, callQuery, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

const readTokens = callQuery(apiTokensApi.list);

export function useApiTokens(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.apiTokens,
    queryFn: readTokens,
    enabled,
    staleTime: 0,
  });
}

const refreshTokens = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens });

/** POST /api/user-tokens {name}; the answer is the only time the full token is seen. */
export function useCreateToken(onCreated: (token: CreatedApiToken) => void) {
  return useMutation({
    mutationFn: (name: string) => call(apiTokensApi.create, { body: { name } }),
    onSuccess: (token) => {
      onCreated(token);
      void refreshTokens();
    },
    onError: (error) =>
      toast({ title: t`Failed to create API token`, description: errorMessage(error), variant: "destructive" }),
  });
}

/** POST /api/user-tokens/default: a token named "Default" for someone who has none. */
export function useCreateDefaultToken(onCreated: (token: CreatedApiToken) => void) {
  return useMutation({
    mutationFn: () => call(apiTokensApi.createDefault),
    onSuccess: (token) => {
      onCreated(token);
      void refreshTokens();
    },
    onError: (error) => {
      toast({ title: t`Failed to create default API token`, description: errorMessage(error), variant: "destructive" });
      void refreshTokens();
    },
  });
}

export function useDeleteToken(onDeleted: () => void) {
  return useMutation({
    mutationFn: (id: string) => call(apiTokensApi.delete, { params: { id } }),
    onSuccess: () => {
      toast({ title: t`API token deleted`, description: t`Automations using it stop working at once.` });
      onDeleted();
      void refreshTokens();
    },
    onError: (error) => toast({ title: t`Delete failed`, description: errorMessage(error), variant: "destructive" }),
  });
}

/** DELETE /api/user-tokens: every token of this user ("Revoke all"). */
export function useRevokeAllTokens(onRevoked: () => void) {
  return useMutation({
    mutationFn: () => call(apiTokensApi.revokeAll),
    onSuccess: ({ revoked }) => {
      toast({
        title: t`API tokens revoked`,
        description: plural(revoked, {
          one: "# API token revoked. Automations using it stop working at once.",
          other: "# API tokens revoked. Automations using them stop working at once.",
        }),
      });
      onRevoked();
      void refreshTokens();
    },
    onError: (error) => {
      toast({ title: t`Revoke failed`, description: errorMessage(error), variant: "destructive" });
      void refreshTokens();
    },
  });
}
