/** GET /api/admin/overview for one range, through the route's shared contract (decision 0069). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminOverviewApi } from "../../../../shared/api/admin-overview";
import type { OverviewRange } from "../../../../shared/schemas/admin-overview";
import { callQuery } from "@/lib/api";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";

/** Refreshed every minute while open; the previous range stays on screen while the next one loads. */
export function useAdminOverview(range: OverviewRange) {
  return useQuery({
    queryKey: adminQueryKeys.overview(range),
    queryFn: callQuery(adminOverviewApi.get, { query: { range } }),
    staleTime: 0,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The set-up checklist and the generation warning: asked again whenever the overview is shown, and every minute. */
export function useAdminSetup() {
  return useQuery({
    queryKey: adminQueryKeys.setup,
    queryFn: callQuery(adminOverviewApi.setup),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
