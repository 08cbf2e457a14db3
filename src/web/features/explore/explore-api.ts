/**
 * Explore's calls on the web (issue 72, decision 0165): the feed's pages (newest or most remixed, by
 * model and shape, the cursor for Load more) and a visitor's report. Every call names its contract
 * (shared/api/explore.ts); the query keys are the URLs they fetch (decision 0037).
 */
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { exploreApi } from "../../../shared/api/explore";
import type { ExploreFeed, ExploreReportInput } from "../../../shared/schemas/explore";
import { call, urlFor } from "@/lib/api";
import { sameSiteUrl } from "@/lib/media-url";
import type { ExploreFilters } from "./explore-filters";

/** The feed's query, one per sort and filter; its pages follow the server's cursor. */
const exploreFeedKey = (filters: ExploreFilters) =>
  [
    urlFor(exploreApi.feed, {
      query: {
        sort: filters.sort,
        ...(filters.model ? { model: filters.model } : {}),
        ...(filters.shape ? { shape: filters.shape } : {}),
      },
    }),
  ] as const;

/** Our own media play from the page's own host (lib/media-url.ts). */
const onThisHost = (feed: ExploreFeed): ExploreFeed => ({
  ...feed,
  videos: feed.videos.map((v) => ({ ...v, videoUrl: sameSiteUrl(v.videoUrl), posterUrl: sameSiteUrl(v.posterUrl) })),
});

export function useExploreFeed(filters: ExploreFilters) {
  return useInfiniteQuery({
    queryKey: exploreFeedKey(filters),
    queryFn: async ({ pageParam, signal }) =>
      onThisHost(
        await call(exploreApi.feed, {
          query: {
            sort: filters.sort,
            model: filters.model ?? undefined,
            shape: filters.shape ?? undefined,
            cursor: pageParam ?? undefined,
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });
}

/** A visitor's report of a published video (rate-limited by the server: 429 says the wait). */
export function useReportVideo(id: string) {
  return useMutation({
    mutationFn: (body: ExploreReportInput) => call(exploreApi.report, { params: { id }, body }),
  });
}
