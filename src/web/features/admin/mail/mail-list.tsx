/** The outbox on /admin/mail (decision 0085): filters in the address, newest first, a message opened in a dialog. */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown, LoaderCircle, RefreshCw } from "lucide-react";
import type { MailSummary } from "../../../../shared/schemas/admin-mail";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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

function MailTable({ messages, onOpen }: { messages: MailSummary[]; onOpen: (m: MailSummary) => void }) {
  const { t } = useLingui();
  const caption = t`Mail, newest first`;
  const headers = [t`When`, t`To`, t`Subject`, t`Kind`, t`Status`];
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full min-w-[48rem] text-left text-sm">
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
          {messages.map((m) => (
            <tr key={m.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground tabular-nums">
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </td>
              <td className="break-all px-4 py-3">{m.toAddress}</td>
              <td className="px-4 py-3">
                <button
                  type="button"
                  onClick={() => onOpen(m)}
                  className="rounded text-left text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {m.subject}
                </button>
                {m.lastError ? <span className="mt-1 block text-xs text-red-300">{m.lastError}</span> : null}
              </td>
              <td className="px-4 py-3">{mailKindLabel(m.kind)}</td>
              <td className="px-4 py-3">
                <Badge variant={STATUS_BADGE[m.status]}>{mailStatusLabel(m.status)}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MailList({ status, to }: { status?: MailStatusFilter; to?: string }) {
  const { t } = useLingui();
  const query = useMailPages({ status, to });
  const [open, setOpen] = useState<MailSummary>();
  if (query.isPending)
    return (
      <div className="flex justify-center py-8" role="status" aria-label={t`Loading the mail`}>
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  if (query.isError && !query.data) {
    const reason = errorMessage(query.error);
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
        <p className="text-sm text-muted-foreground">
          <Trans>The mail could not be loaded: {reason}</Trans>
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const messages = query.data.pages.flatMap((p) => p.data);
  if (messages.length === 0)
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        <Trans>No mail matches these filters.</Trans>
      </p>
    );
  return (
    <div className="grid gap-4">
      <MailTable messages={messages} onOpen={setOpen} />
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
      {open ? <MailMessageDialog id={open.id} subject={open.subject} onClose={() => setOpen(undefined)} /> : null}
    </div>
  );
}
