import { useRef } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { loadPaypalSubscriptionSdk, PaypalButtonsFrame, usePaypalSdk } from "@/features/payments";
import { queryKeys } from "@/lib/query-keys";
import { usePaypalSubscribeButtons, type PaypalSubscribeOptions } from "./use-paypal-subscribe-buttons";

/**
 * PayPal's subscribe button for a plan: GET /paypal/setup, the SDK loaded for subscriptions
 * (vault=true, intent=subscription), then the button (usePaypalSubscribeButtons) with a veil
 * while the server confirms the subscription at PayPal.
 */
export function PaypalSubscribe(props: PaypalSubscribeOptions) {
  const { t } = useLingui();
  const paypal = usePaypalSdk(queryKeys.payments.paypalSubscriptionSdk, loadPaypalSubscriptionSdk);
  const container = useRef<HTMLDivElement>(null);
  const { confirming, renderFailed, retry } = usePaypalSubscribeButtons(paypal.sdk.data, container, props);
  return (
    <PaypalButtonsFrame
      paypal={paypal}
      container={container}
      groupLabel={t`PayPal subscription`}
      busy={confirming}
      busyText={<Trans>Starting your plan…</Trans>}
      renderFailed={renderFailed}
      retry={retry}
    />
  );
}
