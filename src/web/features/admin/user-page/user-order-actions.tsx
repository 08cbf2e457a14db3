import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import type { PaymentDisputeView } from "../../../../shared/schemas/admin-payments";
import { Button } from "@/components/ui/button";
import { canRefund } from "@/features/admin/history/payment-order-actions";

type Order = AdminUserDetail["paymentOrders"][number];

/** Refund… on a completed order; Mark won / Mark lost on an open Creem dispute (PayPal decides its own). */
export function OrderActions({
  order,
  onRefund,
  onDecide,
}: {
  order: Order;
  onRefund: () => void;
  onDecide: (dispute: PaymentDisputeView, outcome: "won" | "lost") => void;
}) {
  const { t } = useLingui();
  const open = order.provider === "creem" ? order.disputes.find((d) => d.status === "open") : undefined;
  if (!canRefund(order) && !open) return <span className="text-muted-foreground">—</span>;
  const name = order.packageName;
  return (
    <span className="flex flex-wrap gap-1.5">
      {canRefund(order) ? (
        <Button size="sm" variant="outline" onClick={onRefund} aria-label={t`Refund the order ${name}`}>
          <Trans>Refund…</Trans>
        </Button>
      ) : null}
      {open ? (
        <>
          <Button size="sm" variant="outline" onClick={() => onDecide(open, "won")}>
            <Trans>Mark won</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDecide(open, "lost")}>
            <Trans>Mark lost</Trans>
          </Button>
        </>
      ) : null}
    </span>
  );
}
