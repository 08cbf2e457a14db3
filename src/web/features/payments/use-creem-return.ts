import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { t } from "@lingui/core/macro";
import type { PaymentResult } from "../../../shared/schemas/payments";
import { announcePaymentResult, toastPaymentStepError } from "./payment-feedback";
import { confirmCreemCheckout } from "./payments-api";
import { refreshAfterPurchase } from "./use-payment-queries";

/** The part of Creem's return to our success_url that we read (decision 0013). */
interface CreemReturn {
  checkoutId: string;
  orderId: string | null;
}

function readCreemReturn(search: string): CreemReturn | null {
  const params = new URLSearchParams(search);
  const checkoutId = params.get("checkout_id")?.trim();
  if (!checkoutId) return null;
  return { checkoutId, orderId: params.get("order_id")?.trim() || null };
}

export interface CreemReturnState {
  /** The return this page was opened with (kept after the address is cleaned). */
  info: CreemReturn | null;
  /** confirming until the server answers; then its result, or "error" when the call failed. */
  status: "confirming" | PaymentResult["status"] | "error";
  result: PaymentResult | null;
}

/**
 * Back from Creem's checkout on /purchase-credits?checkout_id=...: asks the server to confirm
 * the checkout (the redirect itself proves nothing; the server checks with Creem and credits
 * once), toasts the outcome, refreshes balance, stats and history, then drops the query from
 * the address so a reload does not confirm again. Waits until someone is signed in.
 */
export function useCreemReturn(signedIn: boolean): CreemReturnState {
  const [info] = useState(() => readCreemReturn(window.location.search));
  const [, navigate] = useLocation();
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: confirmCreemCheckout,
    onSuccess: (result) => {
      announcePaymentResult(result);
      if (result.status !== "failed") void refreshAfterPurchase();
    },
    onError: (error) => toastPaymentStepError(t`Could not confirm your payment`, error),
    onSettled: () => {
      // Only if the buyer is still here (not gone to another page meanwhile).
      if (window.location.pathname === "/purchase-credits") navigate("/purchase-credits", { replace: true });
    },
  });

  const { mutate } = confirm;
  useEffect(() => {
    if (!info || !signedIn || started.current) return;
    started.current = true;
    mutate(info.checkoutId);
  }, [info, signedIn, mutate]);

  const status = confirm.isSuccess ? confirm.data.status : confirm.isError ? "error" : "confirming";
  return { info, status, result: confirm.data ?? null };
}
