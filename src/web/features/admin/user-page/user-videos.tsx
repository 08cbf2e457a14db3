import { useState } from "react";
import { ExternalLink } from "lucide-react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ADMIN_USER_VIDEOS_LIMIT, type AdminUserVideo } from "../../../../shared/schemas/admin-users";
import { modelLabel } from "../../../../shared/videos";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { SectionCard } from "@/components/ui/section-card";
import { formatCredits, formatDateTime, truncateText } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { QueryState } from "@/components/ui/query-state";
import { useUserVideos } from "./user-api";

const PROMPT_MAX = 60;
/** The column of the 1080p and 4K files: resolutions, the same in every language. */
const FILE_COLUMN = "1080p / 4K";

const STATUS: Record<AdminUserVideo["status"], { label: MessageDescriptor; variant: BadgeProps["variant"] }> = {
  generating: { label: msg`Generating`, variant: "default" },
  pending: { label: msg`Pending`, variant: "default" },
  completed: { label: msg`Completed`, variant: "success" },
  failed: { label: msg`Failed`, variant: "destructive" },
};

/** hd_status / uhd_status in words ("none" is a dash). */
const FILE_STATE: Partial<Record<string, MessageDescriptor>> = {
  held: msg`held`,
  requested: msg`requested`,
  pending: msg`in progress`,
  ready: msg`ready`,
  failed: msg`failed`,
};
function fileState(state: string): string {
  if (state === "none") return "—";
  const label = FILE_STATE[state];
  return label ? i18n._(label) : state;
}

function VideoLinks({ video }: { video: AdminUserVideo }) {
  const { t } = useLingui();
  const links = [
    { label: "720p", url: video.videoUrl },
    { label: "1080p", url: video.hdVideoUrl },
    { label: "4K", url: video.uhdVideoUrl },
  ].filter((l): l is { label: string; url: string } => Boolean(l.url));
  if (links.length === 0) return <span className="text-muted-foreground">—</span>;
  const when = formatDateTime(video.createdAt);
  return (
    <div className="flex flex-wrap gap-2">
      {links.map(({ label, url }) => (
        <a
          key={label}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t`${label} of the video made ${when} (opens in a new tab)`}
          className="inline-flex items-center gap-1 rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {label}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ))}
    </div>
  );
}

/** The user's videos, newest first, 20 a page, deleted ones marked; links are signed for a day. */
export function UserVideosCard({ userId }: { userId: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const query = useUserVideos(userId, page);
  const columns: DataTableColumn<AdminUserVideo>[] = [
    {
      header: t`Created`,
      className: "whitespace-nowrap text-muted-foreground tabular-nums",
      cell: (v) => formatDateTime(v.createdAt),
    },
    {
      header: t`Prompt`,
      className: "max-w-[18rem]",
      cell: (v) => (
        <>
          <span className="block break-words" title={v.prompt}>
            {truncateText(v.prompt, PROMPT_MAX)}
          </span>
          {v.errorMessage ? (
            <span className="mt-1 block text-xs text-red-300">{truncateText(v.errorMessage, PROMPT_MAX)}</span>
          ) : null}
        </>
      ),
    },
    {
      header: t`Model`,
      className: "whitespace-nowrap",
      cell: (v) => (
        <>
          {modelLabel(v.model)}
          {v.createdVia === "api" ? (
            <Badge variant="secondary" className="ml-2">
              API
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      header: t`Status`,
      cell: (v) => {
        const status = STATUS[v.status];
        const deletedAt = formatDateTime(v.deletedAt);
        return (
          <div className="flex flex-wrap gap-1">
            <Badge variant={status.variant}>{t(status.label)}</Badge>
            {v.deletedAt ? (
              <Badge variant="warning" title={t`Deleted ${deletedAt}`}>
                <Trans>deleted</Trans>
              </Badge>
            ) : null}
            {v.videoExpired && !v.deletedAt ? (
              <Badge variant="secondary">
                <Trans>expired</Trans>
              </Badge>
            ) : null}
          </div>
        );
      },
    },
    {
      header: FILE_COLUMN,
      className: "whitespace-nowrap text-xs",
      cell: (v) => {
        const hd = fileState(v.hdStatus);
        const uhd = fileState(v.uhdStatus);
        return (
          <>
            <span className="block">
              <Trans>1080p: {hd}</Trans>
            </span>
            <span className="block">
              <Trans>4K: {uhd}</Trans>
            </span>
          </>
        );
      },
    },
    {
      header: t`Credits`,
      className: "whitespace-nowrap tabular-nums",
      cell: (v) => (
        <>
          {formatCredits(v.creditsUsed)}
          {v.refunded ? (
            <Badge variant="secondary" className="ml-2">
              <Trans>refunded</Trans>
            </Badge>
          ) : null}
        </>
      ),
    },
    { header: t`Links`, cell: (v) => <VideoLinks video={v} /> },
  ];
  return (
    <SectionCard id="user-videos-title" title={t`Videos`}>
      <QueryState query={query} what={t`videos`} empty={t`No videos yet.`}>
        {({ data, total }) => (
          <DataTable
            caption={t`The user's videos, newest first`}
            label={t`Videos`}
            columns={columns}
            rows={data}
            rowKey={(v) => v.id}
            rowProps={() => ({ className: "align-top" })}
            className={query.isPlaceholderData ? "opacity-60" : undefined}
            tableClassName="min-w-[60rem]"
            pagination={{
              label: t`Video pages`,
              page,
              pageCount: Math.max(1, Math.ceil(total / ADMIN_USER_VIDEOS_LIMIT)),
              onPageChange: setPage,
            }}
          />
        )}
      </QueryState>
    </SectionCard>
  );
}
