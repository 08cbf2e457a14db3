import { ChevronDown, LoaderCircle, RefreshCw } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AuditEntryView } from "../../../../shared/schemas/admin-audit";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useAuditLog, type AuditFilters } from "./audit-api";
import { detailLines } from "./audit-details";
import { auditActionLabel, targetTypeLabel } from "./audit-labels";

const linkClassName =
  "rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function Target({ entry }: { entry: AuditEntryView }) {
  const { t } = useLingui();
  if (!entry.targetType && !entry.targetId) return <span className="text-muted-foreground">—</span>;
  const type = entry.targetType ? targetTypeLabel(entry.targetType) : undefined;
  const label = entry.targetLabel ?? (entry.targetType === "settings" ? undefined : entry.targetId);
  if (entry.targetType === "user" && entry.targetId) {
    return (
      <Link href={`/admin/users/${entry.targetId}`} className={linkClassName}>
        {label ?? t`User`}
      </Link>
    );
  }
  return (
    <>
      <span className="block break-all">{label ?? type}</span>
      {label && type ? <span className="block text-xs text-muted-foreground">{type}</span> : null}
    </>
  );
}

function Details({ details }: { details: Record<string, unknown> }) {
  const lines = detailLines(details);
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5">
      {lines.map((line, i) => (
        <li key={i} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** When, Admin, Address, Action, Target, Details: one row per entry, newest first. */
function AuditTable({ entries, caption }: { entries: AuditEntryView[]; caption: string }) {
  const { t } = useLingui();
  const headers = [t`When`, t`Admin`, t`Address`, t`Action`, t`Target`, t`Details`];
  return (
    // A region the keyboard can reach: on a phone it scrolls sideways and holds nothing focusable.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground tabular-nums">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className="px-4 py-3 font-medium">{entry.adminUsername}</td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-muted-foreground">{entry.ip ?? "—"}</td>
              <td className="px-4 py-3">
                <Badge variant="secondary">{auditActionLabel(entry.action)}</Badge>
              </td>
              <td className="px-4 py-3">
                <Target entry={entry} />
              </td>
              <td className="px-4 py-3">
                <Details details={entry.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The log with these filters: loading, error (with retry), empty, the table and "Load older". */
export function AuditList({ filters, caption, empty }: { filters: AuditFilters; caption: string; empty: string }) {
  const { t } = useLingui();
  const query = useAuditLog(filters);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8" role="status" aria-label={t`Loading the audit log`}>
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    const reason = errorMessage(query.error);
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
        <p className="text-sm text-muted-foreground">
          <Trans>The audit log could not be loaded: {reason}</Trans>
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const entries = query.data.pages.flatMap((p) => p.data);
  if (entries.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-4">
      <AuditTable entries={entries} caption={caption} />
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="sm"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <ChevronDown aria-hidden="true" />
            )}
            <Trans>Load older</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
