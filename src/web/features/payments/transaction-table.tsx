import { useState } from "react";
import { ReceiptText } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { TRANSACTIONS_PAGE_SIZE } from "../../../shared/payments";
import { DataTable } from "@/components/ui/data-table";
import { SectionHeader } from "@/components/ui/section-header";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";
import { useTransactionColumns } from "./transaction-columns";
import { useTransactions } from "./use-payment-queries";

/** 'Transaction History' (decision 0015): 50 a page, up to 5 page buttons, newest first. */
export function TransactionHistory() {
  const { t } = useLingui();
  const columns = useTransactionColumns();
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
      <SectionHeader
        id="transactions-title"
        icon={ReceiptText}
        title={<Trans>Transaction History</Trans>}
        description={<Trans>Purchases, video usage, refunds and adjustments to your balance.</Trans>}
      >
        {total > 0 ? (
          <p className="text-sm text-muted-foreground tabular-nums">
            <Trans>
              {first}–{last} of {totalText}
            </Trans>
          </p>
        ) : null}
      </SectionHeader>

      <DataTable
        caption={t`Your transactions, newest first`}
        columns={columns}
        rows={rows}
        rowKey={(tx) => tx.id}
        rowProps={() => ({ className: "align-top transition-colors hover:bg-surface-raised/40" })}
        loading={query.isPending ? t`Loading transactions` : undefined}
        error={
          query.isError && !query.data
            ? {
                message: <Trans>Your transactions could not be loaded: {problem}</Trans>,
                onRetry: () => void query.refetch(),
              }
            : undefined
        }
        empty={<Trans>No transactions yet. Purchases and the credits your videos use will show up here.</Trans>}
        pagination={{ label: t`Transaction pages`, page, pageCount, onPageChange: goTo, className: "mt-2" }}
        className={cn("rounded-2xl bg-surface/80 shadow-xl shadow-black/30", query.isPlaceholderData && "opacity-60")}
        tableClassName="table-fixed"
      />
    </section>
  );
}
