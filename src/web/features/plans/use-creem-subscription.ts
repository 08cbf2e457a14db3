import { useEffect } from "react";
import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import type { PlanInterval } from "../../../shared/schemas/plans";
import { toastPaymentError } from "@/features/payments";
import { toast } from "@/hooks/use-toast";
import { startSubscription } from "./plans-api";

/**
 * POST /api/subscription/checkout with Creem, then off to Creem's checkout page. The mutation
 * stays "pending" while the browser leaves, so the button cannot start a second checkout.
 */
export function useCreemSubscription() {
  const mutation = useMutation({
    mutationFn: async ({ planId, interval, code }: { planId: string; interval: PlanInterval; code?: string }) => {
      const { checkoutUrl } = await startSubscription(planId, interval, "creem", code);
      if (!checkoutUrl) {
        toast({
          title: t`No checkout URL received`,
          description: t`The payment provider did not answer as expected. Please try again.`,
          variant: "destructive",
        });
        return;
      }
      window.location.assign(checkoutUrl);
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
