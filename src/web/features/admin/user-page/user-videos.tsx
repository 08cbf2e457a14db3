import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ADMIN_USER_VIDEOS_LIMIT, type AdminUserVideo } from "../../../../shared/schemas/admin-users";
import { modelLabel } from "../../../../shared/videos";
import { Badge } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { SectionCard } from "@/components/ui/section-card";
import { formatCredits, formatDateTime, truncateText } from "@/lib/format";
import { QueryState } from "@/components/ui/query-state";
import { vendorLabel } from "@/features/admin/vendors/account-vendors";
import { useUserVideos } from "./user-api";
import { fileState, STATUS, VideoLinks } from "./user-video-cells";

const PROMPT_MAX = 60;
/** The column of the 1080p and 4K files: resolutions, the same in every language. */
const FILE_COLUMN = "1080p / 4K";

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
          {/* Who made it (decision 0175): Google only when KIE was down. */}
          <span className="block text-xs text-muted-foreground">{vendorLabel(v.vendor)}</span>
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
