import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Loader2, LogOut } from "lucide-react";
import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { accountApi } from "../../../shared/api/account";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";

/** DELETE /api/user/sessions: every other session of the person ends; this one stays. */
function useSignOutOthers(onDone: () => void) {
  return useMutation({
    mutationFn: () => call(accountApi.endOtherSessions),
    onSuccess: ({ ended }) => {
      // Told from the count in the person's language (the server's message is English).
      const description = plural(ended, {
        0: "You were not signed in anywhere else.",
        one: "# other session ended.",
        other: "# other sessions ended.",
      });
      toast({ title: t`Signed out of other devices`, description });
      onDone();
    },
    onError: (error) => {
      toast({ title: t`Sign out failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

/** "Sign out other devices" on /my-account, after a confirmation. */
export function SignOutOtherSessions() {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutOthers(() => setConfirming(false));
  return (
    <>
      <Button type="button" variant="secondary" className="w-full" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden="true" />
        <Trans>Sign out other devices</Trans>
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Sign out of every other device?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Every other browser and device signed in to your account is signed out at once and its open pages stop
                updating. You stay signed in here. Your API tokens keep working.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="button" variant="destructive" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
              {signOut.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <LogOut aria-hidden="true" />
              )}
              <Trans>Sign out other devices</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
