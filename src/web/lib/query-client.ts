import { QueryClient } from "@tanstack/react-query";
import { isServiceOutage, UnexpectedResponseError } from "./api";

/** While the server's database is briefly away, a read is tried again this often, this many times (about a minute). */
const OUTAGE_RETRY_MS = 5_000;
const OUTAGE_RETRIES = 12;

/**
 * Query defaults: nothing goes stale, no refetch on window focus, no retries but during a brief
 * outage (decision 0057: the shell's banner says so meanwhile); 401 is an error.
 * No default query function: every query reads its URL with its shared schema (schemaQueryFn).
 * An answer that does not fit it goes to the area's error boundary, which offers Reload.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: (failures, error) => isServiceOutage(error) && failures < OUTAGE_RETRIES,
      retryDelay: OUTAGE_RETRY_MS,
      // An answer this page's code does not understand: its area offers Reload (error-boundaries.tsx).
      throwOnError: (error) => error instanceof UnexpectedResponseError,
    },
    mutations: {
      retry: false,
    },
  },
});
