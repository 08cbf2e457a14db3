import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { SectionCard } from "@/features/admin/admin-fields";
import { formatMoney, providerLabel } from "@/features/admin/overview/overview-format";
import { cn } from "@/lib/cn";
import { formatCredits, formatDateTime } from "@/lib/format";
import { cell, HeaderRow, tableWrap } from "./section-state";

type OrderStatus = AdminUserDetail["paymentOrders"][number]["status"];
const STATUS: Record<OrderStatus, { label: string; variant: BadgeProps["variant"] }> = {
  created: { label: "Created", variant: "secondary" },
  pending: { label: "Pending", variant: "warning" },
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
};

/** The user's payment orders (Creem and PayPal), the newest 50. */
export function UserOrdersCard({ user }: { user: AdminUserDetail }) {
  const shown = user.paymentOrders.length;
  return (
    <SectionCard
      id="user-orders-title"
      title="Payment orders"
      description={user.paymentOrderCount > shown ? `The newest ${shown} of ${formatCredits(user.paymentOrderCount)}.` : undefined}
    >
      {shown === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No payment orders.</p>
      ) : (
        <div className={tableWrap}>
          <table className="w-full min-w-[60rem] text-left text-sm">
            <caption className="sr-only">{user.username}'s payment orders, newest first</caption>
            <HeaderRow columns={["Provider", "Package", "Amount", "Credits", "Status", "Created", "Completed", "Failure reason"]} />
            <tbody className="divide-y divide-border">
              {user.paymentOrders.map((o) => (
                <tr key={o.id} className="align-top">
                  <td className={cell}>{providerLabel(o.provider)}</td>
                  <td className={cell}>{o.packageName}</td>
                  <td className={cn(cell, "whitespace-nowrap tabular-nums")}>{formatMoney(o.amount, o.currency)}</td>
                  <td className={cn(cell, "tabular-nums")}>{formatCredits(o.credits)}</td>
                  <td className={cell}>
                    <Badge variant={STATUS[o.status].variant}>{STATUS[o.status].label}</Badge>
                  </td>
                  <td className={cn(cell, "whitespace-nowrap text-muted-foreground tabular-nums")}>{formatDateTime(o.createdAt)}</td>
                  <td className={cn(cell, "whitespace-nowrap text-muted-foreground tabular-nums")}>{o.completedAt ? formatDateTime(o.completedAt) : "—"}</td>
                  <td className={cn(cell, "break-words")}>{o.failureReason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
