import { useState } from "react";
import { useLocation } from "wouter";
import { t } from "@lingui/core/macro";
import { useCurrentUser } from "@/features/auth";
import { toast } from "@/hooks/use-toast";
import type { DisplayPackage } from "./packages";

/** Fallback packages are display-only (no database id): say why nothing can be bought (decision 0016). */
function toastPurchasesUnavailable(): void {
  toast({
    title: t`Purchases unavailable right now`,
    description: t`We couldn't load the current credit packages, so checkout is paused. Please refresh the page or try again in a few minutes.`,
    variant: "destructive",
  });
}

/**
 * A click on a package goes to /login when signed out, else opens the payment dialog for it
 * (decision 0016). `dialogPackage` is what PaymentDialog shows.
 */
export function usePurchaseFlow() {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [dialogPackage, setDialogPackage] = useState<DisplayPackage | null>(null);

  const start = (pkg: DisplayPackage) => {
    if (!pkg.purchasable) toastPurchasesUnavailable();
    else if (!user) navigate("/login");
    else setDialogPackage(pkg);
  };

  return { start, dialogPackage, closeDialog: () => setDialogPackage(null) };
}
