import { useState } from "react";
import { CreditCard, Wallet } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PaymentResult } from "../../../shared/schemas/payments";
import { LoadingLine } from "./loading-line";
import type { DisplayPackage } from "./packages";
import { PackageNotForSale, PaymentMethodsUnavailable } from "./payment-methods-unavailable";
import { PaypalCheckout } from "./paypal-checkout";
import { ProviderOption } from "./provider-option";
import { useCreemCheckout } from "./use-creem-checkout";
import { usePaymentMethods } from "./use-payment-queries";

export interface PaymentMethodsProps {
  pkg: DisplayPackage;
  /** A discount code the server quoted for this package, sent with the checkout. */
  code?: string;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The providers that can sell this package now (the server says so per package, issue 68): Creem's
 * card checkout (a redirect) and PayPal's buttons (opened in place). None at all: payments are
 * off; none for this package: it cannot be bought, and no button is shown.
 */
export function PaymentMethods({ pkg, code, onClose, onBusyChange }: PaymentMethodsProps) {
  const { t } = useLingui();
  const methods = usePaymentMethods();
  const creem = useCreemCheckout();
  const [paypalOpen, setPaypalOpen] = useState(false);
  const anyEnabled = methods.data?.creemEnabled === true || methods.data?.paypalEnabled === true;
  const providers = methods.data?.packages.find((p) => p.id === pkg.id)?.providers ?? [];
  const creemEnabled = providers.includes("creem");
  const paypalEnabled = providers.includes("paypal");

  const onPaypalResult = (result: PaymentResult) => {
    if (result.status !== "failed") onClose();
  };

  return (
    <section aria-labelledby="payment-methods-title" className="grid gap-2.5">
      <h3 id="payment-methods-title" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        <Trans>Payment method</Trans>
      </h3>
      {methods.isPending ? (
        <LoadingLine label={t`Loading payment methods…`} />
      ) : !anyEnabled ? (
        <PaymentMethodsUnavailable />
      ) : !creemEnabled && !paypalEnabled ? (
        <PackageNotForSale />
      ) : (
        <>
          {creemEnabled ? (
            <ProviderOption
              icon={<CreditCard className="text-violet-300" aria-hidden="true" />}
              title={creem.isPending ? t`Redirecting to secure checkout…` : t`Pay with Card`}
              caption={t`Secure checkout by Creem`}
              busy={creem.isPending}
              onClick={() => creem.mutate({ pkg, code })}
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
              {paypalOpen ? (
                <PaypalCheckout pkg={pkg} code={code} onResult={onPaypalResult} onBusyChange={onBusyChange} />
              ) : null}
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
