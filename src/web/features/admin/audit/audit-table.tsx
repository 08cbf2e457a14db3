import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AuditEntryView } from "../../../../shared/schemas/admin-audit";
import { Badge } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { LoadOlderButton } from "@/features/admin/cursor-pager";
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

function Details({ details, action }: { details: Record<string, unknown>; action: string }) {
  const lines = detailLines(details, action);
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
function useAuditColumns(): DataTableColumn<AuditEntryView>[] {
  const { t } = useLingui();
  return [
    {
      header: t`When`,
      className: "whitespace-nowrap text-muted-foreground tabular-nums",
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
    },
    { header: t`Admin`, className: "font-medium", cell: (entry) => entry.adminUsername },
    {
      header: t`Address`,
      className: "whitespace-nowrap font-mono text-xs text-muted-foreground",
      cell: (entry) => entry.ip ?? "—",
    },
    { header: t`Action`, cell: (entry) => <Badge variant="secondary">{auditActionLabel(entry.action)}</Badge> },
    { header: t`Target`, cell: (entry) => <Target entry={entry} /> },
    { header: t`Details`, cell: (entry) => <Details details={entry.details} action={entry.action} /> },
  ];
}

/** The log with these filters: loading, error (with retry), empty, the table and "Load older". */
export function AuditList({ filters, caption, empty }: { filters: AuditFilters; caption: string; empty: string }) {
  const { t } = useLingui();
  const query = useAuditLog(filters);
  const columns = useAuditColumns();
  const reason = query.isError ? errorMessage(query.error) : "";
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={query.data?.pages.flatMap((p) => p.data) ?? []}
      rowKey={(entry) => entry.id}
      rowProps={() => ({ className: "align-top" })}
      tableClassName="min-w-[56rem]"
      loading={query.isPending ? t`Loading the audit log` : undefined}
      error={
        query.isError && !query.data
          ? { message: <Trans>The audit log could not be loaded: {reason}</Trans>, onRetry: () => void query.refetch() }
          : undefined
      }
      empty={empty}
      footer={
        <LoadOlderButton
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
        />
      }
    />
  );
}
