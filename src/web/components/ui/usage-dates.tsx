import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@/lib/format";

/** When a credential began ("Created", "Connected") and when it was last used, as a small two-row list. */
export function UsageDates({
  startLabel,
  startedAt,
  lastUsed,
}: {
  startLabel: ReactNode;
  startedAt: string;
  lastUsed: string | null;
}) {
  const { t } = useLingui();
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs text-muted-foreground">
      <dt>{startLabel}</dt>
      <dd className="text-foreground">{formatDateTime(startedAt)}</dd>
      <dt>
        <Trans>Last used</Trans>
      </dt>
      <dd className="text-foreground">{lastUsed ? formatDateTime(lastUsed) : t`Never`}</dd>
    </dl>
  );
}
