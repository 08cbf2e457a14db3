import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { Button } from "./button";
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
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8" role="status" aria-label={t`Loading ${what}`}>
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    const reason = errorMessage(query.error);
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
        <p className="text-sm text-muted-foreground">
          <Trans>
            The {what} could not be loaded: {reason}
          </Trans>
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (query.data === undefined || noRows(query.data))
    return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return <>{children(query.data)}</>;
}
