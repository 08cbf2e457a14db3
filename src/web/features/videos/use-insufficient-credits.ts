import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { t } from "@lingui/core/macro";
import { toast } from "@/hooks/use-toast";

/** After 'Insufficient credits' the page goes to /pricing after 1.5 s. */
const PRICING_REDIRECT_MS = 1_500;

/** The 'Insufficient credits' toast with the server's (or the form's) message, then /pricing. */
export function useInsufficientCredits(): (message: string) => void {
  const [, navigate] = useLocation();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  return useCallback(
    (message: string) => {
      toast({ title: t`Insufficient credits`, description: message, variant: "destructive" });
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => navigate("/pricing"), PRICING_REDIRECT_MS);
    },
    [navigate],
  );
}
