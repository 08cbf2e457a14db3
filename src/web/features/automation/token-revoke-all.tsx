import { useState } from "react";
import { Ban, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useRevokeAllTokens } from "./use-api-tokens";

/** "Revoke all": deletes every one of the user's tokens after a confirmation. */
export function RevokeAllTokens({ count }: { count: number }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAllTokens(() => setConfirming(false));

  return (
    <>
      <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" />
        Revoke all
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke all API tokens?</DialogTitle>
            <DialogDescription>
              {`All ${count} of your API token${count === 1 ? "" : "s"} stop working at once: automations that use them get 401 until you give them a new token.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button type="button" variant="destructive" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              {revoke.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Ban aria-hidden="true" />}
              Revoke All Tokens
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
