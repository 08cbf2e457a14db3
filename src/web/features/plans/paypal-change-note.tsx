import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn";

/** PayPal moves a plan only at the next billing cycle, and only once the buyer approves it there. */
export function PaypalChangeNote({ className }: { className?: string }) {
  return (
    <p className={cn("text-xs text-muted-foreground", className)}>
      <Trans>Plan changes on PayPal take effect at the next billing cycle and need your approval at PayPal.</Trans>
    </p>
  );
}
