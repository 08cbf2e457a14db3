import { useCallback, useMemo } from "react";
import { useSearchParams } from "wouter";

type NavigateOptions = { replace?: boolean };

/**
 * A list's filters kept in the page's address, so a reload, a link or Back shows the same list.
 * A change is a patch merged into the address as it stands when the change is made (wouter hands
 * the updater the latest committed parameters), not into a copy an earlier render kept: a search
 * sent after a pause in typing and a status chosen in that moment both stay.
 */
export function useUrlFilters<F>(
  fromParams: (params: URLSearchParams) => F,
  toParams: (filters: F) => Record<string, string>,
): [F, (patch: Partial<F>, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => fromParams(params), [fromParams, params]);
  const setFilters = useCallback(
    (patch: Partial<F>, options?: NavigateOptions) =>
      setParams((current) => new URLSearchParams(toParams({ ...fromParams(current), ...patch })), options),
    [fromParams, toParams, setParams],
  );
  return [filters, setFilters];
}
