import { msg } from "@lingui/core/macro";
import { useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import type { PaymentDisputeView } from "../../../../shared/schemas/admin-payments";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import {
  DisputeDecisionDialog,
  OrderMoneyBadges,
  OrderRefundDialog,
} from "@/features/admin/history/payment-order-actions";
import { MoneyBackLines } from "./user-order-money-back";
import { OrderActions } from "./user-order-actions";
import { SectionCard } from "@/components/ui/section-card";
import { formatMoney, providerLabel } from "@/features/admin/overview/overview-format";
import { formatCredits, formatDateTime, formatNumber } from "@/lib/format";

type Order = AdminUserDetail["paymentOrders"][number];
type OrderStatus = Order["status"];
const STATUS: Record<OrderStatus, { label: MessageDescriptor; variant: BadgeProps["variant"] }> = {
  // "Created" is also a column of dates: the status has its own entry in the catalogues.
  created: { label: msg({ message: "Created", context: "payment order status" }), variant: "secondary" },
  pending: { label: msg`Pending`, variant: "warning" },
  completed: { label: msg`Completed`, variant: "success" },
  failed: { label: msg`Failed`, variant: "destructive" },
};

/** The user's payment orders (Creem and PayPal), the newest 50. */
export function UserOrdersCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const [refunding, setRefunding] = useState<Order>();
  const [deciding, setDeciding] = useState<{ order: Order; dispute: PaymentDisputeView; outcome: "won" | "lost" }>();
  const shown = user.paymentOrders.length;
  const newest = formatNumber(shown);
  const total = formatCredits(user.paymentOrderCount);
  const username = user.username;
  return (
    <SectionCard
      id="user-orders-title"
      title={t`Payment orders`}
      description={user.paymentOrderCount > shown ? t`The newest ${newest} of ${total}.` : undefined}
    >
      <DataTable
        caption={t`${username}'s payment orders, newest first`}
        label={t`Payment orders`}
        columns={[
          { header: t`Provider`, cell: (o) => providerLabel(o.provider) },
          { header: t`Package`, cell: (o) => o.packageName },
          {
            header: t`Amount`,
            className: "whitespace-nowrap tabular-nums",
            cell: (o) => formatMoney(o.amount, o.currency),
          },
          { header: t`Credits`, className: "tabular-nums", cell: (o) => formatCredits(o.credits) },
          {
            header: t`Status`,
            cell: (o) => (
              <>
                <span className="flex flex-wrap gap-1">
                  <Badge variant={STATUS[o.status].variant}>{t(STATUS[o.status].label)}</Badge>
                  <OrderMoneyBadges order={o} />
                </span>
                <MoneyBackLines order={o} />
              </>
            ),
          },
          {
            header: t`Created`,
            className: "whitespace-nowrap text-muted-foreground tabular-nums",
            cell: (o) => formatDateTime(o.createdAt),
          },
          {
            header: t`Completed`,
            className: "whitespace-nowrap text-muted-foreground tabular-nums",
            cell: (o) => (o.completedAt ? formatDateTime(o.completedAt) : "—"),
          },
          { header: t`Failure reason`, className: "break-words", cell: (o) => o.failureReason ?? "—" },
          {
            header: t`Actions`,
            cell: (o) => (
              <OrderActions
                order={o}
                onRefund={() => setRefunding(o)}
                onDecide={(dispute, outcome) => setDeciding({ order: o, dispute, outcome })}
              />
            ),
          },
        ]}
        rows={user.paymentOrders}
        rowKey={(o) => o.id}
        rowProps={(o) => ({ className: "align-top", "data-order-id": o.id })}
        tableClassName="min-w-[60rem]"
        empty={<Trans>No payment orders.</Trans>}
      />
      {refunding ? (
        <OrderRefundDialog order={refunding} username={username} onClose={() => setRefunding(undefined)} />
      ) : null}
      {deciding ? (
        <DisputeDecisionDialog
          order={deciding.order}
          dispute={deciding.dispute}
          outcome={deciding.outcome}
          onClose={() => setDeciding(undefined)}
        />
      ) : null}
    </SectionCard>
  );
}
