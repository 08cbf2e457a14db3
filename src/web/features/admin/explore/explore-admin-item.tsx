import { Star } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AdminExploreVideo } from "../../../../shared/schemas/explore";
import { Badge } from "@/components/ui/badge";
import { modelLabel } from "@/lib/catalogue-text";
import { formatDateTime } from "@/lib/format";
import { sameSiteUrl } from "@/lib/media-url";
import { ExploreAdminActions } from "./explore-admin-actions";
import { ExploreAdminReports } from "./explore-admin-reports";
import { STATUS_LABELS } from "./explore-admin-words";

const STATUS_BADGE = { pending: "warning", listed: "success", hidden: "destructive" } as const;

/** One video of the admin's Explore tab: its player (nothing loads until played), who made it, the prompt, reports and actions. */
export function ExploreAdminItem({ video }: { video: AdminExploreVideo }) {
  const { t } = useLingui();
  const model = modelLabel(video.model);
  const owner = video.owner;
  const published = video.publishedAt ? formatDateTime(video.publishedAt) : null;
  return (
    <li>
      <article
        aria-label={t`Video by ${owner}`}
        className="grid gap-4 rounded-xl border border-border bg-surface/60 p-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]"
      >
        <video
          src={sameSiteUrl(video.videoUrl)}
          poster={sameSiteUrl(video.posterUrl) ?? undefined}
          preload="none"
          controls
          muted
          playsInline
          aria-label={t`Play the video by ${owner}`}
          className="aspect-video w-full rounded-lg bg-black object-contain"
        />
        <div className="grid min-w-0 content-start gap-3">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={STATUS_BADGE[video.status]}>{t(STATUS_LABELS[video.status])}</Badge>
            {video.featured ? (
              <Badge variant="default">
                <Star className="size-3 fill-current" aria-hidden="true" />
                <Trans>Featured</Trans>
              </Badge>
            ) : null}
            <span className="text-muted-foreground">
              <Trans>
                by{" "}
                <Link
                  href={`/admin/users?q=${encodeURIComponent(video.owner)}`}
                  className="underline underline-offset-4"
                >
                  {owner}
                </Link>
              </Trans>
            </span>
          </p>
          <p className="text-sm [overflow-wrap:anywhere]">{video.prompt}</p>
          {video.promptHidden ? (
            <p className="-mt-2 text-xs text-muted-foreground">
              <Trans>Its owner hides this prompt from visitors.</Trans>
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {model} · {video.aspectRatio} · {plural(video.remixCount, { one: "# remix", other: "# remixes" })}
            {published ? <> · {t`published ${published}`}</> : null}
            {video.shareId ? (
              <>
                {" · "}
                <a href={`/v/${encodeURIComponent(video.shareId)}`} className="underline underline-offset-4">
                  <Trans>its page</Trans>
                </a>
              </>
            ) : null}
          </p>
          <ExploreAdminReports video={video} />
          <ExploreAdminActions video={video} />
        </div>
      </article>
    </li>
  );
}
