/** GET /api/admin/overview for one range, read with the route's schema (decision 0040). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminOverviewSchema, type OverviewRange } from "../../../../shared/schemas/admin-overview";
import { schemaQueryFn } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** Refreshed every minute while open; the previous range stays on screen while the next one loads. */
export function useAdminOverview(range: OverviewRange) {
  const queryKey = queryKeys.admin.overview(range);
  return useQuery({
    queryKey,
    queryFn: schemaQueryFn(adminOverviewSchema, queryKey[0]),
    staleTime: 0,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
