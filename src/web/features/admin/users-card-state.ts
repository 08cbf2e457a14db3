import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import { filtersFromParams, filtersToParams, type UserFilters } from "./users-api";

/** The filters live in the address (reload and Back keep them); the search box writes there 300 ms after typing stops. */
export function useUrlFilters(): [UserFilters, (next: UserFilters, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: UserFilters, options?: { replace?: boolean }) => setParams(filtersToParams(next), options),
    [setParams],
  );
  return [filters, setFilters];
}

/**
 * Which page of these filters is shown: for each page after the first, its cursor (from the Link
 * header) and the number of its first row, so Previous goes back one and the count stays right.
 */
export function useCursorStack(filters: UserFilters) {
  const key = JSON.stringify(filtersToParams(filters));
  const [stack, setStack] = useState<{ key: string; pages: { cursor: string; first: number }[] }>({ key, pages: [] });
  // Other filters start again at their first page (and Back to these does too).
  if (stack.key !== key) setStack({ key, pages: [] });
  const pages = stack.key === key ? stack.pages : [];
  const top = pages.at(-1);
  return {
    cursor: top?.cursor,
    first: top?.first ?? 1,
    hasPrevious: pages.length > 0,
    next: (cursor: string, first: number) => setStack({ key, pages: [...pages, { cursor, first }] }),
    previous: () => setStack({ key, pages: pages.slice(0, -1) }),
  };
}
