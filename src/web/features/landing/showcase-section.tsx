import { lazy, Suspense } from "react";
import { useShowcase } from "./use-showcase";

const ShowcaseReel = lazy(() => import("./showcase-reel"));

/**
 * The videos the admin chose (decision 0081), or the simulator's labelled sample clips while no
 * video is chosen and videos are simulated, as a balanced reel (decisions 0081, 0166). Read after
 * the page comes to life, its code fetched then (the first load stays small); until then, and on
 * a live install with nothing chosen, the section is not drawn.
 */
export function ShowcaseSection() {
  const showcase = useShowcase();
  if (!showcase || showcase.videos.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ShowcaseReel showcase={showcase} />
    </Suspense>
  );
}
