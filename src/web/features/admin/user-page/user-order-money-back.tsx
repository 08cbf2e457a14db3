import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { formatCredits, formatMoney as formatMoneyPlain } from "@/lib/format";

type Order = AdminUserDetail["paymentOrders"][number];

const cents = (value: number, currency: string) => formatMoneyPlain(value / 100, currency);

/** The order's refunds and disputes, one line each, under its status. */
export function MoneyBackLines({ order }: { order: Order }) {
  const { t } = useLingui();
  if (order.reversals.length === 0 && order.disputes.length === 0) return null;
  return (
    <ul className="mt-1.5 grid gap-1 text-xs text-muted-foreground">
      {order.reversals.map((r, i) => {
        const amount = cents(r.amountCents, order.currency);
        const owed = formatCredits(r.creditsOwed);
        return (
          <li key={`r${i}`}>
            {r.kind === "chargeback"
              ? plural(r.credits, {
                  one: `Chargeback ${amount}: # credit back`,
                  other: `Chargeback ${amount}: # credits back`,
                })
              : plural(r.credits, {
                  one: `Refund ${amount}: # credit back`,
                  other: `Refund ${amount}: # credits back`,
                })}
            {r.creditsOwed > 0 ? t` (${owed} owed)` : ""}
            {r.reason ? ` · ${r.reason}` : ""}
          </li>
        );
      })}
      {order.disputes.map((d) => {
        const amount = cents(d.amountCents, order.currency);
        return (
          <li key={d.id}>
            {d.status === "open"
              ? t`Dispute ${amount} open`
              : d.status === "won"
                ? t`Dispute ${amount} won`
                : t`Dispute ${amount} lost`}
            {d.reason ? ` · ${d.reason}` : ""}
          </li>
        );
      })}
    </ul>
  );
}
