import { useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Asks before deleting an endpoint and its delivery log. */
export function DeleteEndpointDialog({
  url,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Delete this webhook endpoint?`}
      description={t`${url} receives no more events, and its delivery log is deleted with it.`}
      confirmLabel={t`Delete endpoint`}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
