import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { SectionCard } from "@/features/admin/admin-fields";
import { formatMoney, providerLabel } from "@/features/admin/overview/overview-format";
import { cn } from "@/lib/cn";
import { formatCredits, formatDateTime, formatNumber } from "@/lib/format";
import { cellClassName, HeaderRow, tableWrapClassName } from "./section-state";

type OrderStatus = AdminUserDetail["paymentOrders"][number]["status"];
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
      {shown === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          <Trans>No payment orders.</Trans>
        </p>
      ) : (
        <div className={tableWrapClassName}>
          <table className="w-full min-w-[60rem] text-left text-sm">
            <caption className="sr-only">
              <Trans>{username}'s payment orders, newest first</Trans>
            </caption>
            <HeaderRow
              columns={[
                t`Provider`,
                t`Package`,
                t`Amount`,
                t`Credits`,
                t`Status`,
                t`Created`,
                t`Completed`,
                t`Failure reason`,
              ]}
            />
            <tbody className="divide-y divide-border">
              {user.paymentOrders.map((o) => (
                <tr key={o.id} className="align-top">
                  <td className={cellClassName}>{providerLabel(o.provider)}</td>
                  <td className={cellClassName}>{o.packageName}</td>
                  <td className={cn(cellClassName, "whitespace-nowrap tabular-nums")}>
                    {formatMoney(o.amount, o.currency)}
                  </td>
                  <td className={cn(cellClassName, "tabular-nums")}>{formatCredits(o.credits)}</td>
                  <td className={cellClassName}>
                    <Badge variant={STATUS[o.status].variant}>{t(STATUS[o.status].label)}</Badge>
                  </td>
                  <td className={cn(cellClassName, "whitespace-nowrap text-muted-foreground tabular-nums")}>
                    {formatDateTime(o.createdAt)}
                  </td>
                  <td className={cn(cellClassName, "whitespace-nowrap text-muted-foreground tabular-nums")}>
                    {o.completedAt ? formatDateTime(o.completedAt) : "—"}
                  </td>
                  <td className={cn(cellClassName, "break-words")}>{o.failureReason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
