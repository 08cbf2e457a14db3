import { useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

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
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Rotate the signing secret?`}
      description={t`A new secret for ${what} is made and shown once. The current one keeps signing deliveries beside it for 24 hours, so you can update your receiver in between.`}
      confirmLabel={t`Rotate secret`}
      pending={pending}
      variant="default"
      onConfirm={onConfirm}
    />
  );
}
