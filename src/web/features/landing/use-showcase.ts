import { useQuery } from "@tanstack/react-query";
import type { ShowcaseVideo, ShowcaseView } from "../../../shared/schemas/showcase";
import { callQuery } from "@/lib/api";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { sameSiteUrl } from "@/lib/media-url";

// The contract (and zod) is imported when the call is made: the landing page's first load carries neither (decision 0056).
const readShowcase = callQuery(() => import("../../../shared/api/showcase").then((m) => m.showcaseApi.current));

const onThisHost = (v: ShowcaseVideo): ShowcaseVideo => ({
  ...v,
  videoUrl: sameSiteUrl(v.videoUrl),
  posterUrl: sameSiteUrl(v.posterUrl),
});

/**
 * GET /api/showcase (decision 0081), read after the page has come to life: the pre-rendered page
 * knows nothing of it (undefined while unknown). Our own media (videos, posters) load from the
 * page's own host; each model's sample comes with it (decision 0166).
 */
export function useShowcase(): ShowcaseView | undefined {
  const { data } = useQuery({
    queryKey: firstLoadKeys.showcase,
    queryFn: readShowcase,
    staleTime: 60_000,
    select: (view: ShowcaseView): ShowcaseView => ({
      ...view,
      videos: view.videos.map(onThisHost),
      modelSamples: view.modelSamples.map(onThisHost),
    }),
  });
  return data;
}
