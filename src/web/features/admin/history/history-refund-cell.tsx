import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle, RotateCcw } from "lucide-react";
import type { AdminTransactionView } from "../../../../shared/schemas/admin-transactions";
import { Button } from "@/components/ui/button";
import { canRefund } from "./order-money";

/**
 * A history row's action: Refund… for a paid order that has money left, Refund for a video's
 * usage (Refunded once done), nothing for the other rows.
 */
export function HistoryRefundCell({
  row,
  refundingId,
  onRefund,
  onRefundOrder,
}: {
  row: AdminTransactionView;
  /** The usage row whose refund is in flight, if any. */
  refundingId: string | undefined;
  onRefund: (row: AdminTransactionView) => void;
  onRefundOrder: (row: AdminTransactionView) => void;
}) {
  const { t } = useLingui();
  if (row.type === "purchase" && row.paymentOrder && canRefund(row.paymentOrder)) {
    const name = row.paymentOrder.packageName;
    const { username } = row;
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onRefundOrder(row)}
        aria-label={t`Refund ${username}'s payment for ${name}`}
      >
        <RotateCcw aria-hidden="true" />
        <Trans>Refund…</Trans>
      </Button>
    );
  }
  if (row.type !== "usage" || !row.taskId) return <span className="text-muted-foreground">—</span>;
  if (row.refunded) {
    return (
      <Button variant="outline" size="sm" disabled>
        <Trans>Refunded</Trans>
      </Button>
    );
  }
  const busy = refundingId === row.id;
  const { username } = row;
  const credits = -row.amount;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={refundingId !== undefined}
      onClick={() => onRefund(row)}
      aria-label={t`${plural(credits, { one: `Refund ${username}'s # credit`, other: `Refund ${username}'s # credits` })}`}
    >
      {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
      <Trans>Refund</Trans>
    </Button>
  );
}
