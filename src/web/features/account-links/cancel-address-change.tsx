import { useMutation } from "@tanstack/react-query";
import { Link } from "wouter";
import { CircleAlert, KeyRound, LoaderCircle, ShieldAlert, ShieldCheck } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { accountLinksApi } from "../../../shared/api/account-links";
import { Button } from "@/components/ui/button";
import { call, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { LinkCard } from "./link-card";

/**
 * /cancel-email-change: the old address's "this was not me" (decision 0128). Nothing happens on
 * opening the page (a mail program may open links by itself); the button ends the change asked
 * for and signs every device out of the account, this one included.
 */
export function CancelAddressChange({ token }: { token: string }) {
  const { t } = useLingui();
  const mutation = useMutation({
    mutationFn: () => call(accountLinksApi.cancelEmailChange, { body: { token } }),
    // Whoever is signed in here may be the account's person: they are signed out now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });

  if (mutation.isSuccess) {
    const { username } = mutation.data;
    return (
      <LinkCard
        icon={ShieldCheck}
        title={t`The change was cancelled`}
        description={t`The account ${username} keeps its address, and every device was signed out of it.`}
      >
        <p className="text-sm text-muted-foreground">
          <Trans>Whoever asked for the change knew your password: choose a new one now.</Trans>
        </p>
        <Button asChild size="lg" className="w-full">
          <Link href="/forgot-password">
            <KeyRound aria-hidden="true" />
            <Trans>Choose a new password</Trans>
          </Link>
        </Button>
      </LinkCard>
    );
  }

  return (
    <LinkCard
      icon={ShieldAlert}
      title={t`Was it not you?`}
      description={t`Someone asked to move your account to another e-mail address.`}
    >
      <p className="text-sm text-muted-foreground">
        <Trans>
          Cancelling ends that request and signs every device out of the account, this one too. Then choose a new
          password.
        </Trans>
      </p>
      {mutation.isError ? (
        <p role="alert" className="flex gap-2 text-sm font-medium text-red-400">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {errorMessage(mutation.error)}
        </p>
      ) : null}
      <Button size="lg" className="w-full" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        {mutation.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <ShieldAlert aria-hidden="true" />
        )}
        <Trans>Cancel the change</Trans>
      </Button>
    </LinkCard>
  );
}
