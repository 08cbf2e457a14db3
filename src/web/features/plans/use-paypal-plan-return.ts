import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "wouter";
import { t } from "@lingui/core/macro";
import { toastPaymentCancelled, toastPaymentStepError } from "@/features/payments";
import { announcePaypalSubscription } from "./plan-feedback";
import { confirmPaypalSubscription, refreshAfterPlanChange } from "./plans-api";

/**
 * Back from PayPal's own approval page rather than its button's window:
 * /pricing?paypal_subscription=approved&subscription_id=I-… asks the server to confirm the
 * subscription at PayPal (as the button's approval does), "cancelled" says nothing was charged.
 * Once, for a signed-in person; the address then becomes plain /pricing.
 */
export function usePaypalPlanReturn(signedIn: boolean): void {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const outcome = params.get("paypal_subscription");
  const subscriptionId = params.get("subscription_id");
  const handled = useRef(false);
  useEffect(() => {
    if (outcome === null || !signedIn || handled.current) return;
    handled.current = true;
    navigate("/pricing", { replace: true });
    if (outcome === "cancelled") return toastPaymentCancelled();
    if (outcome !== "approved" || !subscriptionId) return;
    confirmPaypalSubscription(subscriptionId)
      .then((result) => {
        announcePaypalSubscription(result);
        void refreshAfterPlanChange();
      })
      .catch((error: unknown) => toastPaymentStepError(t`Failed to confirm the subscription`, error));
  }, [outcome, subscriptionId, signedIn, navigate]);
}
