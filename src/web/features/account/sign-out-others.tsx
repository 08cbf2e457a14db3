import { useState } from "react";
import { LogOut } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useSignOutOthers } from "./use-sign-out-others";

/** "Sign out other devices" on /my-account, after a confirmation. */
export function SignOutOtherSessions() {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutOthers(() => setConfirming(false));
  return (
    <>
      <Button type="button" variant="secondary" className="w-full" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden="true" />
        <Trans>Sign out other devices</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Sign out of every other device?`}
        description={
          <Trans>
            Every other browser and device signed in to your account is signed out at once and its open pages stop
            updating. You stay signed in here. Your API tokens keep working.
          </Trans>
        }
        confirmLabel={t`Sign out other devices`}
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate()}
      />
    </>
  );
}
