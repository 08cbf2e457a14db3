import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { LoaderCircle, UserRoundPlus, X } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { googleApi } from "../../../shared/api/google";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/auth/google/new-account: the account made from the identity Google just verified. */
async function createAccountWithGoogle() {
  const { user } = await call(googleApi.newAccount);
  return user;
}

/**
 * Back from Google with /login?auth=account-exists (decision 0033): an account whose e-mail was
 * never verified holds the address Google vouched for, so nobody was signed in. The person signs
 * in with that account's password (and connects Google on My Account), or makes a new account
 * with Google. The text is the app's own, never the address bar's.
 */
export function GoogleAccountExistsNotice({ next }: { next: string }) {
  const { t } = useLingui();
  // Read at the first render: useGoogleReturn cleans the address bar afterwards.
  const [shown, setShown] = useState(
    () => new URLSearchParams(window.location.search).get("auth") === "account-exists",
  );
  const [, navigate] = useLocation();
  const create = useMutation({
    mutationFn: createAccountWithGoogle,
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      const { username } = user;
      toast({ title: t`Signed in with Google`, description: t`Welcome, ${username}!` });
      navigate(next, { replace: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    onError: (error) => {
      toast({ title: t`Google Sign In failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
  if (!shown) return null;

  return (
    <section
      role="alert"
      aria-labelledby="google-account-exists-title"
      className="relative mb-6 rounded-xl border border-amber-500/40 bg-amber-500/10 p-5 text-sm"
    >
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2 size-8"
        aria-label={t`Dismiss`}
        onClick={() => setShown(false)}
      >
        <X aria-hidden="true" />
      </Button>
      <h2 id="google-account-exists-title" className="pr-8 font-semibold text-amber-100">
        <Trans>This e-mail already has an account</Trans>
      </h2>
      <p className="mt-2 text-amber-100/80">
        <Trans>
          An account with this e-mail already exists. Sign in with its password and connect Google on My Account, or
          create a new account with Google.
        </Trans>
      </p>
      <Button variant="outline" className="mt-4 w-full" disabled={create.isPending} onClick={() => create.mutate()}>
        {create.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <UserRoundPlus aria-hidden="true" />
        )}
        <Trans>Create a new account with Google</Trans>
      </Button>
    </section>
  );
}
