import { Trans } from "@lingui/react/macro";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { refreshSecondFactor } from "./second-factor-api";
import { VerifyForm } from "./verify-form";

export default function StepUpDialogContent({ onClose }: { onClose: (passed: boolean) => void }) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Confirm it is you</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>This action needs your second factor again.</Trans>
          </DialogDescription>
        </DialogHeader>
        <VerifyForm
          onVerified={async () => {
            await refreshSecondFactor();
            onClose(true);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
