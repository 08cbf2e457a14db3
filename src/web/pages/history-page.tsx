import { useCallback, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { adminTransactionsApi } from "../../shared/api/admin-transactions";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/list-states";
import { AdminLayout } from "@/features/admin/admin-layout";
import { CsvDownloadLink } from "@/features/admin/csv-download-link";
import { CursorPager, useCursorStack } from "@/features/admin/cursor-pager";
import {
  historyFilterParams,
  NO_FILTERS,
  useAdminTransactions,
  type HistoryFilters,
} from "@/features/admin/history/history-api";
import { HistoryFiltersBar } from "@/features/admin/history/history-filters";
import { HistoryTable } from "@/features/admin/history/history-table";
import { useRefundFlow } from "@/features/admin/history/refund-dialog";
import { errorMessage, urlFor } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatCredits, formatNumber } from "@/lib/format";

/**
 * /history: every user's transactions, with refunds of usage rows (admin only: the route is gated
 * in app/app.tsx), and the same rows as a CSV file (decision 0054).
 */
export function HistoryPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const changeFilters = useCallback(
    (patch: Partial<HistoryFilters>) => setFilters((current) => ({ ...current, ...patch })),
    [],
  );
  // Other filters start again at their first page.
  const pages = useCursorStack(JSON.stringify(historyFilterParams(filters)));
  const query = useAdminTransactions(filters, pages.cursor);
  const refundFlow = useRefundFlow();

  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const nextCursor = query.data?.nextCursor ?? null;
  const first = pages.first;
  const from = formatNumber(first);
  const to = formatNumber(first + rows.length - 1);
  // Past 10,000 matching rows the server stops counting (decision 0106).
  const count = `${formatCredits(total)}${query.data?.totalCapped ? "+" : ""}`;
  const reason = query.isError ? errorMessage(query.error) : "";

  // The file has the rows these filters show, every page of them.
  const csvHref = urlFor(adminTransactionsApi.exportCsv, { query: historyFilterParams(filters) });

  return (
    <AdminLayout
      title={t`Transaction History`}
      description={t`Every user's purchases, video usage, refunds and adjustments.`}
      actions={<CsvDownloadLink href={csvHref} />}
    >
      <div>
        <HistoryFiltersBar value={filters} onChange={changeFilters} />

        <div className="mb-3 mt-6 flex justify-end text-sm text-muted-foreground tabular-nums">
          {total > 0 ? t`${from}–${to} of ${count}` : null}
        </div>

        {query.isPending ? (
          <LoadingState label={t`Loading transactions`} className="py-14" />
        ) : query.isError && !query.data ? (
          <ErrorState
            message={<Trans>Transactions could not be loaded: {reason}</Trans>}
            onRetry={() => void query.refetch()}
            className="gap-4 rounded-2xl border border-dashed border-border px-6 py-10"
          />
        ) : rows.length === 0 ? (
          <EmptyState className="rounded-2xl border border-dashed border-border px-6 py-10">
            <Trans>No transactions match these filters.</Trans>
          </EmptyState>
        ) : (
          <>
            <div className={cn(query.isPlaceholderData && "opacity-60")}>
              <HistoryTable
                rows={rows}
                firstNumber={first}
                refundingId={refundFlow.refundingId}
                onRefund={refundFlow.onRefund}
              />
            </div>
            <CursorPager
              className="mt-6"
              label={t`Transaction pages`}
              hasPrevious={pages.hasPrevious}
              nextCursor={nextCursor}
              waiting={query.isPlaceholderData}
              onPrevious={pages.previous}
              onNext={(cursor) => pages.next(cursor, first + rows.length)}
            />
            {refundFlow.dialog}
          </>
        )}
      </div>
    </AdminLayout>
  );
}
