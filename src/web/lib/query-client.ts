import { QueryClient } from "@tanstack/react-query";

/**
 * Spec section 7: nothing goes stale, no refetch on window focus, no retries; 401 is an error.
 * No default query function: every query reads its URL with its shared schema (schemaQueryFn).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
