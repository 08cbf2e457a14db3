/** A showcase video's thumbnail and facts (prompt, model, ratio, owner, date), shown in both lists. */
import { Trans } from "@lingui/react/macro";
import type { ShowcaseCandidate } from "../../../../shared/schemas/showcase";
import { Badge } from "@/components/ui/badge";
import { modelLabel } from "@/lib/catalogue-text";
import { formatDateTime, truncateText } from "@/lib/format";
import { sameSiteUrl } from "@/lib/media-url";

export function Thumbnail({ video }: { video: ShowcaseCandidate }) {
  return (
    <video
      src={sameSiteUrl(video.videoUrl)}
      poster={sameSiteUrl(video.posterUrl) ?? undefined}
      aria-hidden="true"
      tabIndex={-1}
      className="aspect-video w-28 shrink-0 rounded-md bg-zinc-900 object-cover sm:w-36"
      preload="metadata"
      muted
      playsInline
    />
  );
}

export function VideoFacts({ video }: { video: ShowcaseCandidate }) {
  const owner = video.owner;
  const made = formatDateTime(video.createdAt);
  return (
    <div className="min-w-0 flex-1 space-y-1.5">
      <p className="break-words text-sm text-zinc-200">
        {video.prompt ? (
          truncateText(video.prompt, 140)
        ) : (
          <span className="italic text-muted-foreground">
            <Trans>Prompt hidden by its owner: it is never shown.</Trans>
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <Badge variant="secondary">{modelLabel(video.model)}</Badge>
        <Badge variant="secondary">{video.aspectRatio}</Badge>
        {video.ownVideo ? (
          <Badge>
            <Trans>Your video</Trans>
          </Badge>
        ) : (
          <Badge variant="success">
            <Trans>Shared by {owner}</Trans>
          </Badge>
        )}
        <span>{made}</span>
      </div>
    </div>
  );
}
