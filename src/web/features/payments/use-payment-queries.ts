/** The reads of the pricing and purchase pages (with the routes' schemas, decision 0040), and the refresh after a purchase. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { paymentsApi } from "../../../shared/api/payments";
import { ApiError, callQuery } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";
import { fallbackPackages, toDisplayPackages, type DisplayPackage } from "./packages";

export interface PackagesView {
  packages: readonly DisplayPackage[];
  /** True while the first answer is awaited (nothing to show yet). */
  loading: boolean;
  /** The list could not be loaded: the static fallback is shown, display only (decision 0016). */
  fallback: boolean;
  /** The server answered, with no active package: a fresh install (nothing to show or buy). */
  notSetUp: boolean;
  /** Asks again (after a failure). */
  retry: () => void;
  /** A retry is under way. */
  retrying: boolean;
}

/** The packages on sale (public): the packages, the fallback when it fails, or none yet. */
export function useCreditPackages(): PackagesView {
  const query = useQuery({
    queryKey: queryKeys.payments.packages,
    queryFn: callQuery(paymentsApi.packages),
    select: toDisplayPackages,
    staleTime: 60_000,
  });
  const retry = () => void query.refetch();
  const retrying = query.isFetching;
  if (query.isPending) return { packages: [], loading: true, fallback: false, notSetUp: false, retry, retrying };
  if (query.isError && !query.data)
    return { packages: fallbackPackages(), loading: false, fallback: true, notSetUp: false, retry, retrying };
  const loaded = query.data ?? [];
  return { packages: loaded, loading: false, fallback: false, notSetUp: loaded.length === 0, retry, retrying };
}

/** The payment providers offered (public). Asked again whenever a payment dialog opens. */
export function usePaymentMethods(enabled = true) {
  return useQuery({
    queryKey: queryKeys.payments.methods,
    queryFn: callQuery(paymentsApi.methods),
    enabled,
    staleTime: 0,
  });
}

/** The signed-in user's stats: fresh on every visit (videos and purchases change it elsewhere). */
export function useUserStats(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.payments.stats, queryFn: callQuery(paymentsApi.stats), enabled, staleTime: 0 });
}

/** A page of the signed-in user's transactions (50 a page, newest first). */
export function useTransactions(page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.transactions(page),
    queryFn: callQuery(paymentsApi.transactions, { query: { page } }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** A completed payment's receipt (decision 0086); the server answers 404 for anything else. */
export function useReceipt(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.receipt(orderId),
    queryFn: callQuery(paymentsApi.receipt, { params: { orderId } }),
    enabled,
    // A refund or dispute changes it; a receipt opened again shows what is true now.
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** After a purchase: balance, stats and history change (decision 0016). */
export function refreshAfterPurchase(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    queryClient.invalidateQueries({ queryKey: queryKeys.payments.stats }),
    queryClient.invalidateQueries({ predicate: underPath(queryKeys.payments.transactionsPath) }),
  ]);
}
