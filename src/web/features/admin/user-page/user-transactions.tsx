import { useLingui } from "@lingui/react/macro";
import { SectionCard } from "@/components/ui/section-card";
import { CursorPager, useCursorStack } from "@/features/admin/cursor-pager";
import { HistoryTable } from "@/features/admin/history/history-table";
import { useRefundFlow } from "@/features/admin/history/refund-dialog";
import { refreshUsers } from "@/features/admin/users/users-api";
import { cn } from "@/lib/cn";
import { QueryState } from "@/components/ui/query-state";
import { useUserTransactions } from "./user-api";

/** The user's transactions as on the History page (with Refund of usage rows), 20 a page. */
export function UserTransactionsCard({ userId }: { userId: string }) {
  const { t } = useLingui();
  const pages = useCursorStack(userId);
  const query = useUserTransactions(userId, pages.cursor);
  const refundFlow = useRefundFlow(refreshUsers);
  return (
    <SectionCard id="user-transactions-title" title={t`Transactions`}>
      <QueryState query={query} what={t`transactions`} empty={t`No transactions yet.`}>
        {({ data, nextCursor }) => (
          <>
            <div className={cn(query.isPlaceholderData && "opacity-60")}>
              <HistoryTable
                rows={data}
                firstNumber={pages.first}
                refundingId={refundFlow.refundingId}
                onRefund={refundFlow.onRefund}
              />
            </div>
            {refundFlow.dialog}
            <CursorPager
              label={t`Transaction pages`}
              hasPrevious={pages.hasPrevious}
              nextCursor={nextCursor}
              waiting={query.isPlaceholderData}
              onPrevious={pages.previous}
              onNext={(cursor) => pages.next(cursor, pages.first + data.length)}
            />
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}
