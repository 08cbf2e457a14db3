import { useState } from "react";
import { Ban, Loader2 } from "lucide-react";
import { Plural, Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useRevokeAllTokens } from "./use-api-tokens";

/** "Revoke all": deletes every one of the user's tokens after a confirmation. */
export function RevokeAllTokens({ count }: { count: number }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAllTokens(() => setConfirming(false));

  return (
    <>
      <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" />
        <Trans>Revoke all</Trans>
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Revoke all API tokens?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Plural
                value={count}
                one="Your API token stops working at once: automations that use it get 401 until you give them a new token."
                other="All # of your API tokens stop working at once: automations that use them get 401 until you give them a new token."
              />
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="button" variant="destructive" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              {revoke.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Ban aria-hidden="true" />}
              <Trans>Revoke All Tokens</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
