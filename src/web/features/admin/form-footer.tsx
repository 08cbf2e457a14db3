import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/** The admin dialogs' last lines: what is wrong with the form, Cancel, and the save button. */
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
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {problem}
        </p>
      ) : null}
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
