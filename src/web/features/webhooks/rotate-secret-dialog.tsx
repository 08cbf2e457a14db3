import { KeyRound, Loader2 } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** Asks before making a new secret (the old one keeps signing for 24 hours beside it). `what`: whose secret, in the active language. */
export function RotateSecretDialog({
  open,
  onOpenChange,
  pending,
  onConfirm,
  what,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
  what: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Rotate the signing secret?</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              A new secret for {what} is made and shown once. The current one keeps signing deliveries beside it for 24
              hours, so you can update your receiver in between.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" disabled={pending} onClick={onConfirm}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
            <Trans>Rotate secret</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
