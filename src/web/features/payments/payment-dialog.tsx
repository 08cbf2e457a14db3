import { useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { ChevronRight, CreditCard, LoaderCircle, ShieldCheck, TriangleAlert, Wallet } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PaymentResult } from "../../../shared/schemas/payments";
import { LEGAL_PAGE_PATHS } from "../../../shared/legal-pages";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { creditsLabel } from "./credit-words";
import { bonusText, formatPricePerCredit, formatUsd, type DisplayPackage } from "./packages";
import { PaypalCheckout } from "./paypal-checkout";
import { useCreemCheckout } from "./use-creem-checkout";
import { usePaymentMethods } from "./use-payment-queries";

interface ProviderOptionProps {
  icon: ReactNode;
  title: string;
  caption: string;
  onClick: () => void;
  busy?: boolean;
  disabled?: boolean;
  expanded?: boolean;
}

/** One payment provider as a large, keyboard-friendly choice. */
function ProviderOption({ icon, title, caption, onClick, busy, disabled, expanded }: ProviderOptionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || busy}
      aria-expanded={expanded}
      className={cn(
        "group flex w-full items-center gap-3 rounded-xl border border-border bg-surface-raised/60 p-3.5 text-left transition-colors sm:p-4",
        "hover:border-violet-500/50 hover:bg-surface-raised focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        "disabled:cursor-not-allowed disabled:opacity-60",
        expanded && "border-violet-500/50 bg-surface-raised",
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-border bg-zinc-950/60 [&_svg]:size-5">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-foreground">{title}</span>
        <span className="block text-xs text-muted-foreground">{caption}</span>
      </span>
      {busy ? (
        <LoaderCircle className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
      ) : (
        <ChevronRight
          className={cn("size-4 shrink-0 text-muted-foreground transition-transform", expanded && "rotate-90")}
          aria-hidden="true"
        />
      )}
    </button>
  );
}

function OrderLine({ pkg }: { pkg: DisplayPackage }) {
  const credits = creditsLabel(pkg.credits);
  const perCredit = formatPricePerCredit(pkg);
  const bonus = bonusText(pkg);
  return (
    <div className="rounded-xl border border-border bg-zinc-950/40 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{pkg.name}</p>
          <p className="text-sm text-muted-foreground">
            <Trans>
              {credits} · {perCredit} per credit
            </Trans>
          </p>
          {bonus ? (
            <p className="mt-1 text-xs font-medium text-emerald-300">
              <Trans>Includes {bonus}</Trans>
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-xl font-bold tabular-nums">{formatUsd(pkg.price)}</p>
      </div>
    </div>
  );
}

function Unavailable() {
  return (
    <div className="flex gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm" role="alert">
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden="true" />
      <div>
        <p className="font-semibold text-amber-100">
          <Trans>Payment methods temporarily unavailable</Trans>
        </p>
        <p className="mt-1 text-amber-100/75">
          <Trans>
            Please try again in a few minutes, or{" "}
            <Link href="/contact" className="font-medium text-amber-100 underline underline-offset-4">
              contact us
            </Link>{" "}
            to buy credits.
          </Trans>
        </p>
      </div>
    </div>
  );
}

function DialogBody({
  pkg,
  onClose,
  onBusyChange,
}: {
  pkg: DisplayPackage;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  const methods = usePaymentMethods();
  const creem = useCreemCheckout();
  const [paypalOpen, setPaypalOpen] = useState(false);
  const creemEnabled = methods.data?.creemEnabled === true;
  const paypalEnabled = methods.data?.paypalEnabled === true;

  const onPaypalResult = (result: PaymentResult) => {
    if (result.status !== "failed") onClose();
  };

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
      <OrderLine pkg={pkg} />
      <section aria-labelledby="payment-methods-title" className="grid gap-2.5">
        <h3 id="payment-methods-title" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
          <Trans>Payment method</Trans>
        </h3>
        {methods.isPending ? (
          <div className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            <Trans>Loading payment methods…</Trans>
          </div>
        ) : !creemEnabled && !paypalEnabled ? (
          <Unavailable />
        ) : (
          <>
            {creemEnabled ? (
              <ProviderOption
                icon={<CreditCard className="text-violet-300" aria-hidden="true" />}
                title={creem.isPending ? t`Redirecting to secure checkout…` : t`Pay with Card`}
                caption={t`Secure checkout by Creem`}
                busy={creem.isPending}
                onClick={() => creem.mutate(pkg)}
              />
            ) : null}
            {paypalEnabled ? (
              <>
                <ProviderOption
                  icon={<Wallet className="text-sky-300" aria-hidden="true" />}
                  title={t`Pay with PayPal`}
                  caption={t`Your PayPal account, or a card through PayPal`}
                  disabled={creem.isPending}
                  expanded={paypalOpen}
                  onClick={() => setPaypalOpen((open) => !open)}
                />
                {paypalOpen ? <PaypalCheckout pkg={pkg} onResult={onPaypalResult} onBusyChange={onBusyChange} /> : null}
              </>
            ) : null}
          </>
        )}
      </section>
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
