/**
 * Reading an admin log such as the audit log: its filters in the address and in its request
 * (days checked on the way in, blanks left out on the way out), and its pages, newest first.
 */
import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day ("YYYY-MM-DD") in the address parameter `name`, or "" when it is missing or malformed. */
export function dayParam(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? "";
  return DAY.test(value) ? value : "";
}

/** The filters as query parameters: each trimmed, the blank ones left out. */
export function filtersToQuery<Name extends string>(filters: Record<Name, string>): Partial<Record<Name, string>> {
  const query: Partial<Record<Name, string>> = {};
  for (const [name, value] of Object.entries(filters) as [Name, string][]) {
    if (value.trim()) query[name] = value.trim();
  }
  return query;
}

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
