import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";

/**
 * A log read a page at a time, newest first: each page names the cursor of the next
 * ("Load older"), none when it is the last. Always read afresh (staleTime 0).
 */
export function useCursorPages<Page extends { nextCursor?: string | null }>(
  queryKey: QueryKey,
  fetchPage: (cursor: string, signal: AbortSignal) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}
