import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";

/**
 * The last lines of a form dialog whose button acts at once (a refund, a dispute's outcome): what
 * is wrong, Cancel, and the (red by default) submit button, which reads "Working..." meanwhile.
 */
export function ActionFooter({
  problem,
  pending,
  actionLabel,
  variant = "destructive",
  onCancel,
}: {
  problem?: string;
  pending: boolean;
  actionLabel: ReactNode;
  variant?: "destructive" | "default";
  onCancel: () => void;
}) {
  return (
    <>
      <ErrorAlert error={problem} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? <Trans>Working...</Trans> : actionLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
