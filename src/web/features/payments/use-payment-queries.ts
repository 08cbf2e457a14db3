/** The reads of the pricing and purchase pages (with the routes' schemas, decision 0040), and the refresh after a purchase. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { transactionsPageSchema, userStatsSchema } from "../../../shared/schemas/account";
import { creditPackageListSchema, paymentMethodsSchema } from "../../../shared/schemas/packages";
import { schemaQueryFn } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";
import { fallbackPackages, toDisplayPackages, type DisplayPackage } from "./packages";

/** Reads a query's URL (its key) with the route's schema; signed out is an error here, never null. */
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

/** GET /api/credit-packages (public): the packages, the fallback when it fails, or none yet. */
export function useCreditPackages(): PackagesView {
  const query = useQuery({
    queryKey: queryKeys.payments.packages,
    queryFn: schemaQueryFn(creditPackageListSchema, queryKeys.payments.packages[0]),
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

/** GET /api/settings/payment-methods (public). Asked again whenever a payment dialog opens. */
export function usePaymentMethods(enabled = true) {
  return useQuery({
    queryKey: queryKeys.payments.methods,
    queryFn: schemaQueryFn(paymentMethodsSchema, queryKeys.payments.methods[0]),
    enabled,
    staleTime: 0,
  });
}

/** GET /api/user/stats: fresh on every visit (videos and purchases change it elsewhere). */
export function useUserStats(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.stats,
    queryFn: schemaQueryFn(userStatsSchema, queryKeys.payments.stats[0]),
    enabled,
    staleTime: 0,
  });
}

/** GET /api/transactions?page= (50 a page, newest first). */
export function useTransactions(page: number, enabled: boolean) {
  const queryKey = queryKeys.payments.transactions(page);
  return useQuery({
    queryKey,
    queryFn: schemaQueryFn(transactionsPageSchema, queryKey[0]),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
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
