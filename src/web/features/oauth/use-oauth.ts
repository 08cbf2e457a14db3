/** The OAuth calls of the consent page and of the /api page's connected apps (decision 0170). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { oauthApi } from "../../../shared/api/oauth";
import type { OAuthAuthorizeRequest, OAuthConsentDecision } from "../../../shared/schemas/oauth";
import { call, callQuery, errorMessage, urlFor } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

/** GET /api/oauth/consent: the server checks the request and says who asks for what (a 400 is shown, never followed). */
export function useConsent(request: OAuthAuthorizeRequest, enabled: boolean) {
  return useQuery({
    queryKey: [urlFor(oauthApi.consent, { query: request })],
    queryFn: callQuery(oauthApi.consent, { query: request }),
    enabled,
    // The answer depends on the request alone; asking again would only repeat it.
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * POST /api/oauth/consent: allow or refuse; the browser then leaves for the app's redirect URI
 * (`leave` is window.location.assign, a parameter so tests can watch it).
 */
export function useDecideConsent(leave: (url: string) => void) {
  return useMutation({
    mutationFn: (decision: OAuthConsentDecision) => call(oauthApi.decide, { body: decision }),
    onSuccess: ({ redirectTo }) => leave(redirectTo),
  });
}

const readConnections = callQuery(oauthApi.connections);

export function useOAuthConnections() {
  return useQuery({ queryKey: queryKeys.oauthConnections, queryFn: readConnections, staleTime: 0 });
}

/** DELETE /api/oauth/connections/:id: the app's tokens stop working at once. */
export function useRevokeConnection(onRevoked: () => void) {
  const client = useQueryClient();
  const refreshConnections = () => client.invalidateQueries({ queryKey: queryKeys.oauthConnections });
  return useMutation({
    mutationFn: (id: string) => call(oauthApi.revoke, { params: { id } }),
    onSuccess: () => {
      toast({ title: t`Access revoked`, description: t`The app stopped working with your account at once.` });
      onRevoked();
      void refreshConnections();
    },
    onError: (error) => {
      toast({ title: t`Revoke failed`, description: errorMessage(error), variant: "destructive" });
      void refreshConnections();
    },
  });
}
