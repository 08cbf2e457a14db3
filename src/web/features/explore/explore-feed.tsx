import type { ReactNode } from "react";
import { Link } from "wouter";
import { Compass, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { errorMessage } from "@/lib/api";
import { useExploreFeed } from "./explore-api";
import { ExploreCard } from "./explore-card";
import type { ExploreFilters } from "./explore-filters";

/** A sentence where the grid would be: nothing published yet, nothing matching, or Explore turned off. */
function FeedNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border px-6 py-14 text-center">
      <Compass className="size-8 text-violet-300/80" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
    </div>
  );
}

/**
 * The feed's grid: 24 videos a page, Load more follows the server's cursor (decision 0165); one
 * column on a phone, up to four on a wide screen.
 */
export function ExploreFeed({
  filters,
  filtered,
  onReport,
}: {
  filters: ExploreFilters;
  /** A model or shape is chosen: an empty feed says so. */
  filtered: boolean;
  onReport: (id: string) => void;
}) {
  const { t } = useLingui();
  const feed = useExploreFeed(filters);
  if (feed.isPending) return <LoadingState label={t`Loading Explore`} className="py-16" />;
  // A failed Load more keeps the videos already shown (the query is in error with its data).
  if (!feed.data)
    return <ErrorState message={errorMessage(feed.error)} onRetry={() => void feed.refetch()} className="py-16" />;
  const first = feed.data.pages[0];
  if (first && !first.enabled) {
    return (
      <FeedNotice title={t`Explore is off`}>
        <Trans>The site's owner has turned Explore off for now, so no videos are shown here.</Trans>
      </FeedNotice>
    );
  }
  const videos = feed.data.pages.flatMap((page) => page.videos);
  if (videos.length === 0) {
    return filtered ? (
      <FeedNotice title={t`No videos match`}>
        <Trans>No published video has this model and shape yet. Choose another, or see them all.</Trans>
      </FeedNotice>
    ) : (
      <FeedNotice title={t`Nothing here yet`}>
        <Trans>
          No one has published a video to Explore yet. Make one and choose "Public in Explore" in its details to be the
          first.
        </Trans>
        <Button asChild className="mt-4">
          <Link href="/generate">
            <Trans>Create a video</Trans>
          </Link>
        </Button>
      </FeedNotice>
    );
  }
  return (
    <>
      <ul
        aria-label={t`Published videos`}
        className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {videos.map((video) => (
          <ExploreCard key={video.id} video={video} onReport={onReport} />
        ))}
      </ul>
      {feed.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
            {feed.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            <Trans>Load more</Trans>
          </Button>
        </div>
      ) : null}
      {feed.isError ? (
        <ErrorState message={errorMessage(feed.error)} onRetry={() => void feed.fetchNextPage()} className="mt-4" />
      ) : null}
    </>
  );
}
