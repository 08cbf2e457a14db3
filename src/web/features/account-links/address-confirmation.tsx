import { useEffect, useState } from "react";
import { Link } from "wouter";
import { CircleAlert, LoaderCircle, LogIn, MailCheck, UserRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { EmailConfirmed } from "../../../shared/schemas/account-links";
import { useCurrentUser } from "@/features/auth";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { confirmAddressOnce, type AddressLinkKind } from "./account-links-api";
import { LinkCard } from "./link-card";

type Outcome =
  { state: "pending" } | { state: "done"; confirmed: EmailConfirmed } | { state: "failed"; error: unknown };

/** Posts the link's token once and follows how it went. */
function useAddressLink(kind: AddressLinkKind, token: string): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ state: "pending" });
  useEffect(() => {
    let shown = true;
    confirmAddressOnce(kind, token).then(
      (confirmed) => {
        // The signed-in person may be the one whose address this was: their page shows it now.
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
        if (shown) setOutcome({ state: "done", confirmed });
      },
      (error: unknown) => shown && setOutcome({ state: "failed", error }),
    );
    return () => {
      shown = false;
    };
  }, [kind, token]);
  return outcome;
}

/** Where to go next: one's account when signed in, else signing in. */
function NextStep() {
  const { user } = useCurrentUser();
  return (
    <Button asChild size="lg" className="w-full">
      {user ? (
        <Link href="/my-account">
          <UserRound aria-hidden="true" />
          <Trans>Go to My Account</Trans>
        </Link>
      ) : (
        <Link href="/login">
          <LogIn aria-hidden="true" />
          <Trans>Sign In</Trans>
        </Link>
      )}
    </Button>
  );
}

/**
 * /verify-email and /confirm-email: uses the link once and says what happened. The link confirms
 * its own account's address whoever is signed in here, and signs nobody in or out; when another
 * account is signed in, the page says that account is unchanged.
 */
export function AddressConfirmation({ kind, token }: { kind: AddressLinkKind; token: string }) {
  const { t } = useLingui();
  const outcome = useAddressLink(kind, token);
  const { user } = useCurrentUser();

  if (outcome.state === "pending")
    return (
      <LinkCard icon={LoaderCircle} title={t`Confirming your address…`}>
        <p role="status" className="text-sm text-muted-foreground">
          <Trans>One moment.</Trans>
        </p>
      </LinkCard>
    );

  if (outcome.state === "failed")
    return (
      <LinkCard icon={CircleAlert} title={t`This link did not work`}>
        <p role="alert" className="text-sm font-medium text-red-400">
          {errorMessage(outcome.error)}
        </p>
        <p className="text-sm text-muted-foreground">
          {kind === "verify" ? (
            <Trans>Signed in, you can ask for a new confirmation link at the top of any page.</Trans>
          ) : (
            <Trans>You can ask for the change again on My Account.</Trans>
          )}
        </p>
        <NextStep />
      </LinkCard>
    );

  const { username, email } = outcome.confirmed;
  const someoneElse = user && user.username.toLowerCase() !== username.toLowerCase() ? user.username : null;
  return (
    <LinkCard
      icon={MailCheck}
      title={kind === "verify" ? t`Address confirmed` : t`Address changed`}
      description={
        kind === "verify"
          ? t`The address ${email} of the account ${username} is confirmed.`
          : t`The account ${username} now uses ${email}.`
      }
    >
      {someoneElse ? (
        <p role="status" className="text-sm text-amber-200">
          <Trans>You are signed in as {someoneElse}: that account is unchanged.</Trans>
        </p>
      ) : null}
      <NextStep />
    </LinkCard>
  );
}
