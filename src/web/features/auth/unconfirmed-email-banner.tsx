import { useEffect, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle, MailWarning, X } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { useCurrentUser } from "./use-current-user";

/** Hidden for the rest of this tab's session, for this address only (a new address shows it again). */
const DISMISSED_KEY = "veo-studio.unconfirmed-email-dismissed";

function dismissedAddress(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

// The contract (and zod) only when the button is pressed: the shell's first load stays light.
const resendRoute = () => import("../../../shared/api/account-links").then((m) => m.accountLinksApi.resendVerification);

/**
 * For a signed-in person whose address is not confirmed (decision 0088): what to do, "Send the link
 * again", and a way to hide it. Everything they paid for works meanwhile.
 */
export function UnconfirmedEmailBanner() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const [dismissed, setDismissed] = useState(dismissedAddress);
  const email = user?.email && !user.emailVerified && dismissed !== user.email ? user.email : null;
  const resend = useMutation({
    mutationFn: () => call(resendRoute),
    onError: (error) =>
      toast({ title: t`The link was not sent`, description: errorMessage(error), variant: "destructive" }),
  });
  // Confirmed in another tab (the link opens one): coming back here asks the server.
  useEffect(() => {
    if (!email) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: firstLoadKeys.currentUser });
    window.addEventListener("focus", refresh);
    return () => window.removeEventListener("focus", refresh);
  }, [email]);
  if (!email) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, email);
    } catch {
      // Storage off: hidden until the page is reloaded.
    }
    setDismissed(email);
  };
  return (
    <div
      role="region"
      aria-label={t`Confirm your e-mail address`}
      className="border-b border-violet-500/30 bg-violet-500/10 px-4 py-2.5 text-sm text-violet-50"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <MailWarning className="size-4 shrink-0 text-violet-300" aria-hidden="true" />
        <p className="min-w-0 flex-1 break-words">
          {resend.isSuccess ? (
            <span role="status">
              <Trans>A new link is on its way to {email}.</Trans>
            </span>
          ) : (
            <Trans>Please confirm your e-mail address {email}: open the link we sent you.</Trans>
          )}
        </p>
        <div className="flex items-center gap-1">
          <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            <Trans>Send the link again</Trans>
          </Button>
          <Button size="icon" variant="ghost" className="size-8" aria-label={t`Hide this notice`} onClick={dismiss}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
