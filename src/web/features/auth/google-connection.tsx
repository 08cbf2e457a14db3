import { useQuery } from "@tanstack/react-query";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { msg, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { googleApi } from "../../../shared/api/google";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { callQuery } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { GoogleMark, useGoogleRedirect, useGoogleSignInEnabled } from "./google-sign-in";
import { useReturnParams } from "./use-return-params";
import { googleProblemText } from "./google-problem-text";

const readConnection = callQuery(googleApi.connection);
const CONNECT_FAILED = msg`Could not connect Google`;

/**
 * My Account's "Connect Google" (decision 0033), shown while Google sign-in is enabled: starts
 * Google's flow for the signed-in account; once connected, says so.
 */
export function GoogleConnectionButton() {
  const enabled = useGoogleSignInEnabled();
  // Asked again whenever My Account opens: whoever is signed in now may not be who was before.
  const connection = useQuery({ queryKey: queryKeys.googleConnection, queryFn: readConnection, enabled, staleTime: 0 });
  const { leaving, start } = useGoogleRedirect(googleApi.link, CONNECT_FAILED);
  if (!enabled || !connection.data) return null;

  if (connection.data.connected) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-md border border-border px-4 py-2.5 text-sm text-muted-foreground">
        <CircleCheck className="size-4 text-emerald-400" aria-hidden="true" />
        <Trans>Google account connected</Trans>
      </p>
    );
  }

  return (
    <Button variant="outline" className="w-full" disabled={leaving} onClick={() => void start()}>
      {leaving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <GoogleMark />}
      <Trans>Connect Google</Trans>
    </Button>
  );
}

/** My Account's `?google=connected` or `?google=error&message=...`: a toast says how it went. */
function showLinkOutcome(params: URLSearchParams): boolean {
  const outcome = params.get("google");
  if (outcome !== "connected" && outcome !== "error") return false;
  if (outcome === "connected") {
    toast({ title: t`Google connected`, description: t`You can now sign in with Google too.` });
  } else {
    toast({ title: i18n._(CONNECT_FAILED), description: googleProblemText(params), variant: "destructive" });
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.googleConnection });
  return true;
}

/** Back from connecting Google (/my-account?google=...): the toast, then a clean address. */
export function useGoogleLinkReturn(): void {
  useReturnParams("/my-account", showLinkOutcome);
}
