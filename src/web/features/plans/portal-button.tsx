import { CreditCard, LoaderCircle } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { usePortalLink } from "./use-portal-link";

/** "Manage cards and invoices": the provider's own page; left out for a PayPal plan that has none. */
export function PortalButton({ provider }: { provider: SubscriptionView["provider"] }) {
  const portal = usePortalLink(provider);
  if (!portal.offered) return null;
  return (
    <div className="grid gap-1.5">
      <Button variant="outline" onClick={portal.open} disabled={portal.opening}>
        {portal.opening ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <CreditCard aria-hidden="true" />
        )}
        <Trans>Manage cards and invoices</Trans>
      </Button>
      <ErrorAlert error={portal.error} />
    </div>
  );
}
