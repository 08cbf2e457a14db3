import { useRef, useState } from "react";
import { Repeat } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { LEGAL_PAGE_PATHS } from "../../../shared/legal-pages";
import type { PlanInterval, PlanView } from "../../../shared/schemas/plans";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DiscountCodeField, DiscountedPrice, useDiscountCode, type AppliedDiscount } from "@/features/codes";
import { PlanProviders, type PlanProvidersProps } from "./plan-providers";
import { intervalName, planCreditsLine, priceLines } from "./plan-words";

/** The plan being bought: its name and period, what it costs and the credits it grants; a discount code's first payment. */
function PlanOrderLine({
  plan,
  interval,
  discount,
}: {
  plan: PlanView;
  interval: PlanInterval;
  discount?: AppliedDiscount["quote"];
}) {
  const price = priceLines(plan, interval);
  const period = intervalName(interval);
  return (
    <div className="rounded-xl border border-border bg-surface-raised/60 p-4">
      <p className="font-medium">
        {plan.name} · {period}
      </p>
      <p className="text-sm text-muted-foreground">
        {price ? `${price.billed} · ` : ""}
        {planCreditsLine(plan, interval)}
      </p>
      {discount ? (
        <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm">
          <Trans>First payment with the code:</Trans>
          <DiscountedPrice list={discount.listAmount} price={discount.amount} className="font-semibold" />
        </p>
      ) : null}
    </div>
  );
}

/** The dialog's words, the plan and its providers. */
function SubscribeDialogBody(props: Omit<PlanProvidersProps, "code">) {
  const planName = props.plan.name;
  const discount = useDiscountCode({ planId: props.plan.id, interval: props.interval });
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Subscribe to {planName}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Choose how you would like to pay. The plan's credits are added as soon as the payment is confirmed.
          </Trans>
        </DialogDescription>
      </DialogHeader>
      <PlanOrderLine plan={props.plan} interval={props.interval} discount={discount.applied?.quote} />
      <DiscountCodeField discount={discount} />
      <PlanProviders {...props} code={discount.applied?.code} />
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
        <Repeat className="size-3.5 shrink-0 text-emerald-300" aria-hidden="true" />
        <Trans>Renews automatically until you cancel. Cancel any time on My Account.</Trans>
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

export interface SubscribeChoice {
  plan: PlanView;
  interval: PlanInterval;
}

/** "Subscribe": the plan, then the providers that can take it; Creem leaves for its checkout, PayPal opens in place. */
export function SubscribeDialog({ choice, onClose }: { choice: SubscribeChoice | null; onClose: () => void }) {
  // While the server confirms a PayPal subscription, closing would drop the answer.
  const [busy, setBusy] = useState(false);
  // Opened from a button that is no Radix trigger: focus goes back to it by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && !busy && onClose()}>
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
        {choice ? (
          <SubscribeDialogBody plan={choice.plan} interval={choice.interval} onClose={onClose} onBusyChange={setBusy} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
