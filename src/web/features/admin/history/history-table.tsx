import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { AdminTransactionView } from "../../../../shared/schemas/admin-transactions";
import { Badge } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { formatDateTime, truncateText } from "@/lib/format";
import { signedCredits, TRANSACTION_TYPES } from "@/features/payments";
import { TRANSACTION_TYPE_LABELS } from "./history-api";
import { HistoryRefundCell } from "./history-refund-cell";
import { OrderMoneyBadges } from "./order-money-badges";
import { OrderRefundDialog } from "./order-refund-dialog";

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

/** Columns #, User, Type, Date, Description, Credits, Actions (decision 0024); scrolls inside itself on phones. */
export function HistoryTable({ rows, firstNumber, refundingId, onRefund }: Props) {
  const { t } = useLingui();
  // A purchase row's Refund…: the same dialog as the user's page (decision 0084).
  const [orderRow, setOrderRow] = useState<AdminTransactionView>();
  const typeLabel = (row: AdminTransactionView) =>
    row.type in TRANSACTION_TYPE_LABELS ? t(TRANSACTION_TYPE_LABELS[row.type]) : row.type;
  const columns: DataTableColumn<AdminTransactionView>[] = [
    { key: "number", header: "#", className: "text-muted-foreground tabular-nums", cell: (_, i) => firstNumber + i },
    {
      key: "user",
      header: t`User`,
      cell: (row) => (
        <>
          <span className="block font-medium">{row.username}</span>
          {row.email ? <span className="block text-xs text-muted-foreground">{row.email}</span> : null}
        </>
      ),
    },
    {
      key: "type",
      header: t`Type`,
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={TRANSACTION_TYPES[row.type]?.variant ?? "secondary"}>{typeLabel(row)}</Badge>
          {row.type === "purchase" && row.paymentOrder ? <OrderMoneyBadges order={row.paymentOrder} /> : null}
        </span>
      ),
    },
    {
      key: "date",
      header: t`Date`,
      className: "whitespace-nowrap text-muted-foreground tabular-nums",
      cell: (row) => formatDateTime(row.createdAt),
    },
    {
      key: "description",
      header: t`Description`,
      cell: (row) => {
        const full = row.description?.trim() || typeLabel(row);
        const short = truncateText(full, ADMIN_DESCRIPTION_MAX);
        return (
          <span className="block break-words" title={short === full ? undefined : full}>
            {short}
          </span>
        );
      },
    },
    {
      key: "credits",
      header: t`Credits`,
      align: "right",
      className: "whitespace-nowrap font-semibold tabular-nums",
      cell: (row) => (
        <span
          className={row.amount > 0 ? "text-emerald-300" : row.amount < 0 ? "text-red-300" : "text-muted-foreground"}
        >
          {signedCredits(row.amount)}
        </span>
      ),
    },
    {
      key: "actions",
      header: t`Actions`,
      className: "sticky-actions",
      headerClassName: "sticky-actions",
      cell: (row) => (
        <HistoryRefundCell row={row} refundingId={refundingId} onRefund={onRefund} onRefundOrder={setOrderRow} />
      ),
    },
  ];
  return (
    <>
      <DataTable
        caption={t`All transactions, newest first`}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={() => ({ className: "align-top transition-colors hover:bg-surface-raised/40" })}
        className="rounded-2xl bg-surface/80 shadow-xl shadow-black/30"
        tableClassName="min-w-[56rem]"
      />
      {orderRow?.paymentOrder ? (
        <OrderRefundDialog
          key={orderRow.id}
          order={orderRow.paymentOrder}
          username={orderRow.username}
          onClose={() => setOrderRow(undefined)}
        />
      ) : null}
    </>
  );
}
