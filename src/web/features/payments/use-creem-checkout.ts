import { useEffect } from "react";
import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { toast } from "@/hooks/use-toast";
import type { DisplayPackage } from "./packages";
import { toastPaymentError } from "./payment-feedback";
import { createCreemCheckout } from "./payments-api";

/** Leaves the app for Creem's hosted checkout page (a full navigation; history keeps this page). */
function goToCheckout(url: string): void {
  window.location.assign(url);
}

/**
 * POST /api/creem/checkout, then off to Creem. The mutation stays "pending" while the browser
 * leaves, so the button cannot start a second checkout.
 */
export function useCreemCheckout() {
  const mutation = useMutation({
    mutationFn: async ({ pkg, code }: { pkg: DisplayPackage; code?: string }) => {
      const body = await createCreemCheckout(pkg, code);
      const url = typeof body?.checkoutUrl === "string" ? body.checkoutUrl : "";
      if (!url) {
        toast({
          title: t`No checkout URL received`,
          description: t`The payment provider did not answer as expected. Please try again.`,
          variant: "destructive",
        });
        return;
      }
      goToCheckout(url);
      // Never settles: the page is being replaced by the checkout.
      await new Promise<never>(() => {});
    },
    onError: (error) => toastPaymentError(error, t`Failed to create checkout session`),
  });
  // Back from the checkout page with the browser's page cache: the button works again.
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [reset]);
  return mutation;
}
