import type { ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
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
import { CopyButton } from "./copy-button";

/** The one time a secret (an API token, a webhook signing secret) is shown in full: the server never answers with it again. */
export function ShownOnceDialog(props: {
  /** The secret; null closes the dialog. */
  value: string | null;
  title: string;
  description: string;
  /** The accessible names of the value and of its copy button. */
  valueLabel: string;
  copyLabel: string;
  /** What to do if it is lost. */
  lostHint: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { lostHint } = props;
  return (
    <Dialog open={props.value !== null} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <code
            aria-label={props.valueLabel}
            className="block select-all break-all rounded-lg border border-border bg-black/40 p-3 font-mono text-sm text-emerald-200"
          >
            {props.value}
          </code>
          <CopyButton text={props.value ?? ""} label={props.copyLabel} className="justify-self-start" />
          {props.children}
          <p className="flex gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-200">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <Trans>Copy it now: it will not be shown again. {lostHint}</Trans>
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={props.onClose}>
            <Trans>I have copied it</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
