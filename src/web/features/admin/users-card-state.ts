import { useCallback, useMemo } from "react";
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
