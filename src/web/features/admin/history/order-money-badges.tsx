import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { PaymentOrderState } from "../../../../shared/schemas/admin-payments";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { centsOf } from "./order-money";

type MoneyBadge = { key: string; label: MessageDescriptor; variant: BadgeProps["variant"] };

/** The badges of an order whose money went (or may go) back: a dispute's state, then its refunds. */
function orderMoneyBadges(order: PaymentOrderState): MoneyBadge[] {
  const badges: MoneyBadge[] = [];
  if (order.disputeStatus === "open") badges.push({ key: "disputed", label: msg`Disputed`, variant: "destructive" });
  if (order.disputeStatus === "lost") badges.push({ key: "lost", label: msg`Chargeback lost`, variant: "destructive" });
  if (order.disputeStatus !== "lost" && order.refundedCents > 0)
    badges.push(
      order.refundedCents >= centsOf(order.amount)
        ? // "Refunded" is also said of credits given back: a payment's has its own entry in the catalogues.
          { key: "refunded", label: msg({ message: "Refunded", context: "payment order" }), variant: "warning" }
        : { key: "partly", label: msg`Partly refunded`, variant: "warning" },
    );
  return badges;
}

export function OrderMoneyBadges({ order }: { order: PaymentOrderState }) {
  const { t } = useLingui();
  const badges = orderMoneyBadges(order);
  if (badges.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {badges.map((b) => (
        <Badge key={b.key} variant={b.variant} data-order-badge={b.key}>
          {t(b.label)}
        </Badge>
      ))}
    </span>
  );
}
