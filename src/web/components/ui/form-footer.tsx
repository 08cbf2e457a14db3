import { Trans } from "@lingui/react/macro";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { ErrorAlert } from "./error-alert";

/** A form dialog's last lines: what is wrong with the form, Cancel, and the save button. */
export function FormFooter({
  problem,
  pending,
  saveLabel,
  onCancel,
}: {
  problem?: string;
  pending: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <ErrorAlert error={problem} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Trans>Saving...</Trans> : saveLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
