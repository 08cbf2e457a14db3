import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { EmptyState, ErrorState, LoadingState } from "./list-states";
import { errorMessage } from "@/lib/api";

const noRows = (data: unknown) => (Array.isArray(data) ? data.length === 0 : (data as { total?: number }).total === 0);

/**
 * Loading, error (with retry) and empty states around a list: an array, or a page `{data, total}`.
 * `what` names the list in the active language, lower case ("packages"): it fills "Loading {what}"
 * and "The {what} could not be loaded"; `empty` is a whole sentence, also translated by the caller.
 */
export function QueryState<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  if (query.isPending) return <LoadingState label={t`Loading ${what}`} />;
  if (query.isError && !query.data) {
    const reason = errorMessage(query.error);
    return (
      <ErrorState
        message={
          <Trans>
            The {what} could not be loaded: {reason}
          </Trans>
        }
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data === undefined || noRows(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
