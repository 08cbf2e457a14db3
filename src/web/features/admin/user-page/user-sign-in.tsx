import { useState } from "react";
import { KeyRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SectionCard } from "@/components/ui/section-card";
import { SIGN_IN_EFFECT_VARIANT, signInEffectLabel, signInReasonText } from "./sign-in-reasons";
import { useSendPasswordReset } from "./user-api";

/** "Can sign in" or "Cannot sign in because…", with every reason the server gives (decision 0146). */
function SignInStatus({ user }: { user: AdminUserDetail }) {
  const { canSignIn, reasons } = user.signIn;
  return (
    <div className="grid gap-3" data-testid="sign-in-status">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {canSignIn ? (
          <Badge variant="success">
            <Trans>Can sign in</Trans>
          </Badge>
        ) : (
          <Badge variant="destructive">
            <Trans>Cannot sign in</Trans>
          </Badge>
        )}
        <span>
          {!canSignIn ? (
            <Trans>Cannot sign in because:</Trans>
          ) : reasons.length > 0 ? (
            <Trans>They can sign in, and should know:</Trans>
          ) : (
            <Trans>Nothing keeps them from signing in.</Trans>
          )}
        </span>
      </p>
      {reasons.length > 0 ? (
        <ul className="grid gap-2 text-sm">
          {reasons.map((reason) => (
            <li key={reason.code} className="flex flex-wrap items-start gap-2" data-reason={reason.code}>
              <Badge variant={SIGN_IN_EFFECT_VARIANT[reason.effect]}>{signInEffectLabel(reason.effect)}</Badge>
              <span className="min-w-0 flex-1">{signInReasonText(reason)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Why the button is off, when it is. */
function ResetUnavailable({ user }: { user: AdminUserDetail }) {
  if (!user.email) return <Trans>This account has no e-mail address, so a reset link has nowhere to go.</Trans>;
  if (!user.isActive) return <Trans>Enable the account first: a reset link does nothing for a disabled account.</Trans>;
  return null;
}

/** A reset link to the account's own address; the admin never sees it (decision 0146). */
function SendResetLink({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<"queued" | "kept" | null>(null);
  const send = useSendPasswordReset(user.id, (outcome) => {
    setSent(outcome);
    setConfirming(false);
  });
  const email = user.email ?? "";
  const available = Boolean(user.email) && user.isActive;
  return (
    <div className="mt-5 grid gap-2 border-t border-border pt-4">
      <div>
        <Button variant="outline" disabled={!available} onClick={() => setConfirming(true)}>
          <KeyRound aria-hidden="true" />
          <Trans>Send password-reset link</Trans>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {!available ? (
          <ResetUnavailable user={user} />
        ) : sent === "queued" ? (
          <Trans>A reset link is on its way to {email}. It works once, within an hour.</Trans>
        ) : sent === "kept" ? (
          <Trans>
            No mail server is set: the link waits in the outbox, hidden. Set a mail server so it reaches them.
          </Trans>
        ) : null}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Send a password-reset link?`}
        description={t`A link to choose a new password goes to ${email}, the account's own address. It works once, within an hour; you will not see it.`}
        confirmLabel={t`Send link`}
        variant="default"
        pending={send.isPending}
        onConfirm={() => send.mutate()}
      />
    </div>
  );
}

/** Whether the person can sign in and why not, and a reset link sent to them. */
export function UserSignInCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  return (
    <SectionCard
      id="user-sign-in-title"
      title={t`Signing in`}
      description={t`What the sign-in would do for this person now.`}
    >
      <SignInStatus user={user} />
      {user.deletedAt ? null : <SendResetLink user={user} />}
    </SectionCard>
  );
}
