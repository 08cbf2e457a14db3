/** The /history page's calls: every user's transactions (filtered, paged) and refunds of usage rows. */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
  ADMIN_TRANSACTIONS_DEFAULT_LIMIT,
  type AdminTransactionsPage,
  type AdminTransactionType,
} from "../../../shared/admin-transactions";
import { apiJson, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

export const HISTORY_PAGE_SIZE = ADMIN_TRANSACTIONS_DEFAULT_LIMIT;
const TRANSACTIONS_URL = "/api/admin/transactions";

export interface HistoryFilters {
  type: AdminTransactionType | "";
  user: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_FILTERS: HistoryFilters = { type: "", user: "", dateFrom: "", dateTo: "" };

export function hasFilters(f: HistoryFilters): boolean {
  return Boolean(f.type || f.user.trim() || f.dateFrom || f.dateTo);
}

function transactionsUrl(filters: HistoryFilters, page: number): string {
  const params = new URLSearchParams({ page: String(page), limit: String(HISTORY_PAGE_SIZE) });
  if (filters.type) params.set("type", filters.type);
  if (filters.user.trim()) params.set("user", filters.user.trim());
  if (filters.dateFrom) params.set("dateFrom", filters.dateFrom);
  if (filters.dateTo) params.set("dateTo", filters.dateTo);
  return `${TRANSACTIONS_URL}?${params}`;
}

export function useAdminTransactions(filters: HistoryFilters, page: number) {
  return useQuery<AdminTransactionsPage>({
    queryKey: [transactionsUrl(filters, page)],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/video/{taskId}/refund: gives a usage row's credits back, once (a repeat is a 409). */
export function useRefund() {
  return useMutation({
    mutationFn: (taskId: string) => apiJson<{ amount: number }>("POST", `/api/video/${encodeURIComponent(taskId)}/refund`, {}),
    onSuccess: ({ amount }) => {
      toast({ title: "Refund Processed", description: `Refunded ${amount} credits to user successfully` });
    },
    onError: (error) => toast({ title: "Refund Failed", description: errorMessage(error), variant: "destructive" }),
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(TRANSACTIONS_URL) });
      // The admin may have refunded their own video.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
