/** The moderation log on /admin/moderation (decision 0089): newest first, each entry with its person, what was screened, and Mark reviewed. */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { ModerationEventView } from "../../../../shared/schemas/moderation";
import { Badge } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { LoadOlderButton } from "@/features/admin/cursor-pager";
import { useModerationLog, type ModerationFilters } from "./moderation-api";
import { Review, Screened } from "./moderation-entry-cells";
import { linkClassName } from "./moderation-link";
import { DECISION_LABELS, labelOf, OUTCOME_LABELS, SCREENER_LABELS, SOURCE_LABELS } from "./moderation-labels";

const DECISION_BADGE: Record<string, "destructive" | "warning" | "default"> = {
  deny: "destructive",
  flag: "warning",
  unavailable: "default",
};

/** When (and source), Person, Screened, Screener, Decision (and outcome), Review. */
function useModerationColumns(): DataTableColumn<ModerationEventView>[] {
  const { t } = useLingui();
  return [
    {
      header: t`When`,
      className: "whitespace-nowrap text-muted-foreground tabular-nums",
      cell: (entry) => (
        <>
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          <span className="block text-xs">{labelOf(SOURCE_LABELS, entry.source)}</span>
        </>
      ),
    },
    {
      header: t`Person`,
      cell: (entry) =>
        entry.userId ? (
          <Link href={`/admin/users/${entry.userId}`} className={linkClassName}>
            {entry.username ?? t`User`}
          </Link>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { header: t`Screened`, className: "max-w-[28rem]", cell: (entry) => <Screened entry={entry} /> },
    {
      header: t`Screener`,
      cell: (entry) => (
        <>
          {labelOf(SCREENER_LABELS, entry.screener)}
          {entry.detail ? <span className="block break-all text-xs text-muted-foreground">{entry.detail}</span> : null}
        </>
      ),
    },
    {
      header: t`Decision`,
      cell: (entry) => (
        <>
          <Badge variant={DECISION_BADGE[entry.decision] ?? "default"}>
            {labelOf(DECISION_LABELS, entry.decision)}
          </Badge>
          <span className="mt-1 block text-xs text-muted-foreground">{labelOf(OUTCOME_LABELS, entry.outcome)}</span>
        </>
      ),
    },
    { header: t`Review`, cell: (entry) => <Review entry={entry} /> },
  ];
}

/** The log with these filters: loading, error (with retry), empty, the table and "Load older". */
export function ModerationList({ filters }: { filters: ModerationFilters }) {
  const { t } = useLingui();
  const query = useModerationLog(filters);
  const columns = useModerationColumns();
  const reason = query.isError ? errorMessage(query.error) : "";
  return (
    <DataTable
      caption={t`Screened prompts, newest first`}
      columns={columns}
      rows={query.data?.pages.flatMap((p) => p.data) ?? []}
      rowKey={(entry) => entry.id}
      rowProps={() => ({ className: "align-top" })}
      tableClassName="min-w-[60rem]"
      loading={query.isPending ? t`Loading the moderation log` : undefined}
      error={
        query.isError && !query.data
          ? {
              message: <Trans>The moderation log could not be loaded: {reason}</Trans>,
              onRetry: () => void query.refetch(),
            }
          : undefined
      }
      empty={<Trans>No screened prompts match these filters.</Trans>}
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
