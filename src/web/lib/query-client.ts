import { QueryClient } from "@tanstack/react-query";
import { UnexpectedResponseError } from "./api";

/**
 * Query defaults: nothing goes stale, no refetch on window focus, no retries; 401 is an error.
 * No default query function: every query reads its URL with its shared schema (schemaQueryFn).
 * An answer that does not fit it goes to the area's error boundary, which offers Reload.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      // An answer this page's code does not understand: its area offers Reload (error-boundaries.tsx).
      throwOnError: (error) => error instanceof UnexpectedResponseError,
    },
    mutations: {
      retry: false,
    },
  },
});
