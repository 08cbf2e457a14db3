/** The outbox on /admin/mail (decision 0085): filters in the address, newest first, a message opened in a dialog. */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MailSummary } from "../../../../shared/schemas/admin-mail";
import { Badge } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { LoadOlderButton } from "@/features/admin/cursor-pager";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useMailPages, type MailStatusFilter } from "./mail-api";
import { mailKindLabel, mailStatusLabel } from "./mail-labels";
import { MailMessageDialog } from "./mail-message-dialog";

const STATUS_BADGE: Record<MailStatusFilter, "default" | "success" | "destructive" | "warning"> = {
  pending: "warning",
  sent: "success",
  failed: "destructive",
  kept: "default",
};

/** When, To, Subject (opens the message), Kind, Status. */
function useMailColumns(onOpen: (m: MailSummary) => void): DataTableColumn<MailSummary>[] {
  const { t } = useLingui();
  return [
    {
      header: t`When`,
      className: "whitespace-nowrap text-muted-foreground tabular-nums",
      cell: (m) => <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>,
    },
    { header: t`To`, className: "break-all", cell: (m) => m.toAddress },
    {
      header: t`Subject`,
      cell: (m) => (
        <>
          <button
            type="button"
            onClick={() => onOpen(m)}
            className="rounded text-left text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {m.subject}
          </button>
          {m.lastError ? <span className="mt-1 block text-xs text-red-300">{m.lastError}</span> : null}
        </>
      ),
    },
    { header: t`Kind`, cell: (m) => mailKindLabel(m.kind) },
    {
      header: t`Status`,
      cell: (m) => <Badge variant={STATUS_BADGE[m.status]}>{mailStatusLabel(m.status)}</Badge>,
    },
  ];
}

export function MailList({ status, to }: { status?: MailStatusFilter; to?: string }) {
  const { t } = useLingui();
  const query = useMailPages({ status, to });
  const [open, setOpen] = useState<MailSummary>();
  const columns = useMailColumns(setOpen);
  const reason = query.isError ? errorMessage(query.error) : "";
  return (
    <>
      <DataTable
        caption={t`Mail, newest first`}
        columns={columns}
        rows={query.data?.pages.flatMap((p) => p.data) ?? []}
        rowKey={(m) => m.id}
        rowProps={() => ({ className: "align-top" })}
        tableClassName="min-w-[48rem]"
        loading={query.isPending ? t`Loading the mail` : undefined}
        error={
          query.isError && !query.data
            ? { message: <Trans>The mail could not be loaded: {reason}</Trans>, onRetry: () => void query.refetch() }
            : undefined
        }
        empty={<Trans>No mail matches these filters.</Trans>}
        footer={
          <LoadOlderButton
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoad={() => void query.fetchNextPage()}
          />
        }
      />
      {open ? <MailMessageDialog id={open.id} subject={open.subject} onClose={() => setOpen(undefined)} /> : null}
    </>
  );
}
