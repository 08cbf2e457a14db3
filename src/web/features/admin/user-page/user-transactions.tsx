import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { Pagination } from "@/components/ui/pagination";
import { SectionCard } from "@/features/admin/admin-fields";
import { HistoryTable } from "@/features/admin/history-table";
import { useRefundFlow } from "@/features/admin/refund-dialog";
import { refreshUsers } from "@/features/admin/users-api";
import { cn } from "@/lib/cn";
import { QueryState } from "@/features/admin/query-state";
import { USER_TRANSACTIONS_PAGE_SIZE, useUserTransactions } from "./user-api";

/** The user's transactions as on the History page (with Refund of usage rows), 20 a page. */
export function UserTransactionsCard({ userId }: { userId: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const query = useUserTransactions(userId, page);
  const refundFlow = useRefundFlow(refreshUsers);
  return (
    <SectionCard id="user-transactions-title" title={t`Transactions`}>
      <QueryState query={query} what={t`transactions`} empty={t`No transactions yet.`}>
        {({ data, total }) => (
          <>
            <div className={cn(query.isPlaceholderData && "opacity-60")}>
              <HistoryTable
                rows={data}
                firstNumber={(page - 1) * USER_TRANSACTIONS_PAGE_SIZE + 1}
                refundingId={refundFlow.refundingId}
                onRefund={refundFlow.onRefund}
              />
            </div>
            {refundFlow.dialog}
            <Pagination
              className="mt-4"
              label={t`Transaction pages`}
              page={page}
              pageCount={Math.max(1, Math.ceil(total / USER_TRANSACTIONS_PAGE_SIZE))}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}
