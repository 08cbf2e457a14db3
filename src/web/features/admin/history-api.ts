/** The /history page's calls: every user's transactions (filtered, paged) and refunds of usage rows. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
  ADMIN_TRANSACTIONS_DEFAULT_LIMIT,
  adminTransactionsPageSchema,
  type AdminTransactionType,
} from "../../../shared/admin-transactions";
import { refundResultSchema } from "../../../shared/schemas/videos";
import { apiCall, errorMessage, schemaQueryFn } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

export const HISTORY_PAGE_SIZE = ADMIN_TRANSACTIONS_DEFAULT_LIMIT;

export interface HistoryFilters {
  type: AdminTransactionType | "";
  user: string;
  dateFrom: string;
  dateTo: string;
}

/** The transaction types' names, for the filter and the table's badges. */
export const TRANSACTION_TYPE_LABELS: Record<AdminTransactionType, MessageDescriptor> = {
  purchase: msg`Purchase`,
  refund: msg`Refund`,
  usage: msg`Usage`,
  adjustment: msg`Adjustment`,
};

export const NO_FILTERS: HistoryFilters = { type: "", user: "", dateFrom: "", dateTo: "" };

export function hasFilters(f: HistoryFilters): boolean {
  return Boolean(f.type || f.user.trim() || f.dateFrom || f.dateTo);
}

export function useAdminTransactions(filters: HistoryFilters, page: number) {
  const queryKey = queryKeys.admin.transactions({
    page,
    limit: HISTORY_PAGE_SIZE,
    type: filters.type,
    user: filters.user.trim(),
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
  });
  return useQuery({
    queryKey,
    queryFn: schemaQueryFn(adminTransactionsPageSchema, queryKey[0]),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/video/{taskId}/refund: gives a usage row's credits back, once (a repeat is a 409). */
export function useRefund() {
  return useMutation({
    mutationFn: (taskId: string) =>
      apiCall(refundResultSchema, "POST", `/api/video/${encodeURIComponent(taskId)}/refund`, {}),
    onSuccess: ({ amount }) => {
      toast({ title: t`Refund Processed`, description: t`Refunded ${amount} credits to user successfully` });
    },
    onError: (error) => toast({ title: t`Refund Failed`, description: errorMessage(error), variant: "destructive" }),
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: underPath(queryKeys.admin.transactionsPath) });
      // The admin may have refunded their own video.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
