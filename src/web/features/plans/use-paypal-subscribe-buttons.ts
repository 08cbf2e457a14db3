import { useEffect, useRef, useState, type RefObject } from "react";
import { t } from "@lingui/core/macro";
import type { PlanInterval } from "../../../shared/schemas/plans";
import {
  toastPaymentCancelled,
  toastPaymentStepError,
  toastPaypalError,
  type PaypalSubscriptionNamespace,
} from "@/features/payments";
import { announcePaypalSubscription } from "./plan-feedback";
import { confirmPaypalSubscription, refreshAfterPlanChange, startSubscription } from "./plans-api";

export interface PaypalSubscribeOptions {
  planId: string;
  interval: PlanInterval;
  /** A discount code the server quoted for this plan: PayPal's subscription takes it off the first payment. */
  code?: string;
  /** PayPal's approval was confirmed (or is still awaited at PayPal): the dialog may close. */
  onDone: () => void;
  /** True from approval until the server has read the subscription at PayPal. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Renders PayPal's subscribe button into `container` once the SDK is loaded: createSubscription
 * -> POST /api/subscription/checkout (PayPal answers the subscription to approve), onApprove ->
 * POST /api/subscription/paypal-confirm. The subscription is created on the click, not before,
 * so merely opening PayPal leaves nothing at PayPal. `retry` renders again after `renderFailed`.
 */
export function usePaypalSubscribeButtons(
  paypal: PaypalSubscriptionNamespace | undefined,
  container: RefObject<HTMLDivElement | null>,
  { planId, interval, code, onDone, onBusyChange }: PaypalSubscribeOptions,
) {
  const [confirming, setConfirming] = useState(false);
  const [renderFailed, setRenderFailed] = useState(false);
  const [renderAttempt, setRenderAttempt] = useState(0);
  // The SDK keeps the callbacks it was given: they read the latest props through this ref.
  const latest = useRef({ planId, interval, code, onDone, onBusyChange });
  useEffect(() => {
    latest.current = { planId, interval, code, onDone, onBusyChange };
  });

  useEffect(() => {
    const element = container.current;
    if (!paypal || !element) return;
    let disposed = false;
    // A step that already said what went wrong; PayPal then calls onError too, which stays quiet.
    let reported = false;
    let created: string | null = null;
    const buttons = paypal.Buttons({
      style: { layout: "vertical", color: "gold", shape: "rect", label: "subscribe", height: 44 },
      createSubscription: async () => {
        try {
          const { paypalSubscriptionId } = await startSubscription(
            latest.current.planId,
            latest.current.interval,
            "paypal",
            latest.current.code,
          );
          if (!paypalSubscriptionId) throw new Error(t`PayPal did not return a subscription. Please try again.`);
          created = paypalSubscriptionId;
          return paypalSubscriptionId;
        } catch (error) {
          reported = true;
          toastPaymentStepError(t`Failed to start the subscription`, error);
          throw error;
        }
      },
      onApprove: async ({ subscriptionID }) => {
        setConfirming(true);
        latest.current.onBusyChange(true);
        try {
          announcePaypalSubscription(await confirmPaypalSubscription(subscriptionID ?? created ?? ""));
          void refreshAfterPlanChange();
          latest.current.onDone();
        } catch (error) {
          toastPaymentStepError(t`Failed to confirm the subscription`, error);
        } finally {
          if (!disposed) setConfirming(false);
          latest.current.onBusyChange(false);
        }
      },
      onCancel: () => toastPaymentCancelled(),
      onError: () => {
        if (reported) {
          reported = false;
          return;
        }
        toastPaypalError();
      },
    });
    buttons.render(element).catch(() => {
      if (!disposed) setRenderFailed(true);
    });
    return () => {
      disposed = true;
      void buttons.close?.().catch(() => undefined);
      element.replaceChildren();
    };
  }, [paypal, container, renderAttempt]);

  const retry = () => {
    setRenderFailed(false);
    setRenderAttempt((n) => n + 1);
  };
  return { confirming, renderFailed, retry };
}
