import { useQuery } from "@tanstack/react-query";
import type { ShowcaseView } from "../../../shared/schemas/showcase";
import { callQuery } from "@/lib/api";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { sameSiteUrl } from "@/lib/media-url";

// The contract (and zod) is imported when the call is made: the landing page's first load carries neither (decision 0056).
const readShowcase = callQuery(() => import("../../../shared/api/showcase").then((m) => m.showcaseApi.current));

/**
 * GET /api/showcase (decision 0081), read after the page has come to life: the pre-rendered page
 * knows nothing of it (undefined while unknown). Our own media play from the page's own host.
 */
export function useShowcase(): ShowcaseView | undefined {
  const { data } = useQuery({
    queryKey: firstLoadKeys.showcase,
    queryFn: readShowcase,
    staleTime: 60_000,
    select: (view: ShowcaseView): ShowcaseView => ({
      ...view,
      videos: view.videos.map((v) => ({ ...v, videoUrl: sameSiteUrl(v.videoUrl) })),
    }),
  });
  return data;
}
