import { useRef, useState } from "react";
import { ShieldCheck } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { LEGAL_PAGE_PATHS } from "../../../shared/legal-pages";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DiscountCodeField, useDiscountCode } from "@/features/codes";
import { OrderLine } from "./order-line";
import type { DisplayPackage } from "./packages";
import { PaymentMethods, type PaymentMethodsProps } from "./payment-methods";

function DialogBody(props: Omit<PaymentMethodsProps, "code">) {
  const discount = useDiscountCode({ packageId: props.pkg.id });
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Complete Your Purchase</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Choose how you would like to pay. Credits are added as soon as the payment is confirmed.</Trans>
        </DialogDescription>
      </DialogHeader>
      <OrderLine pkg={props.pkg} discount={discount.applied?.quote} />
      <DiscountCodeField discount={discount} />
      <PaymentMethods {...props} code={discount.applied?.code} />
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
        <ShieldCheck className="size-3.5 shrink-0 text-emerald-300" aria-hidden="true" />
        <Trans>One-time payment in USD. Your card details never reach our servers.</Trans>
      </p>
      <p className="-mt-2 text-center text-xs text-muted-foreground">
        <a
          href={LEGAL_PAGE_PATHS.refunds}
          target="_blank"
          rel="noopener"
          className="underline underline-offset-4 hover:text-foreground"
        >
          <Trans>Refund policy</Trans>
        </a>
      </p>
    </>
  );
}

export interface PaymentDialogProps {
  /** The package being bought; the dialog is open while it is set. */
  pkg: DisplayPackage | null;
  onClose: () => void;
}

/** The 'Proceed to Payment' modal (decision 0016): the order and the enabled providers. */
export function PaymentDialog({ pkg, onClose }: PaymentDialogProps) {
  // While PayPal captures, closing would drop the answer: the dialog stays until it arrives.
  const [busy, setBusy] = useState(false);
  // Opened from a button that is no Radix trigger: focus goes back to it by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={pkg !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent
        className="sm:max-w-lg"
        // PayPal's overlay and popup live outside the dialog: a click there must not close it.
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (opener.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      >
        {pkg ? <DialogBody pkg={pkg} onClose={onClose} onBusyChange={setBusy} /> : null}
      </DialogContent>
    </Dialog>
  );
}
