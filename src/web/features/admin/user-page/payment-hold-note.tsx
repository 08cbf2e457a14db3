import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Badge } from "@/components/ui/badge";

/** Credits owed for a refunded payment, and the hold on new videos it (or an open dispute) puts (decision 0084). */
export function PaymentHoldNote({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  if (user.creditsOwed <= 0 && !user.disputeOpen) return null;
  const owed = user.creditsOwed;
  return (
    <div
      className="mt-3 grid gap-1.5 rounded-lg border border-red-500/30 bg-red-500/10 px-3.5 py-2.5 text-sm"
      data-testid="payment-hold"
    >
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant="destructive">
          <Trans>New videos blocked</Trans>
        </Badge>
        {user.disputeOpen ? (
          <span>
            <Trans>A payment is under dispute.</Trans>
          </span>
        ) : null}
      </p>
      {owed > 0 ? (
        <p className="font-medium tabular-nums">
          {t`${plural(owed, {
            one: "# credit owed for a refunded payment: their next purchase pays it first.",
            other: "# credits owed for a refunded payment: their next purchase pays it first.",
          })}`}
        </p>
      ) : null}
    </div>
  );
}
