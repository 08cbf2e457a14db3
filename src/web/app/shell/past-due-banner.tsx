import { CreditCard, LoaderCircle, TriangleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useMySubscription } from "@/features/plans/plans-api";
import { usePortalLink } from "@/features/plans/use-portal-link";
import { formatDate } from "@/lib/format";

/** Until when the plan's credits stay usable: the day they expire, else the period's end. */
function usableUntil(sub: SubscriptionView): string | null {
  const at = sub.planCredits.expiresAt ?? sub.currentPeriodEnd;
  return at ? formatDate(at) : null;
}

/** "Update your card": the provider's page for cards and invoices, when the plan has one. */
function UpdateCardButton({ provider }: { provider: SubscriptionView["provider"] }) {
  const portal = usePortalLink(provider);
  if (!portal.offered) return null;
  return (
    <div className="grid gap-1">
      <Button size="sm" variant="secondary" onClick={portal.open} disabled={portal.opening}>
        {portal.opening ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <CreditCard aria-hidden="true" />
        )}
        <Trans>Update your card</Trans>
      </Button>
      <ErrorAlert error={portal.error} className="text-xs" />
    </div>
  );
}

/**
 * Site-wide, for a signed-in person whose plan's last payment failed (issue 69): until when the
 * plan credits stay usable, and the way to update the card. Reads the plan query /pricing and
 * /my-account share; mounted only for signed-in people (lazy-past-due-banner.tsx).
 */
export function PastDueBanner() {
  const { t } = useLingui();
  const sub = useMySubscription(true).data?.subscription;
  if (sub?.status !== "past_due") return null;
  const date = usableUntil(sub);
  return (
    <div
      role="region"
      aria-label={t`Plan payment failed`}
      className="border-b border-amber-500/30 bg-amber-500/10 px-4 py-2.5 text-sm text-amber-50 print:hidden"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <TriangleAlert className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
        <p className="min-w-0 flex-1 break-words">
          {date ? (
            <Trans>
              Your last plan payment did not go through. Your plan credits stay usable until {date}; update your card to
              keep your plan.
            </Trans>
          ) : (
            <Trans>Your last plan payment did not go through. Update your card to keep your plan.</Trans>
          )}
        </p>
        <UpdateCardButton provider={sub.provider} />
      </div>
    </div>
  );
}
