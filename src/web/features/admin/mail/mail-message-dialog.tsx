/** A message of the Mail tab in a dialog: its subject, and the message as sent (mail-message-body.tsx). */
import { Trans } from "@lingui/react/macro";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { MailMessageBody } from "./mail-message-body";

export function MailMessageDialog({ id, subject, onClose }: { id: string; subject: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="break-words">{subject}</DialogTitle>
          <DialogDescription>
            <Trans>What the person received, or would have with a mail server.</Trans>
          </DialogDescription>
        </DialogHeader>
        <MailMessageBody id={id} />
      </DialogContent>
    </Dialog>
  );
}
