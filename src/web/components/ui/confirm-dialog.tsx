import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";

/** Asks before an action that cannot be taken back: Cancel, or the (destructive by default) confirm button. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  /** A normal rather than red confirm button, for actions that are undone easily. */
  variant?: "destructive" | "default";
  /** More of the question under the description: a field, an error. */
  children?: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.children}
        <DialogFooter>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant={props.variant ?? "destructive"} disabled={props.pending} onClick={props.onConfirm}>
            {props.pending ? <Trans>Working...</Trans> : props.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
