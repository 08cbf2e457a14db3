import { Link } from "wouter";
import { FileText } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { TransactionView } from "../../../shared/schemas/account";
import { Badge } from "@/components/ui/badge";
import type { DataTableColumn } from "@/components/ui/data-table";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime, truncateText } from "@/lib/format";
import { refundRowText } from "@/features/videos";
import { signedCredits, transactionTypeLook } from "./transaction-types";

/** User descriptions are cut at 60 characters (the full text is in the tooltip). */
const DESCRIPTION_MAX = 60;

/** Narrow cells on a phone, roomier from `sm` up. */
const CELL = "px-2.5 py-3.5 sm:px-5";
const HEADER = "px-2.5 sm:px-5";

function TypeBadge({ tx }: { tx: TransactionView }) {
  const type = transactionTypeLook(tx.type);
  return (
    <Badge variant={type.variant} className="px-2 text-[11px] sm:px-2.5 sm:text-xs">
      {type.label}
    </Badge>
  );
}

/** The description (cut, whole in the tooltip), the date on a phone, and a purchase's receipt link. */
function DescriptionCell({ tx }: { tx: TransactionView }) {
  // An automatic refund says why in the person's language (decision 0163), never the vendor's words.
  const full = (tx.failure ? refundRowText(tx.failure) : tx.description?.trim()) || transactionTypeLook(tx.type).label;
  const short = truncateText(full, DESCRIPTION_MAX);
  return (
    <>
      <span className="block break-words text-foreground" title={short === full ? undefined : full}>
        {short}
      </span>
      <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">{formatDate(tx.createdAt)}</span>
      {tx.type === "purchase" && tx.paymentOrderId ? (
        // The payment's printable receipt (decision 0086).
        <Link
          href={`/receipts/${tx.paymentOrderId}`}
          className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-violet-300 underline-offset-4 hover:underline"
        >
          <FileText className="size-3.5" aria-hidden="true" />
          <Trans>Receipt</Trans>
        </Link>
      ) : null}
    </>
  );
}

const amountColour = (amount: number) =>
  amount > 0 ? "text-emerald-300" : amount < 0 ? "text-red-300" : "text-muted-foreground";

/** Type, Description, Credits and (from `sm` up) Date: a fixed layout that fits a 360 px phone. */
export function useTransactionColumns(): DataTableColumn<TransactionView>[] {
  const { t } = useLingui();
  return [
    {
      header: t`Type`,
      headerClassName: cn("w-[6.25rem] sm:w-36", HEADER),
      className: CELL,
      cell: (tx) => <TypeBadge tx={tx} />,
    },
    { header: t`Description`, headerClassName: HEADER, className: CELL, cell: (tx) => <DescriptionCell tx={tx} /> },
    {
      header: t`Credits`,
      align: "right",
      headerClassName: cn("w-[4.75rem] sm:w-28", HEADER),
      className: cn("whitespace-nowrap font-semibold tabular-nums", CELL),
      // The colour on the number itself: the browser tests find it by its text.
      cell: (tx) => <span className={amountColour(tx.amount)}>{signedCredits(tx.amount)}</span>,
    },
    {
      header: t`Date`,
      align: "right",
      headerClassName: "hidden w-48 px-5 sm:table-cell",
      className: "hidden whitespace-nowrap px-5 py-3.5 text-muted-foreground tabular-nums sm:table-cell",
      cell: (tx) => formatDateTime(tx.createdAt),
    },
  ];
}
