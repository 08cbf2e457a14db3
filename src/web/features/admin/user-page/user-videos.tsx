import { useState } from "react";
import { ExternalLink } from "lucide-react";
import type { AdminUserVideo } from "../../../../shared/schemas/admin-users";
import { modelLabel } from "../../../../shared/videos";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Pagination } from "@/components/ui/pagination";
import { SectionCard } from "@/features/admin/admin-fields";
import { cn } from "@/lib/cn";
import { formatCredits, formatDateTime, truncateText } from "@/lib/format";
import { QueryState } from "@/features/admin/query-state";
import { cell, HeaderRow, tableWrap } from "./section-state";
import { USER_VIDEOS_PAGE_SIZE, useUserVideos } from "./user-api";

const PROMPT_MAX = 60;

const STATUS: Record<AdminUserVideo["status"], { label: string; variant: BadgeProps["variant"] }> = {
  generating: { label: "Generating", variant: "default" },
  pending: { label: "Pending", variant: "default" },
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
};

/** hd_status / uhd_status in words ("none" is a dash). */
const FILE_STATE: Record<string, string> = {
  none: "—",
  held: "held",
  requested: "requested",
  pending: "in progress",
  ready: "ready",
  failed: "failed",
};
const fileState = (state: string) => FILE_STATE[state] ?? state;

function VideoLinks({ video }: { video: AdminUserVideo }) {
  const links = [
    { label: "720p", url: video.videoUrl },
    { label: "1080p", url: video.hdVideoUrl },
    { label: "4K", url: video.uhdVideoUrl },
  ].filter((l): l is { label: string; url: string } => Boolean(l.url));
  if (links.length === 0) return <span className="text-muted-foreground">—</span>;
  const when = formatDateTime(video.createdAt);
  return (
    <div className="flex flex-wrap gap-2">
      {links.map((l) => (
        <a
          key={l.label}
          href={l.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${l.label} of the video made ${when} (opens in a new tab)`}
          className="inline-flex items-center gap-1 rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {l.label}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ))}
    </div>
  );
}

/** The user's videos, newest first, 20 a page, deleted ones marked; links are signed for a day. */
export function UserVideosCard({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useUserVideos(userId, page);
  return (
    <SectionCard id="user-videos-title" title="Videos">
      <QueryState query={query} what="videos" empty="No videos yet.">
        {({ data, total }) => (
          <>
            <div className={cn(tableWrap, query.isPlaceholderData && "opacity-60")}>
              <table className="w-full min-w-[60rem] text-left text-sm">
                <caption className="sr-only">The user's videos, newest first</caption>
                <HeaderRow columns={["Created", "Prompt", "Model", "Status", "1080p / 4K", "Credits", "Links"]} />
                <tbody className="divide-y divide-border">
                  {data.map((v) => {
                    const status = STATUS[v.status];
                    return (
                      <tr key={v.id} className="align-top">
                        <td className={cn(cell, "whitespace-nowrap text-muted-foreground tabular-nums")}>{formatDateTime(v.createdAt)}</td>
                        <td className={cn(cell, "max-w-[18rem]")}>
                          <span className="block break-words" title={v.prompt}>
                            {truncateText(v.prompt, PROMPT_MAX)}
                          </span>
                          {v.errorMessage ? <span className="mt-1 block text-xs text-red-300">{truncateText(v.errorMessage, PROMPT_MAX)}</span> : null}
                        </td>
                        <td className={cn(cell, "whitespace-nowrap")}>
                          {modelLabel(v.model)}
                          {v.createdVia === "api" ? (
                            <Badge variant="secondary" className="ml-2">
                              API
                            </Badge>
                          ) : null}
                        </td>
                        <td className={cell}>
                          <div className="flex flex-wrap gap-1">
                            <Badge variant={status.variant}>{status.label}</Badge>
                            {v.deletedAt ? (
                              <Badge variant="warning" title={`Deleted ${formatDateTime(v.deletedAt)}`}>
                                deleted
                              </Badge>
                            ) : null}
                            {v.videoExpired && !v.deletedAt ? <Badge variant="secondary">expired</Badge> : null}
                          </div>
                        </td>
                        <td className={cn(cell, "whitespace-nowrap text-xs")}>
                          <span className="block">1080p: {fileState(v.hdStatus)}</span>
                          <span className="block">4K: {fileState(v.uhdStatus)}</span>
                        </td>
                        <td className={cn(cell, "whitespace-nowrap tabular-nums")}>
                          {formatCredits(v.creditsUsed)}
                          {v.refunded ? (
                            <Badge variant="secondary" className="ml-2">
                              refunded
                            </Badge>
                          ) : null}
                        </td>
                        <td className={cell}>
                          <VideoLinks video={v} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pagination
              className="mt-4"
              label="Video pages"
              page={page}
              pageCount={Math.max(1, Math.ceil(total / USER_VIDEOS_PAGE_SIZE))}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}
