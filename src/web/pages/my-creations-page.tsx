import { useCallback } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { Clapperboard, ListChecks, Plus, RefreshCw, SearchX, Sparkles } from "lucide-react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../shared/videos";
import { PageLoading } from "@/components/ui/page-loading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { GalleryFilterBar } from "@/features/videos/gallery-filter-bar";
import {
  filtersFrom,
  hasGalleryFilters,
  NO_GALLERY_FILTERS,
  pageFrom,
  searchFor,
  type GalleryFilters,
} from "@/features/videos/gallery-filters";
import { SelectionBar, useGallerySelection } from "@/features/videos/gallery-selection";
import { stashRecreate } from "@/features/videos/recreate";
import { useTaskSelection } from "@/features/videos/use-task-selection";
import { useVideoTaskPage } from "@/features/videos/use-video-tasks";
import { GALLERY_PAGE_SIZE } from "@/features/videos/video-api";
import { VideoGrid } from "@/features/videos/video-card";
import { VideoDetailsDialog } from "@/features/videos/video-details-dialog";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useUrlFilters } from "@/hooks/use-url-filters";
import { errorMessage } from "@/lib/api";

function EmptyState() {
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-14 items-center justify-center rounded-2xl border border-border bg-surface-raised">
          <Clapperboard className="size-6 text-fuchsia-300" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">
          <Trans>No videos yet</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Every video you generate is kept here with its details and downloads.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg">
          <Link href="/generate">
            <Sparkles aria-hidden="true" />
            <Trans>Create Your First Video</Trans>
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Nothing matches the search and filters. */
function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="grid justify-items-center gap-4 py-12 text-center" role="status">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-muted-foreground">
        <Trans>No videos match your search and filters.</Trans>
      </p>
      <Button variant="secondary" onClick={onClear}>
        <Trans>Clear filters</Trans>
      </Button>
    </div>
  );
}

/**
 * The gallery: 20 videos a page, refreshed every 5 s, details in a dialog; searched, filtered
 * and sorted from the address (decision 0080); several selected and deleted at once.
 */
function Gallery() {
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
      <div className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center" role="alert">
        <p className="text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (total === 0 && !filtered) return <EmptyState />;
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
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <p aria-live="polite">
          {filtered ? (
            <Plural value={total} one="# video matches" other="# videos match" />
          ) : (
            <Plural value={total} one="# video" other="# videos" />
          )}
        </p>
        <div className="flex items-center gap-3">
          {pageCount > 1 ? (
            <p>
              <Trans>
                Page {shownPage} of {pageCount}
              </Trans>
            </p>
          ) : null}
          {!selection.selecting && total > 0 ? (
            <Button variant="outline" size="sm" onClick={selection.start}>
              <ListChecks aria-hidden="true" />
              <Trans>Select</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      {tasks && tasks.length > 0 ? (
        <VideoGrid tasks={tasks} onOpen={details.open} selection={selection.cards} />
      ) : total === 0 ? (
        <NoMatches onClear={() => setFilters({ ...NO_GALLERY_FILTERS, sort: filters.sort })} />
      ) : (
        <div className="grid justify-items-center gap-4 py-12 text-center">
          <p className="text-muted-foreground">
            <Trans>This page is empty.</Trans>
          </p>
          <Button variant="secondary" onClick={() => goTo(1)}>
            <Trans>Back to the first page</Trans>
          </Button>
        </div>
      )}
      <Pagination className="mt-8" label={t`Video pages`} page={page} pageCount={pageCount} onPageChange={goTo} />
      <VideoDetailsDialog task={details.task} onClose={details.close} onRecreate={recreate} />
    </>
  );
}

export function MyCreationsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My Creations`);
  const { user, isResolved } = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            <Trans>My Creations</Trans>
          </h1>
          <p className="mt-2 text-muted-foreground">
            <Trans>All your generated videos: watch, download in 720p or 1080p HD, or recreate them.</Trans>
          </p>
        </div>
        {user ? (
          <Button asChild>
            <Link href="/generate">
              <Plus aria-hidden="true" />
              <Trans>New Video</Trans>
            </Link>
          </Button>
        ) : null}
      </header>
      {user ? (
        <Gallery />
      ) : isResolved ? (
        <SignInPrompt
          title={t`Sign in to see your creations`}
          description={t`Your generated videos, their details and downloads live here.`}
        />
      ) : (
        <PageLoading label={t`Loading your videos`} />
      )}
    </div>
  );
}
