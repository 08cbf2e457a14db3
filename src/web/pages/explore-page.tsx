import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/ui/page-header";
import { ExploreFeed } from "@/features/explore/explore-feed";
import { ExploreFilterBar } from "@/features/explore/explore-filter-bar";
import { exploreFiltersFromParams, exploreFiltersToParams } from "@/features/explore/explore-filters";
import { ReportDialog } from "@/features/explore/report-dialog";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useUrlFilters } from "@/hooks/use-url-filters";

/**
 * /explore (issue 72, decision 0165): the videos people chose to publish, newest or most remixed,
 * by model and shape; each card plays on hover and has Remix. `?report=<id>` opens the report
 * dialog for that video (the share page links there).
 */
export function ExplorePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Explore`);
  const [filters, setFilters] = useUrlFilters(exploreFiltersFromParams, exploreFiltersToParams);
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:py-10">
      <PageHeader
        title={
          <Trans>
            <span className="text-gradient">Explore</span> what people make
          </Trans>
        }
        description={
          <Trans>
            Videos the community chose to share. Hover to play, open one to see how it was made, or Remix it.
          </Trans>
        }
      />
      <ExploreFilterBar value={filters} onChange={(patch) => setFilters(patch)} />
      <ExploreFeed
        filters={filters}
        filtered={filters.model !== null || filters.shape !== null}
        onReport={(report) => setFilters({ report })}
      />
      <ReportDialog id={filters.report} onClose={() => setFilters({ report: null }, { replace: true })} />
    </div>
  );
}
