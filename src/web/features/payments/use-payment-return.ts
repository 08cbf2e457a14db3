import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "wouter";
import { toastPaymentCancelled, toastPaymentFailed, toastPaymentSuccess } from "./payment-feedback";
import { refreshAfterPurchase } from "./use-payment-queries";

/**
 * /pricing?payment=success|failed|error|cancelled (a provider sent the buyer back): one toast,
 * then the address becomes plain /pricing without a reload (a replace), so a reload or a
 * shared link does not repeat it.
 */
export function usePaymentReturnToast(): void {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const outcome = params.get("payment");
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (outcome === null) {
      handled.current = null;
      return;
    }
    if (handled.current === outcome) return;
    handled.current = outcome;
    if (outcome === "success") {
      toastPaymentSuccess();
      void refreshAfterPurchase();
    } else if (outcome === "failed" || outcome === "error") {
      toastPaymentFailed();
    } else if (outcome === "cancelled") {
      toastPaymentCancelled();
    }
    navigate("/pricing", { replace: true });
  }, [outcome, navigate]);
}
