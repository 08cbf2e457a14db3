import { Trans, useLingui } from "@lingui/react/macro";
import { ADMIN_EXPLORE_FILTERS, type AdminExplorePage } from "../../../../shared/schemas/explore";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/list-states";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { errorMessage } from "@/lib/api";
import { CursorPager, useCursorStack } from "@/features/admin/cursor-pager";
import { useAdminExplore, type AdminExploreFilter } from "./explore-admin-api";
import { ExploreAdminItem } from "./explore-admin-item";
import { FILTER_LABELS } from "./explore-admin-words";

const MODE_WORDS = {
  off: <Trans>Explore is off: nothing can be published and the feed is empty.</Trans>,
  open: <Trans>Explore is open: a published video is listed once its prompt passes screening.</Trans>,
  approval: <Trans>Explore waits for approval: each published video appears once approved here.</Trans>,
} as const satisfies Record<AdminExplorePage["mode"], unknown>;

/** The filters with their counts, then one page of the chosen filter's videos and the pager. */
export function ExploreAdminList({
  filter,
  onFilter,
}: {
  filter: AdminExploreFilter;
  onFilter: (filter: AdminExploreFilter) => void;
}) {
  const { t } = useLingui();
  const pages = useCursorStack(filter);
  const list = useAdminExplore(filter, pages.cursor);
  const counts = list.data?.counts;
  return (
    <section className="grid gap-5" aria-label={t`Explore's videos`}>
      {list.data ? <p className="text-sm text-muted-foreground">{MODE_WORDS[list.data.mode]}</p> : null}
      <ToggleGroup
        type="single"
        aria-label={t`Show`}
        value={filter}
        onValueChange={(next: string) => next && onFilter(next as AdminExploreFilter)}
        className="grid-flow-row grid-cols-2 sm:grid-flow-col sm:grid-cols-none"
      >
        {ADMIN_EXPLORE_FILTERS.map((value) => (
          <ToggleGroupItem key={value} value={value}>
            {t(FILTER_LABELS[value])}
            {counts ? <span className="tabular-nums text-muted-foreground">{counts[value]}</span> : null}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
      {list.isPending ? (
        <LoadingState label={t`Loading Explore's videos`} />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.videos.length === 0 ? (
        <EmptyState>
          <Trans>No videos here.</Trans>
        </EmptyState>
      ) : (
        <ul className="grid gap-4" aria-label={t(FILTER_LABELS[filter])}>
          {list.data.videos.map((video) => (
            <ExploreAdminItem key={video.taskId} video={video} />
          ))}
        </ul>
      )}
      <CursorPager
        label={t`Pages of Explore's videos`}
        hasPrevious={pages.hasPrevious}
        nextCursor={list.data?.nextCursor ?? null}
        waiting={list.isPlaceholderData}
        onPrevious={pages.previous}
        onNext={(cursor) => pages.next(cursor, 1)}
      />
    </section>
  );
}
