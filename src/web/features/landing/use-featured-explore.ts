import { useQuery } from "@tanstack/react-query";
import type { ExploreVideo } from "../../../shared/schemas/explore";
import { callQuery } from "@/lib/api";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { sameSiteUrl } from "@/lib/media-url";

// The contract (and zod) is imported when the call is made, as the showcase's is: the landing
// page's first load carries neither (decision 0056).
const readFeatured = callQuery(() => import("../../../shared/api/explore").then((m) => m.exploreApi.feed), {
  query: { featured: "true" },
});

/** How many of the community's featured videos the landing page shows: a full reel. */
const FEATURED_MAX = 6;

/**
 * GET /api/explore?featured=true (decision 0166): the Explore videos an admin featured, read after
 * the page has come to life; empty while unknown, when Explore is off or nothing is featured, and
 * when the call fails (the row is a nicety: the page does not wait for it).
 */
export function useFeaturedExplore(): ExploreVideo[] {
  const { data } = useQuery({
    queryKey: firstLoadKeys.featuredExplore,
    queryFn: readFeatured,
    staleTime: 60_000,
    retry: false,
    select: (feed): ExploreVideo[] =>
      feed.enabled
        ? feed.videos.slice(0, FEATURED_MAX).map((v) => ({
            ...v,
            videoUrl: sameSiteUrl(v.videoUrl),
            posterUrl: sameSiteUrl(v.posterUrl),
          }))
        : [],
  });
  return data ?? [];
}
