import { lazy, Suspense } from "react";
import { useFeaturedExplore } from "./use-featured-explore";

const CommunityReel = lazy(() => import("./community-reel"));

/**
 * "From the community" (decision 0166): the Explore videos an admin featured, beside the owner's
 * showcase. Read after the page comes to life, its code fetched then; drawn only when there are some.
 */
export function CommunitySection() {
  const videos = useFeaturedExplore();
  if (videos.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CommunityReel videos={videos} />
    </Suspense>
  );
}
