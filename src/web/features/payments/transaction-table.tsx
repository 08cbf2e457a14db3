import { useState } from "react";
import { Link } from "wouter";
import { FileText, LoaderCircle, ReceiptText, RefreshCw } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { TRANSACTIONS_PAGE_SIZE } from "../../../shared/payments";
import type { TransactionView } from "../../../shared/schemas/account";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatCredits, formatDate, formatDateTime, truncateText } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { useTransactions } from "./use-payment-queries";

/** User descriptions are cut at 60 characters (the full text is in the tooltip). */
const DESCRIPTION_MAX = 60;

export interface TransactionTypeLook {
  /** In the active language, read when shown. */
  readonly label: string;
  readonly variant: BadgeProps["variant"];
}

function transactionType(label: MessageDescriptor, variant: BadgeProps["variant"]): TransactionTypeLook {
  return {
    get label() {
      return i18n._(label);
    },
    variant,
  };
}

export const TRANSACTION_TYPES: Record<TransactionView["type"], TransactionTypeLook> = {
  purchase: transactionType(msg`Purchase`, "success"),
  bonus: transactionType(msg`Bonus`, "success"),
  refund: transactionType(msg`Refund`, "default"),
  usage: transactionType(msg`Usage`, "secondary"),
  adjustment: transactionType(msg`Adjustment`, "warning"),
  reversal: transactionType(msg`Payment reversed`, "destructive"),
};

/** "+150" or "−5" (a real minus sign). */
export function signedCredits(amount: number): string {
  if (amount > 0) return `+${formatCredits(amount)}`;
  if (amount < 0) return `\u2212${formatCredits(-amount)}`;
  return "0";
}

function TransactionRow({ tx }: { tx: TransactionView }) {
  const type = TRANSACTION_TYPES[tx.type] ?? { label: tx.type, variant: "secondary" as const };
  const full = tx.description?.trim() || type.label;
  const short = truncateText(full, DESCRIPTION_MAX);
  return (
    <tr className="align-top transition-colors hover:bg-surface-raised/40">
      <td className="px-2.5 py-3.5 sm:px-5">
        <Badge variant={type.variant} className="px-2 text-[11px] sm:px-2.5 sm:text-xs">
          {type.label}
        </Badge>
      </td>
      <td className="px-2.5 py-3.5 sm:px-5">
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
      </td>
      <td
        className={cn(
          "whitespace-nowrap px-2.5 py-3.5 text-right font-semibold tabular-nums sm:px-5",
          tx.amount > 0 ? "text-emerald-300" : tx.amount < 0 ? "text-red-300" : "text-muted-foreground",
        )}
      >
        {signedCredits(tx.amount)}
      </td>
      <td className="hidden whitespace-nowrap px-5 py-3.5 text-right text-muted-foreground tabular-nums sm:table-cell">
        {formatDateTime(tx.createdAt)}
      </td>
    </tr>
  );
}

/** 'Transaction History' (decision 0015): 50 a page, up to 5 page buttons, newest first. */
export function TransactionHistory() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const query = useTransactions(page, true);
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  const first = (page - 1) * TRANSACTIONS_PAGE_SIZE + 1;
  const last = Math.min(first + rows.length - 1, total);
  const totalText = formatCredits(total);
  const problem = query.isError ? errorMessage(query.error) : "";

  const goTo = (next: number) => {
    setPage(next);
    document.getElementById("transactions-title")?.scrollIntoView({ block: "start" });
  };

  return (
    <section aria-labelledby="transactions-title" className="scroll-mt-24">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="transactions-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
            <ReceiptText className="size-5 text-fuchsia-300" aria-hidden="true" />
            <Trans>Transaction History</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            <Trans>Purchases, video usage, refunds and adjustments to your balance.</Trans>
          </p>
        </div>
        {total > 0 ? (
          <p className="text-sm text-muted-foreground tabular-nums">
            <Trans>
              {first}–{last} of {totalText}
            </Trans>
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <div
          className="flex justify-center rounded-2xl border border-border bg-surface/60 py-14"
          role="status"
          aria-label={t`Loading transactions`}
        >
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      ) : query.isError && !query.data ? (
        <div
          className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-border bg-surface/40 px-6 py-10 text-center"
          role="alert"
        >
          <p className="text-sm text-muted-foreground">
            <Trans>Your transactions could not be loaded: {problem}</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" />
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : total === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-surface/40 px-6 py-10 text-center text-sm text-muted-foreground">
          <Trans>No transactions yet. Purchases and the credits your videos use will show up here.</Trans>
        </p>
      ) : (
        <>
          <div
            className={cn(
              "overflow-hidden rounded-2xl border border-border bg-surface/80 shadow-xl shadow-black/30",
              query.isPlaceholderData && "opacity-60",
            )}
          >
            <table className="w-full table-fixed text-left text-sm">
              <caption className="sr-only">
                <Trans>Your transactions, newest first</Trans>
              </caption>
              <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
                <tr>
                  <th scope="col" className="w-[6.25rem] px-2.5 py-3 font-semibold sm:w-36 sm:px-5">
                    <Trans>Type</Trans>
                  </th>
                  <th scope="col" className="px-2.5 py-3 font-semibold sm:px-5">
                    <Trans>Description</Trans>
                  </th>
                  <th scope="col" className="w-[4.75rem] px-2.5 py-3 text-right font-semibold sm:w-28 sm:px-5">
                    <Trans>Credits</Trans>
                  </th>
                  <th scope="col" className="hidden w-48 px-5 py-3 text-right font-semibold sm:table-cell">
                    <Trans>Date</Trans>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((tx) => (
                  <TransactionRow key={tx.id} tx={tx} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            className="mt-6"
            label={t`Transaction pages`}
            page={page}
            pageCount={pageCount}
            onPageChange={goTo}
          />
        </>
      )}
    </section>
  );
}
