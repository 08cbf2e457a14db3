import { useEffect, useRef, useState, type RefObject } from "react";
import type { PaymentResult } from "../../../shared/schemas/payments";
import type { DisplayPackage } from "./packages";
import {
  announcePaymentResult,
  toastPaymentCancelled,
  toastPaypalCaptureFailed,
  toastPaypalError,
  toastPaypalOrderFailed,
} from "./payment-feedback";
import { capturePaypalOrder, createPaypalOrder } from "./payments-api";
import type { PaypalNamespace } from "./paypal-sdk";
import { refreshAfterPurchase } from "./use-payment-queries";

export interface PaypalButtonsOptions {
  pkg: DisplayPackage;
  /** A discount code applied in the dialog, sent with the order. */
  code?: string;
  /** A capture answered (completed, pending or failed). */
  onResult: (result: PaymentResult) => void;
  /** True from approval until the capture has answered. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Renders PayPal's buttons into `container` once the SDK is loaded: createOrder -> POST
 * /paypal/order and onApprove -> POST /paypal/order/{id}/capture on our server (decision 0014).
 * `retry` renders them again after `renderFailed`.
 */
export function usePaypalButtons(
  paypal: PaypalNamespace | undefined,
  container: RefObject<HTMLDivElement | null>,
  { pkg, code, onResult, onBusyChange }: PaypalButtonsOptions,
) {
  const [capturing, setCapturing] = useState(false);
  const [renderFailed, setRenderFailed] = useState(false);
  const [renderAttempt, setRenderAttempt] = useState(0);

  // The SDK keeps the callbacks it was given: they read the latest props through this ref.
  const latest = useRef({ pkg, code, onResult, onBusyChange });
  useEffect(() => {
    latest.current = { pkg, code, onResult, onBusyChange };
  });

  useEffect(() => {
    const element = container.current;
    if (!paypal || !element) return;
    let disposed = false;
    // A step that already said what went wrong; PayPal then calls onError too, which stays quiet.
    let reported = false;
    const buttons = paypal.Buttons({
      style: { layout: "vertical", color: "gold", shape: "rect", label: "paypal", height: 44 },
      createOrder: async () => {
        try {
          return await createPaypalOrder(latest.current.pkg, latest.current.code);
        } catch (error) {
          reported = true;
          toastPaypalOrderFailed(error);
          throw error;
        }
      },
      onApprove: async ({ orderID }) => {
        setCapturing(true);
        latest.current.onBusyChange(true);
        try {
          const result = await capturePaypalOrder(orderID, latest.current.pkg.id);
          announcePaymentResult(result);
          if (result.status !== "failed") void refreshAfterPurchase();
          latest.current.onResult(result);
        } catch (error) {
          toastPaypalCaptureFailed(error);
        } finally {
          if (!disposed) setCapturing(false);
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
  return { capturing, renderFailed, retry };
}
