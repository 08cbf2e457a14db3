/** A user's video in words: its status badge, its 1080p and 4K files' states, and links to its files. */
import { ExternalLink } from "lucide-react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { AdminUserVideo } from "../../../../shared/schemas/admin-users";
import type { BadgeProps } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { i18n } from "@/lib/i18n";

export const STATUS: Record<AdminUserVideo["status"], { label: MessageDescriptor; variant: BadgeProps["variant"] }> = {
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
export function fileState(state: string): string {
  if (state === "none") return "—";
  const label = FILE_STATE[state];
  return label ? i18n._(label) : state;
}

export function VideoLinks({ video }: { video: AdminUserVideo }) {
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
