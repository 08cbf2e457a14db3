import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle, RotateCcw } from "lucide-react";
import type { AdminTransactionView } from "../../../shared/schemas/admin-transactions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatDateTime, truncateText } from "@/lib/format";
import { signedCredits, TRANSACTION_TYPES } from "@/features/payments";
import { TRANSACTION_TYPE_LABELS } from "./history-api";
import { canRefund, OrderMoneyBadges, OrderRefundDialog } from "./payment-order-actions";

/** Admin descriptions are cut at 140 characters (the full text is in the tooltip): long enough to name a refunded video and the reason. */
const ADMIN_DESCRIPTION_MAX = 140;

interface Props {
  rows: AdminTransactionView[];
  /** The '#' of the first row (numbering continues across pages). */
  firstNumber: number;
  /** The usage row whose refund is in flight, if any. */
  refundingId: string | undefined;
  onRefund: (row: AdminTransactionView) => void;
}

function RefundCell({
  row,
  refundingId,
  onRefund,
  onRefundOrder,
}: { row: AdminTransactionView; onRefundOrder: (row: AdminTransactionView) => void } & Pick<
  Props,
  "refundingId" | "onRefund"
>) {
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

/** Columns #, User, Type, Date, Description, Credits, Actions (decision 0024); scrolls inside itself on phones. */
export function HistoryTable({ rows, firstNumber, refundingId, onRefund }: Props) {
  const { t } = useLingui();
  // A purchase row's Refund…: the same dialog as the user's page (decision 0084).
  const [orderRow, setOrderRow] = useState<AdminTransactionView>();
  const headers = [
    { key: "number", label: "#" },
    { key: "user", label: t`User` },
    { key: "type", label: t`Type` },
    { key: "date", label: t`Date` },
    { key: "description", label: t`Description` },
    { key: "credits", label: t`Credits` },
    { key: "actions", label: t`Actions` },
  ];
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-surface/80 shadow-xl shadow-black/30">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">
          <Trans>All transactions, newest first</Trans>
        </caption>
        <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {headers.map((h) => (
              <th
                key={h.key}
                scope="col"
                className={cn(
                  "px-4 py-3 font-semibold",
                  h.key === "credits" && "text-right",
                  h.key === "actions" && "sticky-actions",
                )}
              >
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row, i) => {
            const variant = TRANSACTION_TYPES[row.type]?.variant ?? "secondary";
            const label = row.type in TRANSACTION_TYPE_LABELS ? t(TRANSACTION_TYPE_LABELS[row.type]) : row.type;
            const full = row.description?.trim() || label;
            const short = truncateText(full, ADMIN_DESCRIPTION_MAX);
            return (
              <tr key={row.id} className="align-top transition-colors hover:bg-surface-raised/40">
                <td className="px-4 py-3 text-muted-foreground tabular-nums">{firstNumber + i}</td>
                <td className="px-4 py-3">
                  <span className="block font-medium">{row.username}</span>
                  {row.email ? <span className="block text-xs text-muted-foreground">{row.email}</span> : null}
                </td>
                <td className="px-4 py-3">
                  <span className="flex flex-wrap gap-1">
                    <Badge variant={variant}>{label}</Badge>
                    {row.type === "purchase" && row.paymentOrder ? <OrderMoneyBadges order={row.paymentOrder} /> : null}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted-foreground tabular-nums">
                  {formatDateTime(row.createdAt)}
                </td>
                <td className="px-4 py-3">
                  <span className="block break-words" title={short === full ? undefined : full}>
                    {short}
                  </span>
                </td>
                <td
                  className={cn(
                    "whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums",
                    row.amount > 0 ? "text-emerald-300" : row.amount < 0 ? "text-red-300" : "text-muted-foreground",
                  )}
                >
                  {signedCredits(row.amount)}
                </td>
                <td className="sticky-actions px-4 py-3">
                  <RefundCell row={row} refundingId={refundingId} onRefund={onRefund} onRefundOrder={setOrderRow} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {orderRow?.paymentOrder ? (
        <OrderRefundDialog
          key={orderRow.id}
          order={orderRow.paymentOrder}
          username={orderRow.username}
          onClose={() => setOrderRow(undefined)}
        />
      ) : null}
    </div>
  );
}
