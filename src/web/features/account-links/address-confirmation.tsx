import { useEffect, useState } from "react";
import { MailCheck } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { EmailConfirmed } from "../../../shared/schemas/account-links";
import { useCurrentUser } from "@/features/auth";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { confirmAddressOnce, type AddressLinkKind } from "./account-links-api";
import { AddressLinkQuestion } from "./address-link-question";
import { LinkCard } from "./link-card";
import { LinkPending } from "./link-pending";
import { LinkFailed, NextStep } from "./link-failed";

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

/**
 * /verify-email and /confirm-email: names the link's account and asks first (decision 0131), then
 * uses the link once and says what happened. The link confirms its own account's address whoever
 * is signed in here, and signs nobody in or out; when another account is signed in, the page says
 * that account is unchanged.
 */
export function AddressConfirmation({ kind, token }: { kind: AddressLinkKind; token: string }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) return <AddressLinkQuestion kind={kind} token={token} onConfirm={() => setConfirming(true)} />;
  return <AddressLinkOutcome kind={kind} token={token} />;
}

function AddressLinkOutcome({ kind, token }: { kind: AddressLinkKind; token: string }) {
  const { t } = useLingui();
  const outcome = useAddressLink(kind, token);
  const { user } = useCurrentUser();

  if (outcome.state === "pending") return <LinkPending title={t`Confirming your address…`} />;

  if (outcome.state === "failed") return <LinkFailed kind={kind} error={outcome.error} />;

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
