import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/** Spec section 7: nothing goes stale, no refetch on window focus, no retries; 401 is an error. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
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
