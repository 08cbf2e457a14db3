import { useCallback } from "react";
import { useLocation, useSearchParams } from "wouter";
import { useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { ErrorState } from "@/components/ui/list-states";
import { PageLoading } from "@/components/ui/page-loading";
import { Pagination } from "@/components/ui/pagination";
import { useUrlFilters } from "@/hooks/use-url-filters";
import { errorMessage } from "@/lib/api";
import { EmptyGalleryPage, NoMatches, NoVideosYet } from "./gallery-empty-states";
import { GalleryFilterBar } from "./gallery-filter-bar";
import {
  filtersFrom,
  hasGalleryFilters,
  NO_GALLERY_FILTERS,
  pageFrom,
  searchFor,
  type GalleryFilters,
} from "./gallery-filters";
import { SelectionBar, useGallerySelection } from "./gallery-selection";
import { GallerySummary } from "./gallery-summary";
import { stashRecreate } from "./recreate";
import { useTaskSelection } from "./use-task-selection";
import { useVideoTaskPage } from "./use-video-tasks";
import { GALLERY_PAGE_SIZE } from "./video-api";
import { VideoGrid } from "./video-card";
import { VideoDetailsDialog } from "./video-details-dialog";

/**
 * The gallery: 20 videos a page, refreshed every 5 s, details in a dialog; searched, filtered
 * and sorted from the address (decision 0080); several selected and deleted at once.
 */
export function Gallery() {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const page = pageFrom(searchParams);
  // A new search or filter leaves out the page: it starts at the first.
  const [filters, changeFilters] = useUrlFilters(filtersFrom, searchFor);
  const filtered = hasGalleryFilters(filters);
  const query = useVideoTaskPage(page, filters, true);
  const tasks = query.data?.tasks;
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  const details = useTaskSelection(tasks);
  const selection = useGallerySelection();
  const { stop: stopSelecting } = selection;

  const goTo = (next: number) => {
    setSearchParams(searchFor(filters, next));
    window.scrollTo({ top: 0 });
  };
  const setFilters = useCallback(
    (patch: Partial<GalleryFilters>, options?: { replace?: boolean }) => {
      // Another list: nothing stays selected.
      stopSelecting();
      changeFilters(patch, options);
    },
    [changeFilters, stopSelecting],
  );

  const recreate = (task: VideoTaskView) => {
    stashRecreate(task);
    details.close();
    navigate("/generate");
  };

  if (query.isPending) return <PageLoading label={t`Loading your videos`} />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        className="mx-auto max-w-md py-16"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (total === 0 && !filtered) return <NoVideosYet />;
  const shownPage = Math.min(page, pageCount);

  return (
    <>
      <GalleryFilterBar value={filters} onChange={setFilters} />
      {selection.selecting ? (
        <SelectionBar
          selected={selection.selected}
          pageTasks={tasks ?? []}
          onSelectAll={() => selection.selectAll(tasks ?? [])}
          onDone={selection.stop}
        />
      ) : null}
      <GallerySummary
        total={total}
        filtered={filtered}
        shownPage={shownPage}
        pageCount={pageCount}
        onSelect={!selection.selecting && total > 0 ? selection.start : undefined}
      />
      {tasks && tasks.length > 0 ? (
        <VideoGrid tasks={tasks} onOpen={details.open} selection={selection.cards} />
      ) : total === 0 ? (
        <NoMatches onClear={() => setFilters({ ...NO_GALLERY_FILTERS, sort: filters.sort })} />
      ) : (
        <EmptyGalleryPage onFirstPage={() => goTo(1)} />
      )}
      <Pagination className="mt-8" label={t`Video pages`} page={page} pageCount={pageCount} onPageChange={goTo} />
      <VideoDetailsDialog task={details.task} onClose={details.close} onRecreate={recreate} />
    </>
  );
}
