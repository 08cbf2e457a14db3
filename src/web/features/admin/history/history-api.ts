/** The /history page's calls: every user's transactions (filtered, paged) and refunds of usage rows. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { adminTransactionsApi } from "../../../../shared/api/admin-transactions";
import {
  ADMIN_TRANSACTIONS_DEFAULT_LIMIT,
  type AdminTransactionType,
} from "../../../../shared/schemas/admin-transactions";
import { call, callQuery, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";

const HISTORY_PAGE_SIZE = ADMIN_TRANSACTIONS_DEFAULT_LIMIT;

export interface HistoryFilters {
  type: AdminTransactionType | "";
  user: string;
  dateFrom: string;
  dateTo: string;
}

/** The transaction types' names, for the filter and the table's badges. */
export const TRANSACTION_TYPE_LABELS: Record<AdminTransactionType, MessageDescriptor> = {
  purchase: msg`Purchase`,
  bonus: msg`Bonus`,
  refund: msg`Refund`,
  usage: msg`Usage`,
  adjustment: msg`Adjustment`,
  reversal: msg`Payment reversed`,
  expiry: msg`Expired`,
  subscription: msg`Plan credits`,
  rollover: msg`Rolled over`,
  welcome: msg`Welcome credits`,
  code: msg`Code`,
  referral: msg`Referral`,
};

export const NO_FILTERS: HistoryFilters = { type: "", user: "", dateFrom: "", dateTo: "" };

export function hasFilters(f: HistoryFilters): boolean {
  return Boolean(f.type || f.user.trim() || f.dateFrom || f.dateTo);
}

/** The filters as the list and its CSV export read them. */
export function historyFilterParams(filters: HistoryFilters) {
  return { type: filters.type, user: filters.user.trim(), dateFrom: filters.dateFrom, dateTo: filters.dateTo };
}

/** One page: the first, or the one after `cursor` (a previous page's nextCursor, decision 0106). */
export function useAdminTransactions(filters: HistoryFilters, cursor: string | undefined) {
  const query = { ...historyFilterParams(filters), limit: HISTORY_PAGE_SIZE, cursor };
  return useQuery({
    queryKey: adminQueryKeys.transactions(query),
    queryFn: callQuery(adminTransactionsApi.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/video/{taskId}/refund: gives a usage row's credits back with a reason, once (a repeat is a 409). */
export function useRefund() {
  return useMutation({
    mutationFn: ({ taskId, reason, part }: { taskId: string; reason: string; part: "video" | "4k" }) =>
      call(adminTransactionsApi.refundVideo, { params: { taskId }, body: { reason, part } }),
    onSuccess: ({ amount }) => {
      toast({
        title: t`Refund Processed`,
        description: plural(amount, {
          one: "Refunded # credit to user successfully",
          other: "Refunded # credits to user successfully",
        }),
      });
    },
    onError: (error) => toast({ title: t`Refund Failed`, description: errorMessage(error), variant: "destructive" }),
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: underPath(adminQueryKeys.transactionsPath) });
      // The admin may have refunded their own video.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
