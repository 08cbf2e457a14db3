import { useRef } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { queryKeys } from "@/lib/query-keys";
import { PaypalButtonsFrame, usePaypalSdk } from "./paypal-buttons-frame";
import { loadPaypalSdk } from "./paypal-sdk";
import { usePaypalButtons, type PaypalButtonsOptions } from "./use-paypal-buttons";

export interface PaypalCheckoutProps extends PaypalButtonsOptions {
  /** True from approval until the capture has answered: the dialog must stay open meanwhile. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * PayPal's buttons (decision 0014): GET /paypal/setup, the SDK, then the buttons themselves
 * (usePaypalButtons) with a veil while the payment is captured.
 */
export function PaypalCheckout(props: PaypalCheckoutProps) {
  const { t } = useLingui();
  const paypal = usePaypalSdk(queryKeys.payments.paypalSdk, loadPaypalSdk);
  const container = useRef<HTMLDivElement>(null);
  const { capturing, renderFailed, retry } = usePaypalButtons(paypal.sdk.data, container, props);
  return (
    <PaypalButtonsFrame
      paypal={paypal}
      container={container}
      groupLabel={t`PayPal checkout`}
      busy={capturing}
      busyText={<Trans>Completing your payment…</Trans>}
      renderFailed={renderFailed}
      retry={retry}
    />
  );
}
