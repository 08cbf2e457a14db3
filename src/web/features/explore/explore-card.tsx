import { Link } from "wouter";
import { Flag, Repeat2, Star } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ExploreVideo } from "../../../shared/schemas/explore";
import { Button } from "@/components/ui/button";
import { modelLabel } from "@/lib/catalogue-text";
import { ExplorePreview } from "./explore-preview";
import { remixCountText, shapeText } from "./explore-words";

/** The generator filled with this video's prompt, model and options (decision 0165). */
const remixHref = (id: string) => `/generate?remix=${encodeURIComponent(id)}`;

/** The video's own page, rendered by the server (share page): prompt, model, options and Remix. */
const videoPageHref = (id: string) => `/v/${encodeURIComponent(id)}`;

/**
 * One published video of the feed: its poster (playing on hover, focus or its button), the prompt
 * (or a word that its creator keeps it), model, shape and remixes; the title opens the video's page,
 * Remix the generator, Report the report dialog.
 */
export function ExploreCard({ video, onReport }: { video: ExploreVideo; onReport: (id: string) => void }) {
  const { t } = useLingui();
  const model = modelLabel(video.model);
  const title = video.prompt ?? t`A video made with ${model}`;
  const titleId = `explore-${video.id}`;
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface/60 shadow-lg shadow-black/20"
      >
        <ExplorePreview video={video} label={title} />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <h3 id={titleId} className="line-clamp-2 text-sm font-medium text-zinc-100">
            <a
              href={videoPageHref(video.id)}
              className="rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {title}
            </a>
          </h3>
          {video.prompt === null ? (
            <p className="-mt-2 text-xs italic text-muted-foreground">
              <Trans>Its creator keeps the prompt private.</Trans>
            </p>
          ) : null}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            {video.featured ? (
              <span className="inline-flex items-center gap-1 text-amber-200">
                <Star className="size-3.5 fill-amber-200" aria-hidden="true" />
                <Trans>Featured</Trans>
              </span>
            ) : null}
            <span>{model}</span>
            <span aria-hidden="true">·</span>
            <span>{shapeText(video.aspectRatio)}</span>
            <span aria-hidden="true">·</span>
            <span data-testid="remix-count">{remixCountText(video.remixCount)}</span>
          </p>
          <div className="mt-auto flex items-center gap-2">
            <Button asChild size="sm" className="flex-1">
              <Link href={remixHref(video.id)} aria-label={t`Remix: ${title}`}>
                <Repeat2 aria-hidden="true" />
                <Trans>Remix</Trans>
              </Link>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t`Report: ${title}`}
              title={t`Report this video`}
              onClick={() => onReport(video.id)}
            >
              <Flag aria-hidden="true" />
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}
